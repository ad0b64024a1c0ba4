import type { CommandOf, CommandType } from '../shared/commands'
import { decideDay, randomDeath } from './day'
import { ok, refuse, type Result } from './errors'
import type { GameEvent } from './events'
import { remainingMs, type GameState } from './state'

/**
 * Day and defence clocks. They are state, not ticks: a running clock is a deadline in the
 * host's ms, a paused one its remaining ms. The host dispatches `timerExpired` when a deadline passes.
 */

/** The clocks' commands; their union and decide's table (decide.ts) are built from this list. */
export const TIMER_COMMANDS = ['startTimer', 'resumeTimer', 'pauseTimer', 'addTime', 'timerExpired'] as const satisfies readonly CommandType[]
export type TimerCommandType = (typeof TIMER_COMMANDS)[number]

export function decideTimer(s: GameState, c: CommandOf<TimerCommandType>): Result<GameEvent[]> {
  if (s.phase !== 'day' || !s.day) return refuse('clocks-by-day')
  const which = c.timer ?? (s.day.stage === 'defence' && s.defenceTimer ? 'defence' : 'day')
  const t = which === 'day' ? s.dayTimer : s.defenceTimer
  if (!t) return refuse('no-clock', { clock: which })
  switch (c.type) {
    case 'startTimer':
    case 'resumeTimer':
      if (t.expired) return refuse('clock-out', { clock: which })
      if (t.deadline !== null) return refuse('clock-running', { clock: which })
      return ok([{ type: 'timerStarted', timer: which, at: c.at }])
    case 'pauseTimer':
      if (t.deadline === null) return refuse('clock-stopped', { clock: which })
      return ok([{ type: 'timerPaused', timer: which, at: c.at }])
    case 'addTime': {
      if (t.expired) return refuse('clock-out', { clock: which })
      if (c.seconds === 0) return refuse('zero-time')
      if (remainingMs(t, c.at) + c.seconds * 1000 <= 0) return refuse('no-time-left')
      return ok([{ type: 'timeAdded', timer: which, ms: c.seconds * 1000 }])
    }
    case 'timerExpired': {
      if (t.expired) return refuse('clock-out', { clock: which })
      if (t.deadline === null || c.at < t.deadline) return refuse('clock-left', { clock: which })
      const expired: GameEvent = { type: 'timerExpired', timer: which }
      if (which === 'defence') return ok([expired])
      return dayTimeout(s, expired, c.draw)
    }
  }
}

/** What the day clock's expiry does, per the ruleset. */
function dayTimeout(s: GameState, expired: GameEvent, draw: number | undefined): Result<GameEvent[]> {
  const d = s.day
  const o = s.setup.ruleset.options
  if (!d) return refuse('not-day')
  const follow = (r: Result<GameEvent[]>): Result<GameEvent[]> => (r.ok ? ok([expired, ...r.value]) : r)
  if (o.dayTimeoutAction === 'randomDeath' && !d.deathToday && d.stage !== 'lastWords') return follow(randomDeath(s, draw))
  if (o.dayTimeoutAction === 'closeNominations' && d.stage === 'nominating') {
    const r = decideDay(s, { type: 'closeNominations' })
    // With no nominee and "no nomination → night" off, the clock still runs out; the referee nominates.
    return r.ok ? follow(r) : ok([expired])
  }
  return ok([expired])
}
