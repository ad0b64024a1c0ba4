import type { ApiError } from './api-result'

/** The shape of the host's notices (notices.ts makes them, text/notice.ts puts them in words). */
export interface NoticeLine {
  key: string
  params: Record<string, string | number>
}

/** Why a file was damaged: a line id under `notices.why.`; `error` (by code) fills its `{error}`. */
export interface NoticeReason extends NoticeLine {
  error?: ApiError
}

export interface Notice extends NoticeLine {
  /** Further sentences of the same notice, each a line id under `notices.`. */
  more?: NoticeLine[]
  /** The reason that fills the first sentence's `{why}`. */
  why?: NoticeReason
  /** The whole notice in English. */
  message: string
}
