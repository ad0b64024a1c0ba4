import type { Estimate } from '../shared/api'
import type { PolicyName } from './policies'
import type { Proportion } from './stats'

/** The outcome of a batch: the Estimate the app shows, plus the raw counts behind it. */
export interface Simulation extends Estimate {
  policy: PolicyName
  seed: number
  /** Games requested (the most played). `games` (from Estimate) counts those that reached an end: town + mafia + draw. */
  requested: number
  /** The ± the batch stopped at (sequential stopping), or null when it played every requested game. */
  precision: number | null
  wins: { town: number; mafia: number; draw: number }
  /** Wilson 95% intervals and standard errors of the three outcomes. */
  intervals: { town: Proportion; mafia: Proportion; draw: Proportion }
  /** Sum of the game lengths in days (`meanDays` = totalDays / games). */
  totalDays: number
  /** Games that did not end: the engine refused a policy's command or the command cap was hit. A bug if > 0. */
  errors: number
  firstError: string | null
}
