import type { Estimate } from '../../shared/api'
import type { Command } from '../../shared/commands'
import type { RoleCounts } from '../../shared/roles'
import type { Ruleset } from '../../shared/ruleset'
import { dealFromOrder, newGame, step, type Deal, type GameState } from '../engine'
import { POLICIES, type Policy, type PolicyName } from './policies'
import { createRng, type Rng } from './prng'
import { proportion, type Proportion } from './stats'

export interface SimulateOptions {
  ruleset: Ruleset
  players: number
  counts: RoleCounts
  policy: PolicyName | Policy
  games: number
  seed: number
  /** Commands one game may take before it counts as stuck (default: 200 + 60 × players). */
  maxCommands?: number
}

/** The outcome of a batch: the Estimate the app shows, plus the raw counts behind it. */
export interface Simulation extends Estimate {
  policy: PolicyName
  seed: number
  /** Games requested. `games` (from Estimate) counts those that reached an end: town + mafia + draw. */
  requested: number
  wins: { town: number; mafia: number; draw: number }
  /** Wilson 95% intervals and standard errors of the three outcomes. */
  intervals: { town: Proportion; mafia: Proportion; draw: Proportion }
  /** Sum of the game lengths in days (`meanDays` = totalDays / games). */
  totalDays: number
  /** Games that did not end: the engine refused a policy's command or the command cap was hit. A bug if > 0. */
  errors: number
  firstError: string | null
}

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
  const first = dealFromOrder(counts, Array.from({ length: n }, (_, i) => i))
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

/**
 * Monte Carlo estimate of each side's odds before the deal: `games` whole games through the engine,
 * each with a fresh deal. Same options and seed → the same numbers, on any machine.
 */
export function simulate(o: SimulateOptions): Simulation {
  const policy = typeof o.policy === 'string' ? POLICIES[o.policy] : o.policy
  if (!policy) throw new SimulationSetupError(`Unknown policy ${String(o.policy)}.`)
  if (!Number.isInteger(o.games) || o.games < 1 || o.games > MAX_GAMES)
    throw new SimulationSetupError(`Games must be a whole number from 1 to ${MAX_GAMES}; got ${o.games}.`)
  const start = startingStates(o.ruleset, o.players, o.counts)
  const maxCommands = o.maxCommands ?? 200 + 60 * o.players
  const rng = createRng(o.seed)
  const wins = { town: 0, mafia: 0, draw: 0 }
  let totalDays = 0
  let errors = 0
  let firstError: string | null = null
  for (let g = 0; g < o.games; g++) {
    const r = simulateOne(start, o.counts, o.players, policy, rng, maxCommands)
    const w = r.state.winner
    if (r.error !== null || w === null) {
      errors++
      firstError ??= `Game ${g + 1}: ${r.error ?? 'no winner'}`
      continue
    }
    wins[w]++
    totalDays += daysOf(r.state)
  }
  return summarise(policy.name, o.seed, o.games, wins, totalDays, errors, firstError)
}

export function summarise(
  policy: PolicyName,
  seed: number,
  requested: number,
  wins: Simulation['wins'],
  totalDays: number,
  errors: number,
  firstError: string | null,
): Simulation {
  const games = wins.town + wins.mafia + wins.draw
  const town = proportion(wins.town, games)
  const mafia = proportion(wins.mafia, games)
  const draw = proportion(wins.draw, games)
  return {
    games,
    town: town.p,
    mafia: mafia.p,
    draw: draw.p,
    townCi: town.halfWidth,
    mafiaCi: mafia.halfWidth,
    drawCi: draw.halfWidth,
    meanDays: games > 0 ? totalDays / games : 0,
    policy,
    seed,
    requested,
    wins: { ...wins },
    intervals: { town, mafia, draw },
    totalDays,
    errors,
    firstError,
  }
}
