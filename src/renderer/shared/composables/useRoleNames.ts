import { useRoomI18n } from './useRoomI18n'
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/languages'
import * as names from '../../../shared/role-names'
import type { RoleId, Winner } from '../../../shared/roles'
import type { RulesetNames } from '../../../shared/ruleset'
import type { RoleNames } from '../../../shared/views'

/**
 * Role, team and ruleset names in the window's language, from the ruleset's own names
 * (src/shared/role-names.ts): a preset's words come from the glossary, a club's own as it typed them.
 */
/** Every role placeholder filled with its role id: `{mafia}`, `{investigator}`, `{doctor}`, `{citizen}` (and their definite forms). */
const ALL_ROLES: Readonly<Record<string, string>> = { mafia: 'mafia', investigator: 'investigator', doctor: 'doctor', citizen: 'citizen' }

export function useRoleNames() {
  const { locale, t } = useRoomI18n()
  const lang = (): Language => (isLanguage(locale.value) ? locale.value : FALLBACK_LANGUAGE)

  const roleName = (n: RulesetNames, role: RoleId): string => names.roleName(n, role, lang())
  const roleParams = (n: RulesetNames, role: RoleId, key = 'role'): Record<string, string> => names.roleParams(n, role, lang(), key)
  /** All four names at once, for the components that take a RoleNames. */
  const localRoleNames = (n: RulesetNames): RoleNames => names.roleNamesIn(n, lang())
  const teamName = (n: RulesetNames, team: names.Team): string => names.teamName(n, team, lang())
  const rulesetName = (name: string): string => names.rulesetName(name, lang())

  /**
   * A message whose role parameters (`{mafia}`, `{investigator}`, … holding role ids) are named as this
   * ruleset names them in the window's language, each cased for its place in the sentence.
   */
  const namedText = (n: RulesetNames, key: string, params: Record<string, string | number> = ALL_ROLES): string =>
    names.namedText((p) => t(key, p), params, n, lang())

  /** The winner line: the winning team as this ruleset names it ("村人の勝利"), or the draw. */
  const winnerText = (n: RulesetNames, winner: Winner): string => (winner === 'draw' ? t('winner.draw') : t('winner.team', { team: teamName(n, winner) }))

  return { roleName, roleParams, localRoleNames, teamName, rulesetName, winnerText, namedText, lang }
}
