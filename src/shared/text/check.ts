import { rulesetName } from '../role-names'
import type { RulesetNames } from '../ruleset'
import { lineText, wordsLanguage, type Line, type Words } from './line'

/**
 * The setup check's lines (src/shared/setup-check.ts: a problem that stops a game, or advice) in the
 * words' language: `check.<id>` in the setup area, a role parameter named as the ruleset names it
 * (the draft's names, when there is a draft), a preset's name (`ruleset`) translated.
 */
export function checkText(words: Words, line: Line, names?: RulesetNames): string {
  const r = line.params.ruleset
  const params = typeof r === 'string' ? { ...line.params, ruleset: rulesetName(r, wordsLanguage(words)) } : line.params
  return lineText(words, { ...line, params }, names, 'check.')
}
