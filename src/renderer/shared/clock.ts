import type { ClockView } from '../../shared/views'

/**
 * Remaining time of a clock as the window should show it now. While running, the host sent a
 * deadline in host ms; `offset` = host ms − local ms (from RefereeAppView.sentAt / ProjectorScreen.sentAt
 * at arrival), so the countdown needs no further message from the host.
 */
export function remainingMs(clock: ClockView, localNow: number, offset: number): number {
  if (clock.expired) return 0
  if (clock.deadline === null) return Math.max(0, clock.remainingMs)
  return Math.max(0, clock.deadline - (localNow + offset))
}

export function isWarning(clock: ClockView, remaining: number): boolean {
  return !clock.expired && remaining > 0 && remaining < clock.warningMs
}

/** m:ss (or h:mm:ss), rounded up so 0:00 shows only at the end. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Host-minus-local clock offset, measured when a pushed view arrives. */
export function clockOffset(sentAt: number, receivedAt: number = Date.now()): number {
  return sentAt - receivedAt
}
