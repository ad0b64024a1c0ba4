import type { ApiError } from '../../shared/api'
import type { RulesetNames } from '../../shared/ruleset'
import { errorLines } from '../../shared/text/error'
import { lineText, type Words } from '../../shared/text/line'
import { sentences, type Say } from '../../shared/phrasing'

type Exists = (key: string, locale?: string) => boolean

/**
 * A refusal in the window's language, by its code, never the host's English words (which may carry
 * a schema library's text): its lines (src/shared/text/error.ts, `errorLines`) put in words by
 * `lineText`, an engine refusal's roles named from the game's `names`, one sentence after another
 * as the language writes them (`join.sentences`: a space, none in Japanese). What the window's
 * locale files know is asked of English (`te(key, 'en')`): every key is there first.
 */
export function errorText(e: ApiError, words: Words, te: Exists, names: RulesetNames | null = null): string {
  const known = (key: string): boolean => te(key, 'en')
  return sentences(
    words.t as Say,
    errorLines(e, known, names).map((l) => lineText(words, l, names ?? undefined)),
  )
}
