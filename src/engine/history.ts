import type { Line } from '../shared/views'
import type { LogEntry } from './game'
import type { GameState } from './state'
import { describeCommand, stepMeta, type StepMeta } from './views/step-line'

/**
 * The game's history as the referee sees it: consecutive presses on the same clock (±30 s, ±30 s…)
 * are one step — one line in the log and one undo — while the journal keeps every command.
 */

/** The clock a log entry only adjusted, or null when it did anything else. */
function clockAdjusted(e: LogEntry): 'day' | 'defence' | null {
  if (e.command.type !== 'addTime' || e.events.length === 0) return null
  const timers = new Set(e.events.map((ev) => (ev.type === 'timeAdded' ? ev.timer : null)))
  const [only] = [...timers]
  return timers.size === 1 && only ? only : null
}

/** The history's steps, oldest first, each as the number of log entries it holds. */
export function historySteps(log: readonly LogEntry[]): number[] {
  const sizes: number[] = []
  let prev: 'day' | 'defence' | null = null
  for (const e of log) {
    const clock = clockAdjusted(e)
    if (clock !== null && clock === prev && sizes.length > 0) sizes[sizes.length - 1]! += 1
    else sizes.push(1)
    prev = clock
  }
  return sizes
}

/** How many log entries `steps` undo steps take back (all of them when there are fewer steps). */
export function entriesToUndo(log: readonly LogEntry[], steps: number): number {
  const sizes = historySteps(log)
  return sizes.slice(Math.max(0, sizes.length - steps)).reduce((a, b) => a + b, 0)
}

/**
 * One line per step: a run of clock presses is summed. `from`/`count` pick a window of those lines
 * (oldest first), so a long game's view describes only what it sends (e.g. its newest lines). Each
 * line is made from its own command and events and the game's `StepMeta` (names, whether the reader
 * is blind): the state `s` now is not the state an earlier command met.
 */
export function describeHistory(s: GameState, log: readonly LogEntry[], from = 0, count = Infinity): Line[] {
  const meta = stepMeta(s)
  const out: Line[] = []
  let at = 0
  const sizes = historySteps(log)
  const end = Math.min(sizes.length, from + count)
  for (let i = 0; i < end; i++) {
    const size = sizes[i]!
    if (i >= from) out.push(describeStep(meta, log.slice(at, at + size)))
    at += size
  }
  return out
}

/** The last step, for the undo button; null when there is none. */
export function describeLastStep(s: GameState, log: readonly LogEntry[]): Line | null {
  const sizes = historySteps(log)
  const last = sizes[sizes.length - 1]
  return last === undefined ? null : describeStep(stepMeta(s), log.slice(log.length - last))
}

function describeStep(meta: StepMeta, entries: readonly LogEntry[]): Line {
  const first = entries[0]!
  if (entries.length === 1) return describeCommand(meta, first.command, first.events)
  const seconds = entries.reduce((sum, e) => sum + (e.command.type === 'addTime' ? e.command.seconds : 0), 0)
  return { key: 'step.addTimeGroup', params: { type: 'addTime', seconds, count: entries.length } }
}
