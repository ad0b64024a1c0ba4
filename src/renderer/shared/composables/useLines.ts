import { useI18n } from 'vue-i18n'
import { nameParams } from '../../../shared/role-names'
import type { RulesetNames } from '../../../shared/ruleset'
import type { Line } from '../../../shared/views'
import { useRoleNames } from './useRoleNames'

/**
 * Turn the host's message lines (script, undo label, game log) into words in the window's language:
 * `script.<line id>` (shared/locales/<language>/script.json, English when the language lacks it),
 * filled with the line's parameters. Parameters are values, never message syntax, so a player's
 * name is shown as typed. A `role` parameter is a role id, named from the ruleset's names in the
 * window's language (`{role}`, and `{theRole}` where a language needs the definite form).
 */
export function useLines() {
  const { t, te } = useI18n({ useScope: 'global' })
  const { lang } = useRoleNames()

  function lineText(line: Line, names?: RulesetNames): string {
    let params: Record<string, string | number> = { ...line.params }
    if (line.key === 'step.castVote' && typeof params.choice === 'string' && ['true', 'false', 'null'].includes(params.choice))
      params.choice = t(`stepChoice.${params.choice}`)
    if (names) params = nameParams(params, names, lang())
    const key = `script.${line.key}`
    return te(key) || te(key, 'en') ? t(key, params) : `[${line.key}]`
  }

  return { lineText }
}
