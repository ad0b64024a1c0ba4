import type { Language } from '../languages'
import { labelled, listOf, type Say } from '../phrasing'
import * as names from '../role-names'
import type { RoleId, Winner } from '../roles'
import type { RulesetNames } from '../ruleset'
import type { PublicAnnouncement, RoleNames } from '../views'
import { announcementLine, winnerLine, type AnnouncedSeats } from './announcement'
import { lineText, wordsLanguage, type Words } from './line'

/**
 * The words of the room's screen, as the board and what it is made of use them: plain functions of
 * the words (line.ts's `Words`), so a phone loads no vue-i18n — nor Vue. The windows' composables
 * (src/renderer/shared/composables: useRoleNames, useAnnouncements) call them with the words they
 * inject; the phone's page with its small lookup (src/renderer/player/words.ts); the CLI with the
 * locale files' (`wordsIn`).
 */

/** Every role placeholder filled with its role id: `{mafia}`, `{investigator}`, `{doctor}`, `{citizen}` (and their definite forms). */
const ALL_ROLES: Readonly<Record<string, string>> = { mafia: 'mafia', investigator: 'investigator', doctor: 'doctor', citizen: 'citizen' }

/**
 * Role, team and ruleset names in the words' language, from the ruleset's own names
 * (src/shared/role-names.ts): a preset's words come from the glossary, a club's own as it typed them.
 */
export function roomNames(words: Words) {
  const { t } = words
  const lang = (): Language => wordsLanguage(words)

  const roleName = (n: RulesetNames, role: RoleId): string => names.roleName(n, role, lang())
  const roleParams = (n: RulesetNames, role: RoleId, key = 'role'): Record<string, string> => names.roleParams(n, role, lang(), key)
  /** All four names at once, for the components that take a RoleNames. */
  const localRoleNames = (n: RulesetNames): RoleNames => names.roleNamesIn(n, lang())
  const teamName = (n: RulesetNames, team: names.Team): string => names.teamName(n, team, lang())
  const rulesetName = (name: string): string => names.rulesetName(name, lang())

  /**
   * A message whose role parameters (`{mafia}`, `{investigator}`, … holding role ids) are named as this
   * ruleset names them in the words' language, each cased for its place in the sentence.
   */
  const namedText = (n: RulesetNames, key: string, params: Record<string, string | number> = ALL_ROLES): string =>
    names.namedText((p) => t(key, p), params, n, lang())

  /** The winner line: the winning team as this ruleset names it ("村人の勝利"), or the draw. */
  const winnerText = (n: RulesetNames, winner: Winner): string => lineText(words, winnerLine(winner), n)

  return { roleName, roleParams, localRoleNames, teamName, rulesetName, winnerText, namedText, lang }
}

/** Lists and labels in the words' language (src/shared/phrasing.ts): no ", " or ": " typed in a component. */
export function roomPhrasing({ locale, t }: Words) {
  return {
    /** Names in a sentence: "Anna, Bence and Csilla". */
    list: (items: readonly string[]) => listOf(locale.value, items),
    /** Names on the board (hands): "Anna, Bence, Csilla", 「Anna、Bence、Csilla」. */
    short: (items: readonly string[]) => listOf(locale.value, items, 'short'),
    /** "Suspects: Anna and Bence", 「容疑者：…」. */
    labelled: (label: string, value: string) => labelled(t as Say, label, value),
  }
}

/** Words for the public announcements (projector, referee preview and phones alike): their lines (announcement.ts) in the words' language. */
export function announcementText(words: Words) {
  return (a: PublicAnnouncement, seats: AnnouncedSeats, names: RulesetNames): string => lineText(words, announcementLine(a, seats), names)
}
