/**
 * step(state, command) must be exactly decide followed by applying its events: the same events, the
 * same next state, the same error for a refused command — over random games of every preset, with
 * random (mostly illegal) commands tried at every state.
 */
import { describe, expect, test } from 'vitest'
import { PRESET_IDS } from '../shared/ruleset'
import { apply } from './apply'
import { decide } from './decide'
import { Emitter } from './emitter'
import type { GameEvent } from './events'
import type { GameState } from './state'
import { step } from './step'
import { Rng, arbitraryCommand, randomGame } from './testing'

describe('step', () => {
  test.each(PRESET_IDS)('%s: step = decide, then apply each event — accepted and refused commands alike', (id) => {
    let accepted = 0
    let tookEmitterState = 0
    let refused = 0
    for (let seed = 1; seed <= 25; seed++) {
      const run = randomGame(0x5e9 + seed * 104_729, id, { tweak: true, physical: 0.3 })
      const rng = new Rng(seed)
      run.game.log.forEach((entry, i) => {
        const before = run.states[i] as GameState
        const r = step(before, entry.command)
        expect(r.ok).toBe(true)
        if (!r.ok) return
        expect(r.value.events).toEqual(entry.events)
        expect(r.value.state).toEqual(entry.events.reduce(apply, before))
        expect(r.value.state).toEqual(run.states[i + 1])
        accepted++
        if (Emitter.stateAfter(before, r.value.events) !== null) tookEmitterState++
        // A command at random at the same state: refused or accepted, step agrees with decide.
        const c = arbitraryCommand(rng, before.alive.length + 1)
        const d = decide(before, c)
        const st = step(before, c)
        if (!d.ok) {
          refused++
          expect(st).toEqual(d)
        } else {
          expect(st.ok && st.value.events).toEqual(d.value)
          expect(st.ok && st.value.state).toEqual(d.value.reduce(apply, before))
        }
      })
    }
    expect(accepted).toBeGreaterThan(200)
    expect(refused).toBeGreaterThan(50)
    // The point of step: multi-event commands reuse the state decide already built.
    expect(tookEmitterState).toBeGreaterThan(20)
  })

  test('an emitter state is only reused for the very list it built, from the very state it started at', () => {
    const run = randomGame(77, 'maffiasig')
    const i = run.game.log.findIndex((e, k) => Emitter.stateAfter(run.states[k] as GameState, decideOk(run.states[k] as GameState, e.command)) !== null)
    expect(i).toBeGreaterThanOrEqual(0)
    const before = run.states[i] as GameState
    const events = decideOk(before, (run.game.log[i] as { command: Parameters<typeof decide>[1] }).command)
    expect(Emitter.stateAfter(before, events)).not.toBeNull()
    expect(Emitter.stateAfter({ ...before }, events)).toBeNull()
    expect(Emitter.stateAfter(before, [...events])).toBeNull()
    events.push(events[0] as GameEvent)
    expect(Emitter.stateAfter(before, events)).toBeNull()
  })
})

function decideOk(s: GameState, c: Parameters<typeof decide>[1]): GameEvent[] {
  const r = decide(s, c)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
