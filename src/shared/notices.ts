import type { ApiError } from './api-result'
import english from './locales/en/notices.json'
import { fillTemplate, flattenMessages } from './script-en'

/**
 * The host's notices (a damaged settings file set aside, a journal recovered, nothing being saved…)
 * as line ids under `notices.` in the notices area, with parameters — the referee window shows them
 * in its language — and the same in English from the English locale file (the CLI, logs, tests).
 * A notice is one sentence (`key`) and, where the case needs it, further sentences (`more`). Paths,
 * file names, step numbers and the system's own error text are parameters, shown as they are.
 * Why a file was damaged is a line too (`why`, under `notices.why.`), filling the first sentence's
 * `{why}`; a refusal inside it (the rules refused a step, a game file's problem) is its `error`,
 * by code, filling the reason's `{error}` — so no English reason reaches another language.
 */
const NOTICES_EN: Record<string, string> = flattenMessages(english.notices)

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

export const NOTICE_IDS: readonly string[] = Object.keys(NOTICES_EN)

/** One sentence of a notice. */
export function noticeLine(key: string, params: Record<string, string | number> = {}): NoticeLine {
  if (!(key in NOTICES_EN)) throw new Error(`Not a notice id: ${key}`)
  return { key, params }
}

/** Why a file was damaged (`why.<id>`), with a refusal by code where the reason is one. */
export function noticeReason(key: string, params: Record<string, string | number> = {}, error?: ApiError): NoticeReason {
  const line = noticeLine(key, params)
  return error ? { ...line, error: { code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) } } : line
}

/** English for one sentence. */
export const noticeLineEnglish = (l: NoticeLine): string => fillTemplate(NOTICES_EN[l.key] ?? l.key, l.params)

/** English for a reason: its refusal's English words in `{error}`. */
export const noticeReasonEnglish = (r: NoticeReason): string =>
  fillTemplate(NOTICES_EN[r.key] ?? r.key, r.error ? { ...r.params, error: r.error.message } : r.params)

/** A notice: its first sentence (its `{why}` filled from `why`), then any further ones; the English message filled in. */
export function notice(key: string, params: Record<string, string | number> = {}, more: NoticeLine[] = [], why?: NoticeReason): Notice {
  const head = noticeLine(key, params)
  const first = fillTemplate(NOTICES_EN[key]!, why ? { ...params, why: noticeReasonEnglish(why) } : params)
  const message = [first, ...more.map(noticeLineEnglish)].join(' ')
  return { ...head, ...(more.length ? { more } : {}), ...(why ? { why } : {}), message }
}
