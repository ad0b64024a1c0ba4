/**
 * A batch of simulated games is played in fixed chunks; this file counts them and merges them in
 * chunk order, so one thread or several (each taking whichever chunk is next) give the same result.
 */
import type { PolicyName } from './policies'
import type { Simulation } from './simulation'
import { proportion } from './stats'

/** Games per chunk. Fixed: changing it changes which games a seed plays (and so every figure). */
export const CHUNK_GAMES = 250

export const chunkCount = (games: number): number => Math.ceil(games / CHUNK_GAMES)

/** What one chunk (or several, merged) counted. */
export interface Tally {
  wins: { town: number; mafia: number; draw: number }
  totalDays: number
  errors: number
  firstError: string | null
}

export const emptyTally = (): Tally => ({ wins: { town: 0, mafia: 0, draw: 0 }, totalDays: 0, errors: 0, firstError: null })

/** Adds `t` into `into`; `t` must be a later chunk (the first error is the earliest game's). */
export function addTally(into: Tally, t: Tally): void {
  into.wins.town += t.wins.town
  into.wins.mafia += t.wins.mafia
  into.wins.draw += t.wins.draw
  into.totalDays += t.totalDays
  into.errors += t.errors
  into.firstError ??= t.firstError
}

/** Every outcome's 95% (Wilson) interval is within ± precision. */
export function isPrecise(t: Tally, precision: number): boolean {
  const n = t.wins.town + t.wins.mafia + t.wins.draw
  return (
    n > 0 &&
    proportion(t.wins.town, n).halfWidth <= precision &&
    proportion(t.wins.mafia, n).halfWidth <= precision &&
    proportion(t.wins.draw, n).halfWidth <= precision
  )
}

/**
 * Takes chunk tallies in any order and merges them in chunk order. The batch ends at the first
 * chunk after which the merged games are precise enough (sequential stopping), or after the last
 * chunk: which chunk that is depends only on the chunks' tallies, never on who played them or when.
 */
export class ChunkMerger {
  private readonly waiting = new Map<number, Tally>()
  private readonly total = emptyTally()
  private next = 0
  private result: Simulation | null = null
  constructor(private readonly batch: { policy: PolicyName; seed: number; games: number; precision: number | null; chunks: number }) {}

  /** Chunks merged so far. */
  get merged(): number {
    return this.next
  }

  /** Adds chunk `index`'s tally; returns the finished Simulation once the batch is done (and ever after). */
  add(index: number, t: Tally): Simulation | null {
    if (this.result) return this.result
    if (index >= this.next && index < this.batch.chunks) this.waiting.set(index, t)
    for (let w = this.waiting.get(this.next); w; w = this.waiting.get(this.next)) {
      this.waiting.delete(this.next)
      addTally(this.total, w)
      this.next++
      const { precision } = this.batch
      if (this.next === this.batch.chunks || (precision !== null && isPrecise(this.total, precision))) {
        const b = this.batch
        this.result = summarise(b.policy, b.seed, b.games, this.total.wins, this.total.totalDays, this.total.errors, this.total.firstError, precision)
        this.waiting.clear()
        return this.result
      }
    }
    return null
  }
}

export function summarise(
  policy: PolicyName,
  seed: number,
  requested: number,
  wins: Simulation['wins'],
  totalDays: number,
  errors: number,
  firstError: string | null,
  precision: number | null = null,
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
    precision,
    wins: { ...wins },
    intervals: { town, mafia, draw },
    totalDays,
    errors,
    firstError,
  }
}
