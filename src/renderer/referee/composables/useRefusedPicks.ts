import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ApiError } from '../../../shared/api'
import type { Words } from '../../../shared/text/line'
import type { RefereeSeat } from '../../../shared/views'
import { listOf } from '../../../shared/phrasing'
import { seatName } from '../../shared/names'
import { errorText } from '../../i18n/error-text'
import { useAppStore } from '../stores/useAppStore'

/**
 * What the engine refused of the phones' picks or votes (a night call's, docs/room.md; a day's
 * vote's), in the window's language: whose and why — `of` when seats are named, `anon` when not (a
 * night call's picks while the operator plays blind). PhoneCallPanel and VotePanel show these lines.
 */
export function useRefusedPicks(
  refused: () => readonly { seats: number[]; error: ApiError }[],
  seats: () => readonly RefereeSeat[],
  keys: { of: string; anon?: string },
): ComputedRef<string[]> {
  const app = useAppStore()
  const composer = useI18n()
  const { t, te, locale } = composer
  return computed(() =>
    refused().map((r) => {
      const reason = errorText(r.error, composer as unknown as Words, te, app.game?.projector.names ?? null)
      const names = listOf(
        locale.value,
        r.seats.map((p) => seatName(seats(), p)),
      )
      return names || !keys.anon ? t(keys.of, { names, reason }) : t(keys.anon, { reason })
    }),
  )
}
