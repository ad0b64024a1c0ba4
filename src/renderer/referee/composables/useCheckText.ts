import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ApiError } from '../../../shared/api'
import { namedText } from '../../../shared/role-names'
import type { Line } from '../../../shared/views'
import { errorText } from '../../i18n/error-text'
import { useRoleNames } from '../../shared/composables/useRoleNames'
import { useSetupStore } from '../stores/useSetupStore'

/**
 * The setup check's lines (`check.<key>`) in the window's language: a role parameter (`role`,
 * `mafia`, `citizen`, … holding a role id) named as the draft ruleset names it, a preset's name
 * translated; and a refusal as lines — a refused start's problems each on its own, any other
 * refusal by its code.
 */
export function useCheckText() {
  const setup = useSetupStore()
  const { t, te } = useI18n()
  const { localRoleNames, rulesetName, lang } = useRoleNames()
  const names = computed(() => (setup.draft ? localRoleNames(setup.draft.names) : undefined))

  function checkText(l: Line): string {
    const params: Record<string, string | number> = { ...l.params }
    if (typeof params.ruleset === 'string') params.ruleset = rulesetName(params.ruleset)
    const fill = (p: Record<string, string | number>): string => t(`check.${l.key}`, p)
    return setup.draft ? namedText(fill, params, setup.draft, lang()) : fill(params)
  }

  const refusalLines = (e: ApiError): string[] => (e.lines?.length ? e.lines.map(checkText) : [errorText(e, t, te)])

  return { names, checkText, refusalLines }
}
