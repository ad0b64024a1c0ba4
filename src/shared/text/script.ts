import type { RulesetNames } from '../ruleset'
import { lineText, type Line, type Words } from './line'

/**
 * The referee's script, the undo label and the game log: the engine's lines (src/engine/views),
 * `script.<line id>` in the locale files (script.json). Parameters are values, never message syntax,
 * so a player's name is shown as typed; a `role` parameter is a role id, named from the ruleset's
 * names (`{role}`, and `{theRole}` where a language needs the definite form), in running text's case
 * inside a sentence ("(Csendben) Felügyelő: …", "… egy másik maffiózó").
 */

/** A clock line with negative seconds is worded as time taken off (never "-30 s added"). */
const TAKEN_OFF: Readonly<Record<string, string>> = { 'step.addTime': 'step.removeTime', 'step.addTimeGroup': 'step.removeTimeGroup' }

/** A raised hand's choice as the command holds it: yes, no, or none (`stepChoice.*`); a candidate's name otherwise. */
const CHOICES = ['true', 'false', 'null']

/** The line's message id, with its words: the clock's and the vote's parameters made readable. */
export function scriptLine(line: Line): Line {
  const params = { ...line.params }
  let key = line.key
  const choice = params.choice
  if (key === 'step.castVote' && typeof choice === 'string' && CHOICES.includes(choice)) params.choice = { line: { key: `stepChoice.${choice}`, params: {} } }
  const takenOff = TAKEN_OFF[key]
  if (takenOff && typeof params.seconds === 'number' && params.seconds < 0) {
    key = takenOff
    params.seconds = -params.seconds
  }
  return { ...line, key, params }
}

/** A script or log line in the words' language. */
export const scriptText = (words: Words, line: Line, names?: RulesetNames): string => lineText(words, scriptLine(line), names, 'script.')
