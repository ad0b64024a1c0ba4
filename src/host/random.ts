import { randomBytes, randomInt } from 'node:crypto'

/** Randomness that matters (deals, random deaths, tie draws) comes from here: Node's crypto. */

/** A uniformly random permutation of 0..n-1 (Fisher–Yates with crypto.randomInt). */
export function cryptoPermutation(n: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    const t = a[i] as number
    a[i] = a[j] as number
    a[j] = t
  }
  return a
}

/** A uniform integer in [0, 2^32), the engine's `draw`. */
export function cryptoDraw(): number {
  // randomInt's range is limited to 2^48 and max is exclusive: two 16-bit halves give the full 32 bits.
  return randomInt(0, 0x10000) * 0x10000 + randomInt(0, 0x10000)
}

/** Where the host's randomness comes from (crypto by default; tests inject a seeded one). */
export interface HostRandom {
  permutation(n: number): number[]
  draw(): number
}

export const cryptoRandom: HostRandom = { permutation: cryptoPermutation, draw: cryptoDraw }

/** `bytes` random bytes as hex (the random part of a game id). */
export const cryptoHex = (bytes: number): string => randomBytes(bytes).toString('hex')
