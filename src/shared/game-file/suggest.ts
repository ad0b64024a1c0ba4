/**
 * "Did you mean …?" for a key, a command type, a player's name or a role someone mistyped: the
 * known word at the smallest edit distance (letters inserted, removed, changed or swapped), when
 * it is close enough to be a typo. Case is ignored.
 */

/**
 * Longer words are not compared, and only against this many known words: a fuzzed, pasted or
 * hostile word costs at most MAX_LENGTH × MAX_LENGTH × MAX_CANDIDATES steps (about 60,000).
 */
export const MAX_LENGTH = 32
const MAX_CANDIDATES = 64

export function closest(word: string, known: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > MAX_LENGTH) return undefined
  const w = word.toLowerCase()
  const limit = Math.max(1, Math.floor(w.length / 3))
  let best: string | undefined
  let bestDistance = Infinity
  let compared = 0
  for (const candidate of known) {
    if (compared++ >= MAX_CANDIDATES) break
    // The distance is at least the difference in length: such a word cannot be close enough.
    const c = candidate.toLowerCase()
    if (c.length > MAX_LENGTH || Math.abs(c.length - w.length) > limit) continue
    const d = distance(w, c)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  // One slip in a short word, up to a third of the letters in a long one.
  return best !== undefined && bestDistance <= limit ? best : undefined
}

/** "; did you mean X?" or nothing. */
export const didYouMean = (word: string, known: Iterable<string>): string => {
  const c = closest(word, known)
  return c === undefined ? '' : `; did you mean ${c}?`
}

/** Optimal string alignment distance (Levenshtein plus swapped neighbours). */
export function distance(a: string, b: string): number {
  if (a === b) return 0
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1)
      row.push(d)
    }
    rows.push(row)
  }
  return rows[a.length]?.[b.length] ?? Infinity
}
