import type { Winner } from './roles'
import type { RulesetOptions } from './ruleset'

/** The end conditions on living counts alone (town includes the doctors). The engine and the referee's sheet use it. */
export function winnerForCounts(o: RulesetOptions, mafia: number, town: number, doctors: number): Winner | null {
  if (mafia === 0) return 'town'
  if (o.doctorMafiaDraw && mafia === 1 && town === 1 && doctors === 1) return 'draw'
  if (mafia > town) return 'mafia'
  if (mafia === town && o.mafiaWinAtParity && (!o.parityNeedsDeadDoctor || doctors === 0)) return 'mafia'
  return null
}

/**
 * The most rounds (a night and a day) a game can last at this table when every round has a death:
 * the longest order of single deaths before an end condition holds. Every day ends with a death in
 * MaffiaSIG, so there it is the true bound; where a day or a night can pass without one the game
 * has no bound, and this is the table's length in deaths.
 */
export function maxRounds(o: RulesetOptions, mafia: number, town: number, doctors: number): number {
  const memo = new Map<string, number>()
  const longest = (m: number, t: number, d: number): number => {
    if (winnerForCounts(o, m, t, d) !== null || m + t <= 1) return 0
    const key = `${m},${t},${d}`
    const known = memo.get(key)
    if (known !== undefined) return known
    let best = 0
    if (m > 0) best = Math.max(best, 1 + longest(m - 1, t, d))
    if (t > d) best = Math.max(best, 1 + longest(m, t - 1, d))
    if (d > 0) best = Math.max(best, 1 + longest(m, t - 1, d - 1))
    memo.set(key, best)
    return best
  }
  return longest(mafia, town, doctors)
}
