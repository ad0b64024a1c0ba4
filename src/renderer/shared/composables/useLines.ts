import { useI18n } from 'vue-i18n'
import { withNightName, type Say } from '../../../shared/phrasing'
import { caseRoles, markedNameParams } from '../../../shared/role-names'
import type { RulesetNames } from '../../../shared/ruleset'
import type { Line } from '../../../shared/views'
import { useRoleNames } from './useRoleNames'

/**
 * Turn the host's message lines (script, undo label, game log) into words in the window's language:
 * `script.<line id>` (shared/locales/<language>/script.json, English when the language lacks it),
 * filled with the line's parameters. Parameters are values, never message syntax, so a player's
 * name is shown as typed. A `role` parameter is a role id, named from the ruleset's names in the
 * window's language (`{role}`, and `{theRole}` where a language needs the definite form), in
 * running text's case inside a sentence (`caseRoles`: "(Csendben) Felügyelő: …", "… egy másik maffiózó").
 */
/** A clock line with negative seconds is worded as time taken off (never "-30 s added"). */
const TAKEN_OFF: Readonly<Record<string, string>> = { 'step.addTime': 'step.removeTime', 'step.addTimeGroup': 'step.removeTimeGroup' }

export function useLines() {
  const { t, te } = useI18n({ useScope: 'global' })
  const { lang } = useRoleNames()

  function lineText(line: Line, names?: RulesetNames): string {
    let params: Record<string, string | number> = { ...line.params }
    if (line.key === 'step.castVote' && typeof params.choice === 'string' && ['true', 'false', 'null'].includes(params.choice))
      params.choice = t(`stepChoice.${params.choice}`)
    if (names) params = markedNameParams(params, names, lang())
    params = withNightName(t as Say, params)
    let id = line.key
    const takenOff = TAKEN_OFF[id]
    if (takenOff && typeof params.seconds === 'number' && params.seconds < 0) {
      id = takenOff
      params.seconds = -params.seconds
    }
    const key = `script.${id}`
    // A count (`count`, else `n`) picks the plural form, as vue-i18n does for named values.
    return te(key) || te(key, 'en') ? caseRoles(t(key, params), lang()) : `[${id}]`
  }

  return { lineText }
}
