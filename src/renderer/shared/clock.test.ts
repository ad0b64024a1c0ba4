import { describe, expect, it } from 'vitest'
import type { ClockView } from '../../shared/views'
import { clockOffset, formatClock, isWarning, remainingMs } from './clock'

const clock = (c: Partial<ClockView> = {}): ClockView => ({
  kind: 'day',
  deadline: null,
  remainingMs: 600_000,
  durationMs: 600_000,
  warningMs: 120_000,
  expired: false,
  ...c,
})

describe('clock', () => {
  it('a paused clock shows its remaining time', () => {
    expect(remainingMs(clock({ remainingMs: 90_000 }), 5_000, 123)).toBe(90_000)
  })

  it('a running clock counts down from the host deadline, corrected by the host clock offset', () => {
    // Host is 10 s ahead of this window: host now = local now + 10 000.
    const c = clock({ deadline: 1_000_000 })
    expect(remainingMs(c, 900_000, 10_000)).toBe(90_000)
    expect(remainingMs(c, 2_000_000, 10_000)).toBe(0)
  })

  it('measures the offset as sentAt − arrival', () => {
    expect(clockOffset(1_010_000, 1_000_000)).toBe(10_000)
  })

  it('warns below warningMs, not at zero, not when expired', () => {
    expect(isWarning(clock(), 119_999)).toBe(true)
    expect(isWarning(clock(), 120_000)).toBe(false)
    expect(isWarning(clock(), 0)).toBe(false)
    expect(isWarning(clock({ expired: true }), 1_000)).toBe(false)
  })

  it('formats m:ss and h:mm:ss, rounding up', () => {
    expect(formatClock(0)).toBe('0:00')
    expect(formatClock(1)).toBe('0:01')
    expect(formatClock(61_000)).toBe('1:01')
    expect(formatClock(20 * 60_000)).toBe('20:00')
    expect(formatClock(3_600_000 + 5_000)).toBe('1:00:05')
  })
})
