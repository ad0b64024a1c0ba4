import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ApiError } from '../../../shared/api'
import { checkText as lineCheckText } from '../../../shared/text/check'
import type { Words } from '../../../shared/text/line'
import type { Line } from '../../../shared/views'
import { errorText } from '../../i18n/error-text'
import { useRoleNames } from '../../shared/composables/useRoleNames'
import { useSetupStore } from '../stores/useSetupStore'

/**
 * The setup check's lines in the window's language (src/shared/text/check.ts, the draft's names);
 * and a refusal as lines — a refused start's problems each on its own, any other
 * refusal by its code.
 */
export function useCheckText() {
  const setup = useSetupStore()
  const composer = useI18n()
  const { t, te } = composer
  const words = composer as unknown as Words
  const { localRoleNames } = useRoleNames()
  const names = computed(() => (setup.draft ? localRoleNames(setup.draft.names) : undefined))

  const checkText = (l: Line): string => lineCheckText(words, l, setup.draft?.names)

  const refusalLines = (e: ApiError): string[] => (e.lines?.length ? e.lines.map(checkText) : [errorText(e, t, te)])

  return { names, checkText, refusalLines }
}
