/**
 * Fuzzing the engine's untrusted entry points (IPC payloads and game files go through these):
 * random JSON, values of any kind, commands with wrong field types, out-of-range seats and
 * well-formed but illegal commands, each at a random state of a random game. Nothing may throw,
 * and a refused command must leave the game exactly as it was (same object, deep-equal). States are
 * deep-frozen, so an engine that mutated its input would throw here.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { commandSchema } from '../shared/commands'
import { ENGINE_ERROR_CODES } from '../shared/error-codes'
import { PRESET_IDS } from '../shared/ruleset'
import { decide, parseCommand } from './decide'
import type { EngineErrorCode } from './errors'
import { createGame, dispatchUnknown, parseGameFile, replay, toGameFile, undo, type Game } from './game'
import { setupProblems } from './setup'
import type { GameState } from './state'
import { Rng, arbitraryCommand, randomCommand, randomGame } from './testing'
import { projectorView } from './views/projector'
import { refereeView } from './views/referee'

const CODES: readonly EngineErrorCode[] = ENGINE_ERROR_CODES
const TYPES = commandSchema.options.map((o) => o.shape.type.value)

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x)
    for (const v of Object.values(x)) deepFreeze(v)
  }
  return x
}

/** Games at random points: a pool of (game, the true cards) from random games of every preset. */
function gamePool(): { game: Game; cards: readonly string[] }[] {
  const pool: { game: Game; cards: readonly string[] }[] = []
  for (const id of PRESET_IDS) {
    for (let seed = 1; seed <= 40; seed++) {
      const run = randomGame(0xf022 + seed * 7919, id)
      const rng = new Rng(seed)
      const picks = [0, run.states.length - 1, ...Array.from({ length: 8 }, () => rng.int(run.states.length))]
      for (const i of picks) {
        const state = deepFreeze(run.states[i] as GameState)
        pool.push({ game: { setup: run.setup, initial: run.states[0] as GameState, log: run.game.log.slice(0, i), state }, cards: run.cards })
      }
    }
  }
  return pool
}

const POOL = gamePool()

const seatLike = fc.oneof(
  fc.integer({ min: -3, max: 64 }),
  fc.constantFrom(-1, 60, 59, 1.5, -0, 1e9, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER),
  fc.string({ maxLength: 3 }),
  fc.constantFrom(null, undefined, true, [], {}),
)
const anyField = fc.oneof(seatLike, fc.anything({ maxDepth: 2 }))
/** Objects that look like commands: a real (or nearly real) type and fields of any type. */
const wrongTypes = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...TYPES), fc.constantFrom('', 'SHOOT', 'shoot ', 'constructor', '__proto__', 'toString')),
    shooter: anyField,
    target: anyField,
    player: anyField,
    accused: anyField,
    accuser: anyField,
    voter: anyField,
    choice: anyField,
    count: anyField,
    candidate: anyField,
    draw: anyField,
    at: anyField,
    seconds: anyField,
    timer: fc.oneof(fc.constantFrom('day', 'defence', 'night', 'DAY'), anyField),
    role: fc.oneof(fc.constantFrom('mafia', 'investigator', 'doctor', 'citizen', 'referee'), anyField),
    players: fc.oneof(fc.array(seatLike, { maxLength: 5 }), anyField),
  },
  { requiredKeys: ['type'] },
)
/** Well-formed commands with wide arguments: out-of-range seats, illegal at most moments. */
const wellFormed = fc.integer().map((seed) => (pool: number) => {
  const rng = new Rng(seed)
  return arbitraryCommand(rng, rng.chance(0.5) ? 64 : (POOL[pool]?.game.setup.players.length ?? 10) + 2, rng.int(1e7)) as unknown
})
/** Commands that fit the moment (many legal): the generator the property tests use. */
const fitting = fc.integer().map((seed) => (pool: number) => {
  const entry = POOL[pool]
  if (!entry) return null
  return randomCommand(entry.game.state, { rng: new Rng(seed), cards: entry.cards as never, now: new Rng(seed).int(1e7) }) as unknown
})

const input = fc.oneof(
  { arbitrary: fc.jsonValue().map((v) => () => v), weight: 2 },
  {
    arbitrary: fc
      .anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true })
      .map((v) => () => v),
    weight: 2,
  },
  { arbitrary: wrongTypes.map((v) => () => v), weight: 4 },
  { arbitrary: wellFormed, weight: 4 },
  { arbitrary: fitting, weight: 3 },
)

describe('fuzz: random and malformed commands at random game states', () => {
  it(`dispatchUnknown and parse-then-decide never throw; refused input changes nothing (${12_000} commands)`, { timeout: 120_000 }, () => {
    let refused = 0
    let accepted = 0
    fc.assert(
      fc.property(fc.nat(POOL.length - 1), input, (k, make) => {
        const { game } = POOL[k] as (typeof POOL)[number]
        const cmd = make(k)
        const before = game.state
        const snapshot = structuredClone(before)
        const parsed = parseCommand(cmd)
        const decided = parsed.ok ? decide(before, parsed.value) : parsed
        const r = dispatchUnknown(game, cmd)
        expect(r.ok).toBe(decided.ok)
        if (!r.ok) {
          refused++
          expect(CODES).toContain(r.error.code)
          expect(typeof r.error.message).toBe('string')
          expect(r.error.message.length).toBeGreaterThan(0)
          expect(game.state).toBe(before)
        } else {
          accepted++
          expect(r.value.state).not.toBe(before)
          expect(r.value.log).toHaveLength(game.log.length + 1)
          // The views of the new state build without throwing.
          projectorView(r.value.state)
          refereeView(r.value.state)
        }
        // Accepted or not, the old state is untouched (undo relies on it).
        expect(before).toStrictEqual(snapshot)
      }),
      { seed: 0xf055, numRuns: 12_000 },
    )
    expect(refused).toBeGreaterThan(6_000)
    expect(accepted).toBeGreaterThan(500)
  })

  it('out-of-range and wrongly typed seats are refused with a typed error for every command type', () => {
    const entry = POOL.find((e) => e.game.state.phase === 'day') ?? (POOL[0] as (typeof POOL)[number])
    for (const bad of [-1, 60, 1.5, Number.NaN, '3', null, 1e9]) {
      for (const c of [
        { type: 'shoot', shooter: bad, target: 0 },
        { type: 'shoot', shooter: 0, target: bad },
        { type: 'chooseTarget', target: bad },
        { type: 'investigate', target: bad },
        { type: 'heal', target: bad },
        { type: 'accuse', accused: bad },
        { type: 'accuse', accused: 0, accuser: bad },
        { type: 'nominate', player: bad },
        { type: 'castVote', voter: bad, choice: true },
        { type: 'setVoteCount', count: bad === 60 ? 61 : bad },
        { type: 'identifyRole', role: 'mafia', players: [bad] },
        { type: 'setReadingStart', player: bad },
        { type: 'clearShot', shooter: bad },
      ]) {
        const r = dispatchUnknown(entry.game, c)
        expect(r.ok, JSON.stringify(c)).toBe(false)
      }
    }
    for (const bad of [-1, 1.5, Number.NaN, '3', null, 2 ** 32]) {
      for (const c of [
        { type: 'drawRandomDeath', draw: bad },
        { type: 'closeVote', draw: bad },
        { type: 'timerExpired', at: 0, draw: bad },
        { type: 'startTimer', at: bad === 2 ** 32 ? Number.POSITIVE_INFINITY : bad === 1.5 ? -1.5 : bad },
      ]) {
        const r = dispatchUnknown(entry.game, c)
        expect(!r.ok && r.error.code, JSON.stringify(c)).toBe('invalid-command')
      }
    }
    // Seats 0..59 pass the schema; one past the table is refused by the engine as an unknown player.
    const n = entry.game.setup.players.length
    const s = entry.game.state
    if (s.phase === 'day' && s.day?.stage === 'discussion') {
      const r = dispatchUnknown(entry.game, { type: 'accuse', accused: n })
      expect(!r.ok && r.error.code).toBe('unknown-player')
    }
  })

  it('malformed game files and undo arguments never throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (junk) => {
        const r = parseGameFile(junk)
        expect(r.ok).toBe(false)
        expect(setupProblems(junk, [], { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }).length).toBeGreaterThan(0)
      }),
      { seed: 0xf11e, numRuns: 1000 },
    )
    // A real file with its commands scrambled: replay stops at the first refused one, never throws.
    const base = POOL.find((e) => e.game.log.length > 10) as (typeof POOL)[number]
    const file = toGameFile(base.game)
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.jsonValue(),
            wellFormed.map((f) => f(0)),
          ),
          { maxLength: 20 },
        ),
        fc.nat(file.commands.length),
        (extra, cut) => {
          const commands = [...file.commands.slice(0, cut), ...extra]
          const parsed = parseGameFile({ ...file, commands })
          if (parsed.ok) {
            const r = replay(parsed.value.setup, parsed.value.commands)
            if (!r.ok) expect(r.error.index).toBeGreaterThanOrEqual(0)
          } else expect(parsed.error.code).toBe('bad-file')
          // The header alone, with a mismatched deal, is refused at index -1.
          const bad = replay({ ...base.game.setup, deal: { ...base.game.setup.deal, roles: base.game.setup.deal.roles.slice(1) } }, commands)
          expect(!bad.ok && bad.error.index).toBe(-1)
        },
      ),
      { seed: 0xf11f, numRuns: 300 },
    )
    for (const steps of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e9]) {
      const r = undo(base.game, steps)
      expect(r.ok).toBe(false)
    }
  })

  it('a setup that is not playable is refused by createGame with a message, not a throw', () => {
    const g = createGame({ ...(POOL[0] as (typeof POOL)[number]).game.setup, players: ['A', 'B', 'C'] })
    expect(g.ok).toBe(false)
  })
})

describe('the fuzz generators', () => {
  it('make every command type (the table is checked against CommandType), each a valid command', () => {
    const rng = new Rng(0xab1e)
    const seen = new Set<string>()
    for (let i = 0; i < 3000; i++) {
      const c = arbitraryCommand(rng, 14, i)
      expect(commandSchema.safeParse(c).success, JSON.stringify(c)).toBe(true)
      seen.add(c.type)
    }
    expect([...seen].sort()).toEqual([...TYPES].sort())
  })
})
