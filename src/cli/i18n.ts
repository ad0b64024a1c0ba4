import { isLanguage, LANGUAGE_IDS, type Language } from '../shared/languages'
import { translate } from '../shared/messages'
import { listOf, nightName, withNightName, type Say } from '../shared/phrasing'
import { caseRoles, markedNameParams, roleName, teamName } from '../shared/role-names'
import type { RoleId, Winner } from '../shared/roles'
import type { RulesetNames } from '../shared/ruleset'
import type { Line, PublicAnnouncement } from '../shared/views'
import { cliText, UsageError } from './command'
import type { Ruleset } from '../shared/ruleset'
import { namedText, rulesetName } from '../shared/role-names'

/**
 * The CLI's --lang: the referee's script, the announcements, the role names and the CLI's own
 * framing (headings, tables, `error:`, the command list) in one of the app's languages, from the
 * same locale files as the windows (src/shared/locales; the CLI's own words are the `cli` area).
 */
const CODES = LANGUAGE_IDS.join(', ')

export { cliText }

/** `--lang`'s help line in `lang`: the accepted codes. */
export const langHelp = (lang: Language): string => `--lang LANG  ${cliText(lang, 'lang', { codes: CODES })}`

export function parseLang(value: unknown): Language {
  if (value === undefined) return 'en'
  if (isLanguage(value)) return value
  throw new UsageError('unknownLanguage', { value: String(value), codes: CODES })
}

/** The language asked for anywhere on the command line (`--lang xx`, `--lang=xx`), for the framing; English if none or unknown. */
export function langOfArgv(argv: readonly string[]): Language {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const v = a === '--lang' ? argv[i + 1] : a.startsWith('--lang=') ? a.slice(7) : undefined
    if (v !== undefined && isLanguage(v)) return v
  }
  return 'en'
}

export const LANGUAGE_CODES = CODES

/** A script line in `lang`; a `role` parameter (a role id) is named from the ruleset's names in `lang`. */
export function localLine(lang: Language, l: Line, names: RulesetNames): string {
  const params = withNightName(sayIn(lang), markedNameParams(l.params, names, lang))
  if (l.key === 'step.castVote' && typeof params.choice === 'string' && ['true', 'false', 'null'].includes(params.choice))
    params.choice = translate(lang, `stepChoice.${params.choice}`)
  return caseRoles(translate(lang, `script.${l.key}`, params), lang)
}

/** The locale files' words in `lang`, as phrasing.ts asks for them. */
export const sayIn =
  (lang: Language): Say =>
  (key, params, plural) =>
    translate(lang, key, params, plural)

/** A public announcement as the projector shows it in `lang`. */
export function localAnnouncement(lang: Language, a: PublicAnnouncement, name: (seat: number) => string, names: RulesetNames): string {
  const withRole = (text: string, role: RoleId | null) => (role ? translate(lang, 'announce.withRole', { text, role: roleName(names, role, lang) }) : text)
  switch (a.kind) {
    case 'nightResult':
      return a.deaths.length
        ? translate(lang, 'announce.nightDeaths', { night: nightName(sayIn(lang), a.night), names: listOf(lang, a.deaths.map(name)) }, a.deaths.length)
        : translate(lang, 'announce.nightNobody', { night: nightName(sayIn(lang), a.night) })
    case 'executed':
      return withRole(translate(lang, 'announce.executed', { name: name(a.player) }), a.role)
    case 'randomDeath':
      return withRole(translate(lang, 'announce.randomDeath', { name: name(a.player) }), a.role)
    case 'noExecution':
      return translate(lang, `announce.noExecution.${a.reason}`, { day: a.day })
    case 'voteResult':
      return translate(lang, `announce.voteResult.${a.vote}${a.passed ? '' : 'Failed'}`, { name: name(a.player), yes: a.yes, needed: a.needed }, a.yes)
    case 'refereeHandover':
      return translate(lang, 'announce.handover', { name: name(a.player) })
    case 'gameOver':
      return winnerText(lang, names, a.winner)
  }
}

/** The winner line: the winning team as the ruleset names it in `lang`, or the draw. */
export function winnerText(lang: Language, names: RulesetNames, winner: Winner): string {
  return winner === 'draw' ? translate(lang, 'winner.draw') : translate(lang, 'winner.team', { team: teamName(names, winner, lang) })
}

/** A setup check's line (a problem or a warning) in `lang`, its roles and ruleset named as `r` names them there. */
export function checkText(lang: Language, line: Line & { message?: string }, r: Ruleset): string {
  if (lang === 'en' && line.message !== undefined) return line.message
  const params = typeof line.params.ruleset === 'string' ? { ...line.params, ruleset: rulesetName(line.params.ruleset, lang) } : line.params
  return namedText((p) => translate(lang, `check.${line.key}`, p), params, r, lang)
}

/** A number as `lang` writes it ("10 000", "10,000"); `digits` fixes the decimals. */
export const num = (lang: Language, x: number, digits?: number): string =>
  x.toLocaleString(lang, digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits })
