import { useI18n } from 'vue-i18n'
import { ROLE_IDS, type RoleId } from '../../../shared/roles'
import type { Line, RoleNames } from '../../../shared/views'
import { useRoleNames } from './useRoleNames'

/**
 * Turn the host's message lines (script, undo label, game log) into words in the window's language:
 * `script.<line id>` (shared/locales/<language>/script.json, English when the language lacks it),
 * filled with the line's parameters. Parameters are values, never message syntax, so a player's
 * name is shown as typed. A `role` parameter is a role id, named as the window's language names it.
 */
/** A clock line with negative seconds is worded as time taken off (never "-30 s added"). */
const TAKEN_OFF: Readonly<Record<string, string>> = { 'step.addTime': 'step.removeTime', 'step.addTimeGroup': 'step.removeTimeGroup' }

export function useLines() {
  const { t, te } = useI18n({ useScope: 'global' })
  const { roleName } = useRoleNames()

  function lineText(line: Line, roleNames?: RoleNames): string {
    const params: Record<string, string | number> = { ...line.params }
    if (line.key === 'step.castVote' && typeof params.choice === 'string' && ['true', 'false', 'null'].includes(params.choice))
      params.choice = t(`stepChoice.${params.choice}`)
    if (roleNames && typeof params.role === 'string' && (ROLE_IDS as readonly string[]).includes(params.role))
      params.role = roleName(roleNames, params.role as RoleId)
    let id = line.key
    const takenOff = TAKEN_OFF[id]
    if (takenOff && typeof params.seconds === 'number' && params.seconds < 0) {
      id = takenOff
      params.seconds = -params.seconds
    }
    const key = `script.${id}`
    return te(key) || te(key, 'en') ? t(key, params) : `[${id}]`
  }

  return { lineText }
}
