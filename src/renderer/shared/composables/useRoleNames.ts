import { useRoomI18n } from './useRoomI18n'
import { ROLE_IDS, type RoleId } from '../../../shared/roles'
import type { PresetId } from '../../../shared/ruleset'
import type { RoleNames } from '../../../shared/views'

/** The presets whose role and ruleset names are translated (shared/locales/<language>/roles.json). */
const BASES = ['maffiasig', 'estonian', 'swedish'] as const satisfies readonly PresetId[]

/**
 * Role and ruleset names in the window's language. A preset's own English names (as the host sends
 * them) are shown as that language's club text calls them (maffiózó, politseinik, konstapel, 検査官);
 * a name the club typed itself is shown as typed.
 */
export function useRoleNames() {
  const { t } = useRoomI18n()
  const english = (key: string) => t(key, {}, { locale: 'en' })

  function roleName(names: RoleNames, role: RoleId): string {
    const given = names[role]
    for (const base of BASES) if (english(`roles.${base}.${role}`) === given) return t(`roles.${base}.${role}`)
    return given
  }

  /** All four names at once, for the components that take a RoleNames. */
  function localRoleNames(names: RoleNames): RoleNames {
    return Object.fromEntries(ROLE_IDS.map((r) => [r, roleName(names, r)])) as unknown as RoleNames
  }

  function rulesetName(name: string): string {
    for (const base of BASES) if (english(`presets.${base}.name`) === name) return t(`presets.${base}.name`)
    return name
  }

  return { roleName, localRoleNames, rulesetName }
}
