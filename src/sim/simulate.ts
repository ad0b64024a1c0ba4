import type { Command } from '../shared/commands'
import type { RoleCounts } from '../shared/roles'
import type { Ruleset } from '../shared/ruleset'
import { dealFromOrder, newGame, step, type Deal, type GameState } from '../engine'
import { POLICIES, readingTable, type Policy, type PolicyName } from './policies'
import { createRng, type Rng } from './prng'
import { CHUNK_GAMES, ChunkMerger, chunkCount, emptyTally, type Tally } from './tally'
import type { Simulation } from './simulation'

export interface SimulateOptions {
  ruleset: Ruleset
  players: number
  counts: RoleCounts
  policy: PolicyName | Policy
  /** How well the town reads the table (0–1, default 0): see readingTable() in policies.ts. */
  read?: number
  games: number
  seed: number
  /** Commands one game may take before it counts as stuck (default: 200 + 60 × players). */
  maxCommands?: number
  /**
   * Stop early once every outcome's 95% interval is within ± this (e.g. 0.01 for ±1 point),
   * checked after each chunk; `games` is then the most it plays. Absent or null: all `games`.
   */
  precision?: number | null
}

export type { Simulation } from './simulation'

export class SimulationSetupError extends Error {
  override name = 'SimulationSetupError'
}

const MAX_GAMES = 10_000_000

/** Seat names for a simulated table. */
const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `P${i + 1}`)

/**
 * The starting state of every game of one setup, from the engine's own newGame: it is validated once,
 * and each game swaps in its deal. A digital deal's roles do not change anything else in the initial
 * state (the first night's calls depend on the counts only), which a test checks against newGame.
 */
export function startingStates(ruleset: Ruleset, players: number, counts: RoleCounts): (deal: Deal) => GameState {
  const n = players
  const first = dealFromOrder(
    counts,
    Array.from({ length: n }, (_, i) => i),
  )
  const created = newGame({ ruleset, players: names(n), deal: first })
  if (!created.ok) throw new SimulationSetupError(created.error.message)
  const template = created.value
  return (deal) => ({ ...template, setup: { ...template.setup, deal }, roles: deal.roles.slice() })
}

/** The game length in days: how many days were opened. */
export const daysOf = (s: GameState): number => s.dayNumber

export interface GameOutcome {
  state: GameState
  commands: number
  error: string | null
}

/** Plays one game to its end with `play`, stepping the engine with each command (typed commands, no schema parse). */
export function playGame(start: GameState, play: (s: GameState) => Command[], maxCommands: number): GameOutcome {
  let s = start
  let commands = 0
  while (s.phase !== 'over') {
    const batch = play(s)
    if (batch.length === 0) return { state: s, commands, error: `The policy had no command for phase ${s.phase}.` }
    for (const c of batch) {
      if (++commands > maxCommands) return { state: s, commands, error: `No end after ${maxCommands} commands.` }
      const r = step(s, c)
      if (!r.ok) return { state: s, commands, error: `The engine refused ${JSON.stringify(c)}: ${r.error.code}: ${r.error.message}` }
      s = r.value.state
      if (s.phase === 'over') break
    }
  }
  return { state: s, commands, error: null }
}

/** One seeded game: the deal and every draw come from `rng`. */
export function simulateOne(start: (deal: Deal) => GameState, counts: RoleCounts, players: number, policy: Policy, rng: Rng, maxCommands: number): GameOutcome {
  const deal = dealFromOrder(counts, rng.permutation(players))
  return playGame(start(deal), policy.start(rng), maxCommands)
}

/** A checked setup, ready to play its chunks: chunk i is games i·CHUNK_GAMES… with the seed's PRNG stream i. */
export interface Batch {
  policy: PolicyName
  seed: number
  games: number
  precision: number | null
  chunks: number
  /** Plays chunk `index` and counts its outcomes. Pure: the same index gives the same tally. */
  play(index: number): Tally
}

/** Checks the options (throws SimulationSetupError) and prepares the setup's chunks. */
export function prepareBatch(o: SimulateOptions): Batch {
  const named = typeof o.policy === 'string' ? POLICIES[o.policy] : o.policy
  if (!named) throw new SimulationSetupError(`Unknown policy ${String(o.policy)}.`)
  const policy = readingTable(named, o.read ?? 0)
  if (!Number.isInteger(o.games) || o.games < 1 || o.games > MAX_GAMES)
    throw new SimulationSetupError(`Games must be a whole number from 1 to ${MAX_GAMES}; got ${o.games}.`)
  const precision = o.precision ?? null
  if (precision !== null && !(precision > 0 && precision < 1)) throw new SimulationSetupError(`Precision must be between 0 and 1; got ${precision}.`)
  const start = startingStates(o.ruleset, o.players, o.counts)
  const maxCommands = o.maxCommands ?? 200 + 60 * o.players
  const chunks = chunkCount(o.games)
  const play = (index: number): Tally => {
    const t = emptyTally()
    const rng = createRng(o.seed, index)
    const first = index * CHUNK_GAMES
    const n = Math.min(CHUNK_GAMES, o.games - first)
    for (let g = 0; g < n; g++) {
      const r = simulateOne(start, o.counts, o.players, policy, rng, maxCommands)
      const w = r.state.winner
      if (r.error !== null || w === null) {
        t.errors++
        t.firstError ??= `Game ${first + g + 1}: ${r.error ?? 'no winner'}`
        continue
      }
      t.wins[w]++
      t.totalDays += daysOf(r.state)
    }
    return t
  }
  return { policy: policy.name, seed: o.seed, games: o.games, precision, chunks, play }
}

/**
 * Monte Carlo estimate of each side's odds before the deal: up to `games` whole games through the
 * engine, each with a fresh deal, played in chunks of CHUNK_GAMES (chunk i from the seed's PRNG
 * stream i). With `precision`, it stops after the first chunk at which every outcome's 95% interval
 * is within ± precision. Same options and seed → the same numbers on any machine — and the same as
 * the estimator's worker threads give, however many there are: they play the same chunks.
 */
export function simulate(o: SimulateOptions): Simulation {
  const batch = prepareBatch(o)
  const merger = new ChunkMerger(batch)
  for (let i = 0; ; i++) {
    const done = merger.add(i, batch.play(i))
    if (done) return done
  }
}

export { summarise } from './tally'
