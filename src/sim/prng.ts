/**
 * A small seeded PRNG for simulations: sfc32 (Chris Doty-Humphrey's "Small Fast Counting" generator,
 * 128-bit state, from PractRand), seeded through splitmix32. Simulations must be reproducible, so they
 * never touch the global random generator or crypto; the host's real games use crypto (src/host/random.ts).
 */
export interface Rng {
  /** A uniform integer in [0, 2^32): the engine's `draw`. */
  next(): number
  /** A uniform integer in [0, n), exactly uniform (Lemire's method with rejection). n in [1, 2^32). */
  below(n: number): number
  /** A uniformly random permutation of 0..n-1 (Fisher–Yates). */
  permutation(n: number): number[]
}

const TWO32 = 0x100000000

/** The seed used when none is given (app and CLI alike), so the same setup always shows the same figures. */
export const DEFAULT_SEED = 20_240_601

/** splitmix32: spreads a seed over the generator's state so that near seeds give unrelated streams. */
function splitmix32(a: number): () => number {
  return () => {
    a = (a + 0x9e3779b9) | 0
    let z = a
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
    return (z ^ (z >>> 15)) >>> 0
  }
}

/** Normalises any finite number to a seed: its low 32 bits mixed with the bits above (up to 2^53). */
export function seedWords(seed: number): [number, number] {
  if (!Number.isFinite(seed)) throw new RangeError(`A seed must be a finite number; got ${seed}.`)
  const s = Math.trunc(Math.abs(seed))
  return [s >>> 0, Math.floor(s / TWO32) >>> 0]
}

/** murmur3's 32-bit finaliser: a bijection on 32-bit words with fmix32(0) = 0. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * The generator for `seed`, or its numbered `stream` (an integer in [0, 2^32)): the streams of one
 * seed start from distinct states, so a batch split into chunks can give chunk i stream i and get
 * the same numbers whoever plays it. Stream 0 is the seed's own stream (createRng(seed)).
 */
export function createRng(seed: number, stream = 0): Rng {
  if (!Number.isInteger(stream) || stream < 0 || stream >= TWO32) throw new RangeError(`A stream must be an integer in [0, 2^32); got ${stream}.`)
  const [lo, hi] = seedWords(seed)
  const sm = splitmix32(lo ^ Math.imul(hi, 0x85ebca6b))
  const h = fmix32(stream)
  let a = sm()
  let b = (sm() ^ h) >>> 0
  let c = (sm() ^ Math.imul(h, 0x9e3779b1)) >>> 0
  let d = 1 // sfc32's counter; the reference seeding starts it at 1
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  // The reference implementation discards the first outputs so the state is well mixed.
  for (let i = 0; i < 12; i++) next()

  const below = (n: number): number => {
    // m = x·n < 2^38 is exact in a double; its high part is the result, its low part decides rejection.
    let m = next() * n
    let l = m % TWO32
    if (l < n) {
      const threshold = (TWO32 - n) % n
      while (l < threshold) {
        m = next() * n
        l = m % TWO32
      }
    }
    return Math.floor(m / TWO32)
  }

  const permutation = (n: number): number[] => {
    const p = new Array<number>(n)
    for (let i = 0; i < n; i++) p[i] = i
    for (let i = n - 1; i > 0; i--) {
      const j = below(i + 1)
      const t = p[i] as number
      p[i] = p[j] as number
      p[j] = t
    }
    return p
  }

  return { next, below, permutation }
}
