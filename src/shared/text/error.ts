import type { ApiError } from '../api-result'
import type { RulesetNames } from '../ruleset'
import type { Line } from './line'
import { refusalLine } from './refusal'

/**
 * A refusal as lines, by its code (`errors.<code>`, filled with its parameters), never the host's
 * English words: an engine refusal adds its reason (`refusals.<reason>`: "Anna is dead.") when it
 * can be worded (its roles need the game's `names`), a file problem its kind (`fileProblem.<kind>`,
 * with its path or command), a `report` parameter a short code to report. A code the locale files
 * do not know (`known`, asked of English) reads as one line with that code.
 */
export function errorLines(e: ApiError, known: (key: string) => boolean, names: RulesetNames | null): Line[] {
  const p = e.params ?? {}
  if (!known(`errors.${e.code}`)) return [{ key: 'errors.unexpected', params: { report: e.code } }]
  const lines: Line[] = [{ key: `errors.${e.code}`, params: p }]
  const reason = e.reason === undefined ? null : refusalLine(e, names)
  if (reason) lines.push(reason)
  if (typeof p.kind === 'string' && known(`fileProblem.${p.kind}`)) lines.push({ key: `fileProblem.${p.kind}`, params: p })
  if (p.report !== undefined) lines.push({ key: 'errors.report', params: p })
  return lines
}
