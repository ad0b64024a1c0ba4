import type { ApiError } from './api-result'
import common from './locales/en/common.json'
import english from './locales/en/notices.json'
import { flattenMessages } from './script-en'
import { englishWords } from './text/english'
import { lineText } from './text/line'
import { noticeText, reasonLine } from './text/notice'
import type { Notice, NoticeLine, NoticeReason } from './notice-types'

export type { Notice, NoticeLine, NoticeReason }

/**
 * The host's notices (a damaged settings file set aside, a journal recovered, nothing being saved…)
 * as line ids under `notices.` in the notices area, with parameters — the referee window shows them
 * in its language — and the same in English from the English locale file (the CLI, logs, tests).
 * A notice is one sentence (`key`) and, where the case needs it, further sentences (`more`). Paths,
 * file names, step numbers and the system's own error text are parameters, shown as they are.
 * Why a file was damaged is a line too (`why`, under `notices.why.`), filling the first sentence's
 * `{why}`; a refusal inside it (the rules refused a step, a game file's problem) is its `error`,
 * by code, filling the reason's `{error}` — so no English reason reaches another language. The
 * window and the English message put them in words the same way (src/shared/text/notice.ts).
 */
const NOTICES_EN: Record<string, string> = flattenMessages(english.notices)
const ENGLISH = englishWords(english, common)
const errorMessage = (e: ApiError): string => e.message

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

/** English for a reason: its refusal's English words in `{error}`. */
export const noticeReasonEnglish = (r: NoticeReason): string => lineText(ENGLISH, reasonLine(r, errorMessage))

/** A notice: its first sentence (its `{why}` filled from `why`), then any further ones; the English message filled in. */
export function notice(key: string, params: Record<string, string | number> = {}, more: NoticeLine[] = [], why?: NoticeReason): Notice {
  const n = { ...noticeLine(key, params), ...(more.length ? { more } : {}), ...(why ? { why } : {}) }
  return { ...n, message: noticeText(ENGLISH, n, errorMessage) }
}
