/**
 * apply() is mechanical: every choice a rule makes travels in the event (docs/engine.md), so the
 * state an event leads to does not depend on the ruleset or the deal written in the setup.
 */
import { describe, expect, test } from 'vitest'
import { PRESET_IDS } from '../shared/ruleset'
import { apply } from './apply'
import { preset } from './rulesets'
import type { GameState } from './state'
import { randomGame } from './testing'

/** The same state under another setup: every option flipped or swapped, the counts emptied. */
function underOtherRules(s: GameState): GameState {
  const other = preset(s.setup.ruleset.base === 'swedish' ? 'maffiasig' : 'swedish')
  const options = Object.fromEntries(
    Object.entries(other.options).map(([k, v]) => [k, typeof v === 'boolean' ? !(s.setup.ruleset.options as Record<string, unknown>)[k] : v]),
  ) as typeof other.options
  const counts = { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }
  return { ...s, setup: { ...s.setup, ruleset: { ...other, options }, deal: { ...s.setup.deal, counts } } }
}

describe('apply', () => {
  test.each(PRESET_IDS)('%s: the next state is the same whatever the setup says (apply reads no rule)', (id) => {
    let events = 0
    const kinds = new Set<string>()
    for (let seed = 1; seed <= 30; seed++) {
      const run = randomGame(0xa991 + seed * 7_919, id, { tweak: true, physical: 0.4 })
      run.game.log.forEach((entry, i) => {
        let real = run.states[i] as GameState
        let other = underOtherRules(real)
        for (const e of entry.events) {
          real = apply(real, e)
          other = apply(other, e)
          expect({ ...other, setup: real.setup }).toEqual(real)
          events++
          kinds.add(e.type)
        }
      })
    }
    expect(events).toBeGreaterThan(300)
    // The events whose rules moved out of apply were all seen.
    for (const k of ['nightEnded', 'dayStarted', 'playerDied']) expect(kinds).toContain(k)
  })
})
