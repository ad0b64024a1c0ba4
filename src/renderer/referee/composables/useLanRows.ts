import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'
import type { RoomDevice } from '../../../shared/room'
import type { DeviceRow } from '../components/LanDeviceList.vue'
import { useAppStore } from '../stores/useAppStore'

/**
 * The room's device rows as the referee reads them (docs/room.md): each phone told apart by the code
 * it shows, what kind of device it is and when it came; a phone asking for a seat that has one
 * says so, and letting it in replaces that one. One shape for the room's panel and the banner at
 * the top of every screen, so a phone is never let in there without its code in view.
 */
export function useLanRows() {
  const app = useAppStore()
  const { t, locale } = useI18n()
  const time = (ms: number) => new Date(ms).toLocaleTimeString(locale.value, { hour: '2-digit', minute: '2-digit' })
  const status = (x: { connected: boolean; lastSeen: number }) => ({
    on: x.connected,
    text: x.connected ? t('lan.online') : t('lan.offline', { time: time(x.lastSeen) }),
  })
  const drop = (label: string, test?: string) => ({ label, method: 'dropDevice' as const, test })
  const code = (x: RoomDevice) => t('lan.deviceCode', { code: `${x.code.slice(0, 3)} ${x.code.slice(3)}` })
  const about = (x: RoomDevice) => [x.device, t('lan.since', { time: time(x.since) })].filter((s) => s !== null).join(' · ')
  const phones = (state: RoomDevice['state']) => (app.view?.lan.devices ?? []).filter((x) => x.state === state)
  /** The phones asking, their buttons' data-test names starting with `test` (`lan-admit-Anna`, `lan-refuse-Anna`). */
  const asking = (test: string): ComputedRef<DeviceRow[]> =>
    computed(() =>
      phones('asking').map<DeviceRow>((x) => ({
        id: x.id,
        label: t('lan.asking', { name: x.name }),
        code: code(x),
        note: about(x),
        warn: x.seatHasPhone ? t('lan.hasPhone') : undefined,
        // Letting in a phone for a seat that has one replaces that one (the host drops it and tells it so).
        actions: [
          { label: t(x.seatHasPhone ? 'lan.replace' : 'lan.admit'), method: 'admitDevice', test: `${test}-admit-${x.name}` },
          drop(t('lan.refuse'), `${test}-refuse-${x.name}`),
        ],
      })),
    )
  return { time, status, drop, code, about, phones, asking }
}
