import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../languages'
import { listOf, nightName, withNightName, type Say } from '../phrasing'
import { caseRoles, markedNameParams, roleName, rulesetName, teamName, type Team } from '../role-names'
import type { RoleId } from '../roles'
import type { RulesetNames } from '../ruleset-names'

/**
 * Every line a person reads — the referee's script, the log, the room's announcements, the story —
 * is a `Line`: a message key and its parameters, made once (the engine's views, src/shared/text)
 * and turned into words by `lineText`, the one function that does it, for the windows, the phone,
 * the TV and the CLI alike.
 */

/**
 * A line's parameter: a value shown as it is (a player's name as typed, a number), or typed words
 * the language supplies — another line, a list joined as the language joins one ("Anna, Bence and
 * Csilla", 「Anna、Bence」), a role or a team as the ruleset names it, a night by its name, a
 * ruleset by its name (a preset's translated from the glossary, a club's as it was given).
 * (A plain string under `role`, `mafia`, `investigator`, `doctor` or `citizen` holding a role id,
 * `team` holding a team id, or a number under `night`, is named the same way: the script's lines.)
 */
export type LineParam =
  | string
  | number
  | { readonly line: Line }
  | { readonly list: readonly LineParam[]; readonly style?: 'and' | 'short' }
  | { readonly role: RoleId }
  | { readonly team: Team }
  | { readonly night: number }
  | { readonly ruleset: string }

export interface Line<P extends LineParam = LineParam> {
  key: string
  params: Record<string, P>
  /** The number that picks the plural form (`a | b | c`); without it a numeric `count` or `n` parameter does. */
  count?: number
}

/** A line of plain values (names as typed, numbers, ids): the engine's script and log, the setup check. */
export type PlainLine = Line<string | number>

/**
 * The words a line is rendered with: a message by key (named values, and a count that picks the
 * plural form) and the language shown. vue-i18n's global composer is one (the windows), the
 * phone's small lookup another (src/renderer/player/words.ts), the locale files' `translate` bound
 * to a language a third (`wordsIn`, src/shared/messages.ts: the CLI and the tests).
 */
export interface Words {
  t(key: string, named?: Record<string, unknown>, plural?: number): string
  readonly locale: { readonly value: string }
}

/** The words' language (the fallback for a locale we do not have). */
export const wordsLanguage = (words: Words): Language => (isLanguage(words.locale.value) ? words.locale.value : FALLBACK_LANGUAGE)

const isFlat = (p: LineParam): p is string | number => typeof p === 'string' || typeof p === 'number'

/**
 * One parameter in the words' language: a value as it is, a nested line rendered, a list joined, a
 * role or team named from `names`, a night or a ruleset by its name (a line's label, as the rules
 * sheet's, is one).
 */
export function paramText(words: Words, p: LineParam, names?: RulesetNames): string | number {
  const lang = wordsLanguage(words)
  if (isFlat(p)) return p
  if ('line' in p) return lineText(words, p.line, names)
  if ('list' in p)
    return listOf(
      lang,
      p.list.map((x) => String(paramText(words, x, names))),
      p.style,
    )
  if ('role' in p) return names ? roleName(names, p.role, lang) : p.role
  if ('team' in p) return names ? teamName(names, p.team, lang) : p.team
  if ('ruleset' in p) return rulesetName(p.ruleset, lang)
  return nightName(words.t as Say, p.night)
}

/**
 * A line in the words' language: its typed parameters put in words (`paramText`: a nested line
 * rendered, a list joined, a role or team named from `names` — the ruleset's, view's or story's
 * names), its plain role ids named and cased for their place in the sentence, its night numbers
 * named; `prefix` (`script.` for the script and the log) goes before the key.
 */
export function lineText(words: Words, line: Line, names?: RulesetNames, prefix = ''): string {
  const lang = wordsLanguage(words)
  const say = words.t as Say
  let flat: Record<string, string | number> = {}
  const typed: Record<string, string | number> = {}
  for (const [k, p] of Object.entries(line.params)) {
    if (isFlat(p)) flat[k] = p
    else typed[k] = paramText(words, p, names)
  }
  if (names) flat = markedNameParams(flat, names, lang)
  flat = withNightName(say, flat)
  const key = prefix + line.key
  const params = { ...flat, ...typed }
  return caseRoles(line.count === undefined ? words.t(key, params) : words.t(key, params, line.count), lang)
}
