import english from './locales/en/notices.json'
import { fillTemplate, flattenMessages } from './script-en'

/**
 * The host's notices (a damaged settings file set aside, a journal recovered, nothing being saved…)
 * as line ids under `notices.` in the notices area, with parameters — the referee window shows them
 * in its language — and the same in English from the English locale file (the CLI, logs, tests).
 * A notice is one sentence (`key`) and, where the case needs it, further sentences (`more`). Paths,
 * file names, step numbers and the system's own error text are parameters, shown as they are.
 */
const NOTICES_EN: Record<string, string> = flattenMessages(english.notices)

export interface NoticeLine {
  key: string
  params: Record<string, string | number>
}

export interface Notice extends NoticeLine {
  /** Further sentences of the same notice, each a line id under `notices.`. */
  more?: NoticeLine[]
  /** The whole notice in English. */
  message: string
}

export const NOTICE_IDS: readonly string[] = Object.keys(NOTICES_EN)

/** One sentence of a notice. */
export function noticeLine(key: string, params: Record<string, string | number> = {}): NoticeLine {
  if (!(key in NOTICES_EN)) throw new Error(`Not a notice id: ${key}`)
  return { key, params }
}

/** English for one sentence. */
export const noticeLineEnglish = (l: NoticeLine): string => fillTemplate(NOTICES_EN[l.key] ?? l.key, l.params)

/** A notice: its first sentence, then any further ones; the English message filled in. */
export function notice(key: string, params: Record<string, string | number> = {}, more: NoticeLine[] = []): Notice {
  const head = noticeLine(key, params)
  const message = [head, ...more].map(noticeLineEnglish).join(' ')
  return more.length ? { ...head, more, message } : { ...head, message }
}
