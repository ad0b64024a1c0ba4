import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../shared/languages'
import { labelled, listOf, nightName, type Say } from '../../shared/phrasing'
import * as names from '../../shared/role-names'
import type { RoleId, Winner } from '../../shared/roles'
import type { RulesetNames } from '../../shared/ruleset'
import type { ProjectorSeat, PublicAnnouncement, RoleNames } from '../../shared/views'
import { seatName } from './names'

/**
 * The words of the room's screen, as the board and what it is made of use them: a message by key
 * (named values, and a count that picks the plural form), and the language shown. vue-i18n's global
 * composer is one (provided for the whole app by `createAppI18n`, src/renderer/i18n); the phone's
 * small lookup is another (src/renderer/player/words.ts), so a phone loads no vue-i18n — nor Vue:
 * this file is plain functions of the words, the Vue composables (useRoleNames, useAnnouncements)
 * call them with the words they inject.
 */
export interface RoomWords {
  t(key: string, named?: Record<string, unknown>, plural?: number): string
  readonly locale: { readonly value: string }
}

/** Every role placeholder filled with its role id: `{mafia}`, `{investigator}`, `{doctor}`, `{citizen}` (and their definite forms). */
const ALL_ROLES: Readonly<Record<string, string>> = { mafia: 'mafia', investigator: 'investigator', doctor: 'doctor', citizen: 'citizen' }

/**
 * Role, team and ruleset names in the words' language, from the ruleset's own names
 * (src/shared/role-names.ts): a preset's words come from the glossary, a club's own as it typed them.
 */
export function roomNames({ locale, t }: RoomWords) {
  const lang = (): Language => (isLanguage(locale.value) ? locale.value : FALLBACK_LANGUAGE)

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
  const winnerText = (n: RulesetNames, winner: Winner): string => (winner === 'draw' ? t('winner.draw') : t('winner.team', { team: teamName(n, winner) }))

  return { roleName, roleParams, localRoleNames, teamName, rulesetName, winnerText, namedText, lang }
}

/** Lists and labels in the words' language (src/shared/phrasing.ts): no ", " or ": " typed in a component. */
export function roomPhrasing({ locale, t }: RoomWords) {
  return {
    /** Names in a sentence: "Anna, Bence and Csilla". */
    list: (items: readonly string[]) => listOf(locale.value, items),
    /** Names on the board (hands): "Anna, Bence, Csilla", 「Anna、Bence、Csilla」. */
    short: (items: readonly string[]) => listOf(locale.value, items, 'short'),
    /** "Suspects: Anna and Bence", 「容疑者：…」. */
    labelled: (label: string, value: string) => labelled(t as Say, label, value),
  }
}

/** Words for the public announcements (projector, referee preview and phones alike). */
export function announcementText(words: RoomWords) {
  const { t } = words
  const say = t as Say
  const { roleName, winnerText, lang } = roomNames(words)

  return function text(a: PublicAnnouncement, seats: readonly ProjectorSeat[], names: RulesetNames): string {
    const name = (p: number) => seatName(seats, p)
    const withRole = (base: string, role: RoleId | null) => (role ? t('announce.withRole', { text: base, role: roleName(names, role) }) : base)
    switch (a.kind) {
      case 'nightResult':
        return a.deaths.length === 0
          ? t('announce.nightNobody', { night: nightName(say, a.night) })
          : t(
              'announce.nightDeaths',
              {
                night: nightName(say, a.night),
                names: listOf(
                  lang(),
                  a.deaths.map((p) => {
                    const role = seats[p]?.role ?? null
                    return role ? t('announce.nameWithRole', { name: name(p), role: roleName(names, role) }) : name(p)
                  }),
                ),
              },
              a.deaths.length,
            )
      case 'executed':
        return withRole(t('announce.executed', { name: name(a.player) }), a.role)
      case 'randomDeath':
        return withRole(t('announce.randomDeath', { name: name(a.player) }), a.role)
      case 'noExecution':
        // A tie names who tied and with how many votes: the room sees why nobody dies.
        return a.tie
          ? t('announce.noExecution.tieBetween', { day: a.day, names: listOf(lang(), a.tie.seats.map(name)), n: a.tie.votes }, a.tie.votes)
          : t(`announce.noExecution.${a.reason}`, { day: a.day })
      case 'voteResult':
        return t(`announce.voteResult.${a.vote}${a.passed ? '' : 'Failed'}`, { name: name(a.player), yes: a.yes, needed: a.needed }, a.yes)
      case 'refereeHandover':
        return t('announce.handover', { name: name(a.player) })
      case 'gameOver':
        return winnerText(names, a.winner)
    }
  }
}
