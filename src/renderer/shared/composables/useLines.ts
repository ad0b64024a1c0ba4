import { useI18n } from 'vue-i18n'
import { fillTemplate, SCRIPT_EN } from '../../../shared/script-en'
import type { RoleNames, Line } from '../../../shared/views'
import { ROLE_IDS, type RoleId } from '../../../shared/roles'
import { FALLBACK_LOCALE } from '../../i18n'
import { lookupMessage } from '../../i18n/nest'

/**
 * Turn the host's message lines (script, undo label, game log) into words in the window's language.
 * The template is looked up under `script.<key>` (current locale, then English, then SCRIPT_EN)
 * and filled with fillTemplate, so a name can never be read as message syntax.
 */
export function useLines() {
  const { t, locale, getLocaleMessage } = useI18n()

  function template(key: string): string {
    return (
      lookupMessage(getLocaleMessage(locale.value), `script.${key}`) ??
      lookupMessage(getLocaleMessage(FALLBACK_LOCALE), `script.${key}`) ??
      SCRIPT_EN[key] ??
      key
    )
  }

  function lineText(line: Line, roleNames?: RoleNames): string {
    const params: Record<string, string | number> = { ...line.params }
    if (line.key === 'step.castVote' && typeof params.choice === 'string' && ['true', 'false', 'null'].includes(params.choice))
      params.choice = t(`stepChoice.${params.choice}`)
    if (roleNames && typeof params.role === 'string' && (ROLE_IDS as readonly string[]).includes(params.role))
      params.role = roleNames[params.role as RoleId]
    return fillTemplate(template(line.key), params)
  }

  return { lineText }
}
