/** Binomial proportions with 95% intervals. */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054

export interface Proportion {
  /** successes / trials (0 when there are no trials). */
  p: number
  /** Wilson score interval. */
  lo: number
  hi: number
  /** A symmetric half-width that covers the Wilson interval around p: max(p − lo, hi − p). */
  halfWidth: number
  /** Standard error of p (normal approximation): √(p(1−p)/n). */
  se: number
}

export function proportion(successes: number, trials: number, z = Z95): Proportion {
  if (trials <= 0) return { p: 0, lo: 0, hi: 1, halfWidth: 1, se: 0 }
  const p = successes / trials
  const z2 = z * z
  const denom = 1 + z2 / trials
  const centre = (p + z2 / (2 * trials)) / denom
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))
  // The bounds are exactly 0 and 1 at the extremes; rounding would leave a speck.
  const lo = successes === 0 ? 0 : Math.max(0, centre - half)
  const hi = successes === trials ? 1 : Math.min(1, centre + half)
  return { p, lo, hi, halfWidth: Math.max(p - lo, hi - p), se: Math.sqrt((p * (1 - p)) / trials) }
}
