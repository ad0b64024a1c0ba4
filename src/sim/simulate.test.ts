import { describe, expect, test } from 'vitest'
import type { EstimateRequest, Estimate } from '../shared/api'
import type { Command } from '../shared/commands'
import type { PresetId } from '../shared/ruleset'
import { dealFromOrder, newGame, preset, suggestCounts, type GameState } from '../engine'
import { POLICIES, randomPolicy, type Policy } from './policies'
import { createRng } from './prng'
import { playGame, prepareBatch, simulate, startingStates, type Simulation } from './simulate'
import { proportion } from './stats'
import { CHUNK_GAMES, ChunkMerger, emptyTally } from './tally'

const IDS: PresetId[] = ['maffiasig', 'estonian', 'swedish']
const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}`)

describe('simulate', () => {
  test('seeded and reproducible: same seed, same numbers; another seed, other numbers', () => {
    const r = preset('swedish')
    const o = { ruleset: r, players: 9, counts: suggestCounts(r, 9), policy: 'informed' as const, games: 800 }
    const a = simulate({ ...o, seed: 7 })
    expect(simulate({ ...o, seed: 7 })).toEqual(a)
    expect(simulate({ ...o, seed: 8 })).not.toEqual(a)
  })

  test('a Simulation is an Estimate: fractions, intervals and mean days are consistent', () => {
    const r = preset('estonian')
    const s: Simulation = simulate({ ruleset: r, players: 10, counts: suggestCounts(r, 10), policy: 'random', games: 1500, seed: 3 })
    const e: Estimate = s
    expect(e.games).toBe(1500)
    expect(s.wins.town + s.wins.mafia + s.wins.draw).toBe(1500)
    expect(e.town + e.mafia + e.draw).toBeCloseTo(1, 12)
    expect(e.town).toBe(s.wins.town / 1500)
    for (const side of ['town', 'mafia', 'draw'] as const) {
      const i = s.intervals[side]
      expect(i.lo).toBeLessThanOrEqual(e[side])
      expect(i.hi).toBeGreaterThanOrEqual(e[side])
      expect(e[`${side}Ci`]).toBe(i.halfWidth)
      expect(i.halfWidth).toBeGreaterThan(0)
    }
    expect(e.meanDays).toBe(s.totalDays / 1500)
    // Every game has at least one day (the first night kills one of ten at most) and at most ten.
    expect(e.meanDays).toBeGreaterThan(1)
    expect(e.meanDays).toBeLessThan(10)
    expect(s.errors).toBe(0)
  })

  test('the Wilson interval: known values', () => {
    const p = proportion(50, 100)
    expect(p.lo).toBeCloseTo(0.4038, 4)
    expect(p.hi).toBeCloseTo(0.5962, 4)
    const zero = proportion(0, 1000)
    expect(zero.lo).toBe(0)
    expect(zero.hi).toBeCloseTo(0.00383, 5)
    expect(zero.halfWidth).toBeCloseTo(0.00383, 5)
  })

  test('every preset and policy plays without a refused command, 12 and 18 players', () => {
    for (const id of IDS)
      for (const policy of ['random', 'informed'] as const)
        for (const n of [5, 12, 18]) {
          const r = preset(id)
          const s = simulate({ ruleset: r, players: n, counts: suggestCounts(r, n), policy, games: 300, seed: n })
          expect(s.firstError).toBeNull()
          expect(s.errors).toBe(0)
          expect(s.games).toBe(300)
        }
  })

  test('only the Swedish doctor rule gives draws', () => {
    for (const id of IDS) {
      const r = preset(id)
      const s = simulate({ ruleset: r, players: 7, counts: suggestCounts(r, 7), policy: 'random', games: 2000, seed: 11 })
      if (id === 'swedish') expect(s.draw).toBeGreaterThan(0)
      else expect(s.draw).toBe(0)
    }
  })

  test('informed play beats random play for the town (12 players, every preset)', () => {
    for (const id of IDS) {
      const r = preset(id)
      const o = { ruleset: r, players: 12, counts: suggestCounts(r, 12), games: 3000, seed: 12 }
      const rnd = simulate({ ...o, policy: 'random' })
      const inf = simulate({ ...o, policy: 'informed' })
      const se = Math.hypot(rnd.intervals.town.se, inf.intervals.town.se)
      expect(inf.town - rnd.town, `${id}: informed ${inf.town}, random ${rnd.town}`).toBeGreaterThan(4 * se)
    }
  })

  test('each game starts from exactly the state newGame gives for its deal', () => {
    for (const id of IDS)
      for (const firstPhase of ['night0', 'night', 'day'] as const) {
        const r = preset(id)
        r.options.firstPhase = firstPhase
        const n = 11
        const counts = suggestCounts(r, n)
        const start = startingStates(r, n, counts)
        const rng = createRng(firstPhase.length)
        for (let i = 0; i < 20; i++) {
          const deal = dealFromOrder(counts, rng.permutation(n))
          const direct = newGame({ ruleset: r, players: names(n), deal })
          if (!direct.ok) throw new Error(direct.error.message)
          expect(start(deal)).toEqual(direct.value)
        }
      }
  })

  test('the engine accepts every preset with only mafia and citizens', () => {
    for (const id of IDS) {
      const r = preset(id)
      const s = simulate({ ruleset: r, players: 9, counts: { mafia: 2, investigator: 0, doctor: 0, citizen: 7 }, policy: 'informed', games: 200, seed: 1 })
      expect(s.errors).toBe(0)
    }
  })

  test('a setup the engine refuses is an error before any game', () => {
    const r = preset('maffiasig')
    expect(() =>
      simulate({ ruleset: r, players: 8, counts: { mafia: 4, investigator: 0, doctor: 0, citizen: 4 }, policy: 'random', games: 10, seed: 1 }),
    ).toThrow(/mafia would win/)
    expect(() =>
      simulate({ ruleset: r, players: 8, counts: { mafia: 2, investigator: 0, doctor: 1, citizen: 5 }, policy: 'random', games: 10, seed: 1 }),
    ).toThrow(/no doctor/i)
    expect(() => simulate({ ruleset: r, players: 8, counts: suggestCounts(r, 8), policy: 'random', games: 0, seed: 1 })).toThrow(/Games/)
    expect(() => simulate({ ruleset: r, players: 8, counts: suggestCounts(r, 8), policy: 'nope' as 'random', games: 5, seed: 1 })).toThrow(/Unknown policy/)
  })

  test('stuck or refused games are counted as errors and surfaced, never hang', () => {
    const r = preset('estonian')
    const counts = suggestCounts(r, 8)
    // A step cap too small for any game.
    const capped = simulate({ ruleset: r, players: 8, counts, policy: 'random', games: 5, seed: 1, maxCommands: 3 })
    expect(capped.errors).toBe(5)
    expect(capped.games).toBe(0)
    expect(capped.firstError).toMatch(/No end after 3 commands/)
    // A policy that only ever sends an illegal command.
    const silly: Policy = { name: 'random', description: 'broken', start: () => (): Command[] => [{ type: 'accuse', accused: 0 }] }
    const refused = simulate({ ruleset: r, players: 8, counts, policy: silly, games: 3, seed: 1 })
    expect(refused.errors).toBe(3)
    expect(refused.firstError).toMatch(/refused/)
    // A policy that idles (a referee who only pauses) hits the cap.
    const idle: Policy = {
      name: 'random',
      description: 'idle',
      start:
        () =>
        (s: GameState): Command[] =>
          s.phase === 'night' ? [{ type: 'clearShot', shooter: 0 }] : [],
    }
    expect(simulate({ ruleset: r, players: 8, counts, policy: idle, games: 2, seed: 1 }).errors).toBe(2)
  })

  test('playGame drives a single game to its end through decide/apply', () => {
    const r = preset('maffiasig')
    const counts = suggestCounts(r, 9)
    const start = startingStates(r, 9, counts)(dealFromOrder(counts, [0, 1, 2, 3, 4, 5, 6, 7, 8]))
    const g = playGame(start, randomPolicy.start(createRng(1)), 10_000)
    expect(g.error).toBeNull()
    expect(g.state.phase).toBe('over')
    expect(g.state.winner).not.toBeNull()
  })

  test('an EstimateRequest maps onto simulate', () => {
    const r = preset('maffiasig')
    const req: EstimateRequest = { ruleset: r, players: 12, counts: suggestCounts(r, 12), policy: 'informed', games: 500 }
    const s = simulate({ ...req, seed: 1 })
    expect(s.policy).toBe('informed')
    expect(s.requested).toBe(500)
    expect(Object.keys(POLICIES)).toEqual(['random', 'informed'])
  })

  test('sequential stopping: the first chunk where every interval is within ± precision, and no later', () => {
    const r = preset('maffiasig')
    const o = { ruleset: r, players: 12, counts: suggestCounts(r, 12), policy: 'informed' as const, seed: 21 }
    const s = simulate({ ...o, games: 20_000, precision: 0.01 })
    expect(s.errors).toBe(0)
    expect(s.games % CHUNK_GAMES).toBe(0)
    expect(s.games).toBeLessThan(20_000)
    expect(s.precision).toBe(0.01)
    expect(Math.max(s.townCi, s.mafiaCi, s.drawCi)).toBeLessThanOrEqual(0.01)
    // The same games as a plain batch of that size: stopping only cuts the batch short.
    const plain = simulate({ ...o, games: s.games })
    expect({ ...plain, requested: 20_000, precision: 0.01 }).toEqual(s)
    // One chunk fewer was not yet precise enough.
    const shorter = simulate({ ...o, games: s.games - CHUNK_GAMES })
    expect(Math.max(shorter.townCi, shorter.mafiaCi, shorter.drawCi)).toBeGreaterThan(0.01)
    expect(() => simulate({ ...o, games: 10, precision: 0 })).toThrow(/Precision/)
  })

  test('a batch is its chunks, each from its own stream: chunk i is games i·CHUNK_GAMES… whatever plays it', () => {
    const r = preset('estonian')
    const o = { ruleset: r, players: 10, counts: suggestCounts(r, 10), policy: 'random' as const, seed: 5 }
    const whole = simulate({ ...o, games: 3 * CHUNK_GAMES + 17 })
    // The chunks handed to a merger in any order merge to the same result.
    const batch = prepareBatch({ ...o, games: 3 * CHUNK_GAMES + 17 })
    expect(batch.chunks).toBe(4)
    const m = new ChunkMerger(batch)
    expect(m.add(3, batch.play(3))).toBeNull()
    expect(m.add(1, batch.play(1))).toBeNull()
    expect(m.add(0, batch.play(0))).toBeNull()
    expect(m.merged).toBe(2)
    expect(m.add(2, batch.play(2))).toEqual(whole)
    // The first chunk is the seed's own stream: the same games as before batches were split.
    const first = batch.play(0)
    expect(simulate({ ...o, games: CHUNK_GAMES }).wins).toEqual(first.wins)
    expect(batch.play(1)).not.toEqual(first)
    expect(emptyTally().wins).toEqual({ town: 0, mafia: 0, draw: 0 })
  })
})
