import type { ProjectorScreen } from '../../shared/api'
import { remainingMs } from './clock'

/**
 * When the projector chimes: at the clock's warning and at time-up. A pure decision over successive
 * samples of what the projector shows (its screen, read at a moment), so it is tested without time
 * or sound: the projector samples every few hundred milliseconds and plays what this returns.
 */
export type Chime = 'warning' | 'timeUp'

export interface ClockSample {
  /** Which clock this is (a new clock never chimes for what it shows on arrival); null: no clock shown. */
  key: string | null
  running: boolean
  /** Inside the warning time (running or paused). */
  warning: boolean
  expired: boolean
}

const NO_CLOCK: ClockSample = Object.freeze({ key: null, running: false, warning: false, expired: false })

/** The clock on the screen at local time `now` (offset = host ms − local ms). */
export function sampleClock(screen: ProjectorScreen | null, now: number, offset: number): ClockSample {
  if (screen?.kind !== 'game') return NO_CLOCK
  const v = screen.view
  const c = v.clock
  if (!c || v.phase !== 'day') return NO_CLOCK
  const left = remainingMs(c, now, offset)
  const expired = c.expired || (c.deadline !== null && left === 0)
  return {
    // A day's clock, or one speaker's defence clock: a new key is a new clock.
    key: `${v.dayNumber}:${c.kind}:${c.kind === 'defence' ? (v.speaker ?? '') : ''}:${c.durationMs}`,
    running: c.deadline !== null && !expired,
    warning: !expired && left > 0 && left < c.warningMs,
    expired,
  }
}

/**
 * The chime for the step from `prev` to `next` (null: none). A clock chimes when it crosses into its
 * warning time while running, and when it runs out; never for the state it is first seen in (a page
 * opened or reloaded mid-warning stays quiet), and not again while it stays there. Time added back
 * out of the warning re-arms it; a paused clock stays quiet until it runs.
 */
export function chimeFor(prev: ClockSample | null, next: ClockSample): Chime | null {
  if (!prev || next.key === null || prev.key !== next.key) return null
  if (next.expired && !prev.expired) return 'timeUp'
  // Only a running clock crossing from outside its warning time chimes (resuming a clock paused
  // inside it does not: it chimed when it got there, or the referee set it there on purpose).
  if (next.warning && next.running && !prev.warning && !prev.expired) return 'warning'
  return null
}

/** The chimes along a sequence of samples (for tests and for reasoning about a whole day). */
export function chimesAlong(samples: readonly ClockSample[]): (Chime | null)[] {
  return samples.map((s, i) => chimeFor(i === 0 ? null : samples[i - 1]!, s))
}
