/**
 * "Did you mean …?" for a key, a command type, a player's name or a role someone mistyped: the
 * known word at the smallest edit distance (letters inserted, removed, changed or swapped), when
 * it is close enough to be a typo. Case is ignored.
 */

/** Longer words are not compared: a fuzzed or pasted key should cost nothing. */
const MAX_LENGTH = 64

export function closest(word: string, known: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > MAX_LENGTH) return undefined
  const w = word.toLowerCase()
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of known) {
    if (candidate.length > MAX_LENGTH) continue
    const d = distance(w, candidate.toLowerCase())
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  // One slip in a short word, up to a third of the letters in a long one.
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(w.length / 3)) ? best : undefined
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
