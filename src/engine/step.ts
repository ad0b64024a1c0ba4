import type { Command } from '../shared/commands'
import { apply } from './apply'
import { decide } from './decide'
import { Emitter } from './emitter'
import { ok, type Result } from './errors'
import type { GameEvent } from './events'
import type { GameState } from './state'

export interface Step {
  events: GameEvent[]
  /** The state after the events: exactly `events.reduce(apply, state)`. */
  state: GameState
}

/**
 * step(state, command) → the events and the state they lead to, or the typed error decide gives.
 * The same as decide followed by applying its events, without applying them a second time: where
 * decide already applied them to check one against the next, that state is taken as it is.
 */
export function step(s: GameState, c: Command): Result<Step> {
  const r = decide(s, c)
  if (!r.ok) return r
  const events = r.value
  let state = Emitter.stateAfter(s, events)
  if (state === null) {
    state = s
    for (let i = 0; i < events.length; i++) state = apply(state, events[i] as GameEvent)
  }
  return ok({ events, state })
}
