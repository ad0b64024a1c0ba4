import { describe, expect, it } from 'vitest'
import type { ProjectorScreen } from '../../shared/api'
import type { ClockView } from '../../shared/views'
import { makeProjectorView } from '../testing/fixtures'
import { chimeFor, chimesAlong, sampleClock, type ClockSample } from './chime'

const T0 = 1_000_000
/** A day clock of 5 minutes, warning at 60 s, running with `left` ms to go at local time T0 (offset 0). */
const clock = (over: Partial<ClockView> = {}): ClockView => ({
  kind: 'day',
  deadline: T0 + 120_000,
  remainingMs: 120_000,
  durationMs: 300_000,
  warningMs: 60_000,
  expired: false,
  ...over,
})
const screen = (c: ClockView | null, over: Parameters<typeof makeProjectorView>[0] = {}): ProjectorScreen => ({
  kind: 'game',
  sentAt: T0,
  lang: null,
  view: makeProjectorView({ phase: 'day', dayNumber: 1, stage: 'discussion', clock: c, ...over }),
})
/** The projector's samples of one screen at these local times. */
const at = (s: ProjectorScreen, ...times: number[]): ClockSample[] => times.map((t) => sampleClock(s, t, 0))

describe('sampleClock', () => {
  it('reads running, warning and expired from the deadline and the local time', () => {
    const s = screen(clock())
    expect(sampleClock(s, T0, 0)).toMatchObject({ running: true, warning: false, expired: false })
    expect(sampleClock(s, T0 + 61_000, 0)).toMatchObject({ running: true, warning: true, expired: false })
    expect(sampleClock(s, T0 + 120_000, 0)).toMatchObject({ running: false, warning: false, expired: true })
    // The host's clock is 30 s ahead of this window's: the warning comes 30 s earlier here.
    expect(sampleClock(s, T0 + 31_000, 30_000)).toMatchObject({ warning: true })
  })

  it('no clock at night, on the idle screen, or in a story', () => {
    expect(sampleClock({ kind: 'idle', sentAt: T0, lang: null }, T0, 0).key).toBeNull()
    expect(sampleClock(screen(null), T0, 0).key).toBeNull()
    expect(sampleClock(screen(clock(), { phase: 'night', nightNumber: 1 }), T0, 0).key).toBeNull()
  })
})

describe('chimeFor: when the projector chimes', () => {
  it('once at the warning and once at time-up, along a running day clock', () => {
    const s = screen(clock())
    const samples = at(s, T0, T0 + 30_000, T0 + 59_900, T0 + 60_100, T0 + 61_000, T0 + 119_000, T0 + 120_000, T0 + 125_000)
    expect(chimesAlong(samples)).toEqual([null, null, null, 'warning', null, null, 'timeUp', null])
  })

  it('the host marking the clock expired chimes once (the local countdown may have reached 0 first)', () => {
    const running = screen(clock())
    const expired = screen(clock({ deadline: null, remainingMs: 0, expired: true }))
    expect(chimesAlong([...at(running, T0 + 119_000, T0 + 120_000), ...at(expired, T0 + 120_300)])).toEqual([null, 'timeUp', null])
    expect(chimesAlong([...at(running, T0 + 119_000), ...at(expired, T0 + 119_300)])).toEqual([null, 'timeUp'])
  })

  it('a page opened (or reloaded) mid-warning or after time-up stays quiet', () => {
    const s = screen(clock())
    expect(chimesAlong(at(s, T0 + 70_000, T0 + 80_000))).toEqual([null, null])
    expect(chimesAlong(at(s, T0 + 130_000, T0 + 140_000))).toEqual([null, null])
  })

  it('a paused clock does not chime; resuming inside the warning does not chime again', () => {
    const paused = screen(clock({ deadline: null, remainingMs: 50_000 }))
    const resumed = screen(clock({ deadline: T0 + 200_000 + 50_000 }))
    const samples = [...at(screen(clock()), T0 + 59_000, T0 + 61_000), ...at(paused, T0 + 100_000, T0 + 150_000), ...at(resumed, T0 + 200_000, T0 + 210_000)]
    expect(chimesAlong(samples)).toEqual([null, 'warning', null, null, null, null])
  })

  it('time added back out of the warning re-arms it', () => {
    const s = screen(clock())
    const more = screen(clock({ deadline: T0 + 200_000 }))
    const samples = [...at(s, T0 + 59_000, T0 + 61_000), ...at(more, T0 + 62_000, T0 + 139_000, T0 + 141_000)]
    expect(chimesAlong(samples)).toEqual([null, 'warning', null, null, 'warning'])
  })

  it('a new clock (the next speaker’s defence, the next day) never chimes for what it shows on arrival', () => {
    const defence = (speaker: number, deadline: number) =>
      screen(clock({ kind: 'defence', durationMs: 60_000, warningMs: 15_000, deadline }), { stage: 'defence', speaker })
    const first = defence(1, T0 + 10_000) // Bence: 10 s left, inside the warning
    const second = defence(2, T0 + 10_000) // Csaba's clock, same numbers
    expect(chimeFor(sampleClock(first, T0, 0), sampleClock(second, T0 + 100, 0))).toBeNull()
    expect(chimeFor(sampleClock(screen(clock()), T0 + 119_000, 0), sampleClock(screen(null, { phase: 'night', nightNumber: 1 }), T0 + 121_000, 0))).toBeNull()
  })

  it('undoing an expiry and running out again chimes again', () => {
    const s = screen(clock())
    const expired = screen(clock({ deadline: null, remainingMs: 0, expired: true }))
    const back = screen(clock({ deadline: null, remainingMs: 20_000 }))
    const samples = [...at(s, T0 + 119_000), ...at(expired, T0 + 121_000), ...at(back, T0 + 122_000), ...at(expired, T0 + 123_000)]
    expect(chimesAlong(samples)).toEqual([null, 'timeUp', null, 'timeUp'])
  })
})
