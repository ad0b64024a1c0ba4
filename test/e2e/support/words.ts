/**
 * The words the pages show, built from the same English messages (src/shared/locales/en/*.json),
 * so the end-to-end tests check meaning (numbers, names, phases) and survive rewording.
 */
import { fill, lookup, pluralForm } from '../../../src/shared/messages'
import { nightName as sharedNightName } from '../../../src/shared/phrasing'
import { ROLE_IDS, type RoleId, type Winner } from '../../../src/shared/roles'
import type { Ruleset } from '../../../src/shared/ruleset'

type Params = Record<string, string | number>

/** vue-i18n's message syntax as the app uses it: `{name}` fields and `a | b | c` plurals (0 | 1 | n). */
export function t(path: string, params: Params = {}, count?: number, lang = 'en'): string {
  const message = lookup(lang, path)
  if (message === undefined) throw new Error(`no ${lang} message ${path}`)
  return fill(count === undefined ? message : pluralForm(message, count), params)
}

/** Collapse runs of white space, as the eye reads the page. */
export const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim()

export type Stage = 'discussion' | 'defence' | 'vote' | 'lastWords' | 'nominating'

/** A night's name as the pages write it: night 0 is the introduction night (src/shared/phrasing.ts). */
export const nightName = (n: number): string => sharedNightName((key, params) => t(key, params), n)

/** The heading both pages show: "Night 2", "Day 3 · Vote", "Game over". */
export function phaseTitle(phase: 'night' | 'day' | 'over', night: number, day: number, stage: Stage | null): string {
  if (phase === 'over') return t('phase.over')
  if (phase === 'night') return nightName(night)
  return squash(`${t('phase.day', { n: day })}${stage ? ` · ${t(`stage.${stage}`)}` : ''}`)
}

/** The winner line: the winning team as the ruleset names it in English, or the draw. */
export const winnerText = (winner: Winner, ruleset: Ruleset): string =>
  winner === 'draw' ? t('winner.draw') : t('winner.team', { team: ruleset.names.en.teamNames[winner] })

/**
 * Every word that names a role of this ruleset: display names, native names and the role ids
 * (ids appear in class names such as `role-mafia`). Used to prove a page does not leak a role.
 */
export function roleWords(ruleset: Ruleset, role: RoleId): string[] {
  return [...new Set([...Object.values(ruleset.names).map((w) => w.roleNames[role]), role])]
}

export const ALL_ROLES: readonly RoleId[] = ROLE_IDS

/** Does `text` contain `word` as a whole word (letters and digits around it do not count as a boundary)? */
export function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text)
}

/** The passage around the first whole-word match, to show in a failure. */
export function around(text: string, word: string, span = 120): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(text)
  if (!m) return ''
  return text.slice(Math.max(0, m.index - span), m.index + word.length + span)
}
