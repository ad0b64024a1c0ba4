// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClockView } from '../../../shared/views'
import { createAppI18n } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import BigClock from './BigClock.vue'

const T0 = 1_700_000_000_000
const clock = (c: Partial<ClockView> = {}): ClockView => ({
  kind: 'day',
  deadline: null,
  remainingMs: 600_000,
  durationMs: 600_000,
  warningMs: 120_000,
  expired: false,
  ...c,
})
const mountClock = (c: ClockView, offset = 0) => mount(BigClock, { props: { clock: c, offset }, global: { plugins: [createAppI18n(refereeMessages)] } })

describe('BigClock', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
  })
  afterEach(() => vi.useRealTimers())

  it('shows a paused clock’s remaining time', () => {
    const w = mountClock(clock({ remainingMs: 195_000 }))
    expect(w.text()).toContain('3:15')
    expect(w.attributes('data-state')).toBe('paused')
  })

  it('counts down locally from the deadline and turns to warning below warningMs', async () => {
    const w = mountClock(clock({ deadline: T0 + 125_000 }))
    expect(w.text()).toContain('2:05')
    expect(w.classes()).not.toContain('warning')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(w.text()).toContain('1:55')
    expect(w.classes()).toContain('warning')
    expect(w.attributes('data-state')).toBe('warning')
  })

  it('uses the host clock offset', () => {
    // The host is 30 s ahead: 60 s left by its clock.
    const w = mountClock(clock({ deadline: T0 + 90_000 }), 30_000)
    expect(w.text()).toContain('1:00')
    expect(w.classes()).toContain('warning')
  })

  it('shows "Time is up" when expired', () => {
    const w = mountClock(clock({ expired: true, remainingMs: 0 }))
    expect(w.text()).toContain('Time is up')
    expect(w.attributes('data-state')).toBe('expired')
    expect(w.classes()).not.toContain('warning')
  })
})
