import { useI18n } from 'vue-i18n'
import { identityOf } from '../../../shared/names'
import { useAppStore } from '../stores/useAppStore'
import { useDialogStore } from '../stores/useDialogStore'

/**
 * After a player is renamed in the roster: when the old name has saved games, offer to carry them
 * along (the standings then count them for the new name). Nothing is asked when the two names are
 * the same person already (case, accents) or the old name never played.
 */
export function useCarryHistory() {
  const app = useAppStore()
  const dialog = useDialogStore()
  const { t } = useI18n()

  return async function offerCarry(from: string, to: string): Promise<boolean> {
    if (identityOf(from) === identityOf(to)) return false
    const club = await app.invoke('clubView')
    if (!club.ok || !club.value) return false
    const games = club.value.allTime.players.find((p) => identityOf(p.name) === identityOf(from))?.games ?? 0
    if (games === 0) return false
    const yes = await dialog.confirm({
      message: t('setup.roster.carryHistory', { from, to, games }, games),
      confirmLabel: t('setup.roster.carry'),
    })
    if (!yes) return false
    return (await app.act('carryHistory', from, to)).ok
  }
}
