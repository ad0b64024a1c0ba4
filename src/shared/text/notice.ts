import type { ApiError } from '../api-result'
import type { Notice, NoticeLine, NoticeReason } from '../notice-types'
import { sentences, type Say } from '../phrasing'
import { lineText, type Line, type Words } from './line'

/**
 * The host's notices (src/shared/notices.ts) as lines: each sentence `notices.<key>` with its
 * parameters (paths, file names, steps and the system's own error text shown as they are); why a
 * file was damaged is a line of its own (`notices.why.<id>`) filling the first sentence's `{why}`,
 * and a refusal inside it fills the reason's `{error}` — worded by `error`, by its code (the
 * window's `errorText`; the English message's own `message`).
 */
type ErrorWords = (e: ApiError) => string

const noticeKey = (l: NoticeLine): Line => ({ key: `notices.${l.key}`, params: l.params })

/** Why a file was damaged, as a line. */
export const reasonLine = (r: NoticeReason, error: ErrorWords): Line =>
  r.error ? { key: `notices.${r.key}`, params: { ...r.params, error: error(r.error) } } : noticeKey(r)

/** A notice's sentences as lines: the first (its `{why}` filled), then any further ones. */
export function noticeLines(n: Pick<Notice, 'key' | 'params' | 'more' | 'why'>, error: ErrorWords): Line[] {
  const head = n.why ? { key: `notices.${n.key}`, params: { ...n.params, why: { line: reasonLine(n.why, error) } } } : noticeKey(n)
  return [head, ...(n.more ?? []).map(noticeKey)]
}

/** A notice in the words' language, its sentences one after another as the language writes them (`join.sentences`). */
export function noticeText(words: Words, n: Pick<Notice, 'key' | 'params' | 'more' | 'why'>, error: ErrorWords): string {
  return sentences(
    words.t as Say,
    noticeLines(n, error).map((l) => lineText(words, l)),
  )
}
