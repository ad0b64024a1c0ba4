import { xchacha20poly1305 } from '@noble/ciphers/chacha.js'

/**
 * The room's end-to-end seal (docs/room.md, "The seal"): what only seat s may know travels to s's
 * phone encrypted with a key that never crossed the network, padded to one length. One
 * implementation for the host and the phone; randomness comes in as arguments (the host's from
 * node:crypto, the phone's from crypto.getRandomValues), so this file stays pure.
 *
 * - A phone that joins by name agrees a key with the host: X25519, the phone committing to its
 *   public key before it sees the host's (so a man in the middle cannot search for keys that give
 *   both sides the same code), and a 6-digit code from the agreed secret that the referee compares
 *   on the phone and on the admit row (as Signal's safety number).
 * - A phone that claims its seat with a personal QR code derives the key from the code's secret,
 *   which rides in the address's fragment and never leaves the phone: it sends only the claim's id,
 *   a one-way function of the secret.
 * This file holds what every seated phone needs at once (the sealed messages); the handshakes
 * that make a key are `room-handshake.ts`, loaded by a phone only when it joins or claims.
 * - A sealed message is XChaCha20-Poly1305 with a random 24-byte nonce over SEALED_BYTES of
 *   plaintext (JSON padded with spaces), bound to its kind and send time.
 */

export const V = 'nightfall-room-1'
/** The plaintext of every sealed message, whatever its content: 1 KB holds a seat, a 60-character name, 59 partners. */
export const SEALED_BYTES = 1024
export const NONCE_BYTES = 24
export const KEY_BYTES = 32
/** The sealed field's length on the wire (base64url of nonce, ciphertext and tag): the same for every message. */
export const SEALED_CHARS = Math.ceil(((NONCE_BYTES + SEALED_BYTES + 16) * 4) / 3)

const text = new TextEncoder()
export const utf8 = (s: string): Uint8Array => text.encode(s)

export function toBase64url(b: Uint8Array): string {
  let s = ''
  for (const x of b) s += String.fromCharCode(x)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Null for anything that is not base64url. */
export function fromBase64url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'))
    // A plain loop: Uint8Array.from with a callback per character cost a phone's first screen milliseconds.
    const bytes = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
    return bytes
  } catch {
    return null
  }
}

// ───────────── sealed messages ─────────────

const aad = (bound: string): Uint8Array => utf8(`${V} ${bound}`)

/**
 * `value` as JSON, padded to SEALED_BYTES, encrypted for `key` with `nonce` (24 random bytes) and
 * bound to `bound` (the message's kind and send time). Throws for a value longer than SEALED_BYTES
 * (a longer message would tell its content by its size: none can be, by the schemas' limits).
 */
export function seal(key: Uint8Array, value: unknown, bound: string, nonce: Uint8Array): string {
  if (nonce.length !== NONCE_BYTES) throw new Error('a seal needs a 24-byte nonce')
  const json = utf8(JSON.stringify(value))
  if (json.length > SEALED_BYTES) throw new Error(`a sealed message of ${json.length} bytes is longer than ${SEALED_BYTES}`)
  const padded = new Uint8Array(SEALED_BYTES).fill(0x20)
  padded.set(json)
  const box = xchacha20poly1305(key, nonce, aad(bound)).encrypt(padded)
  return toBase64url(new Uint8Array([...nonce, ...box]))
}

/** The sealed value, or null when it was not sealed for this key and binding (or was changed on the way). */
export function unseal(key: Uint8Array, sealed: string, bound: string): unknown {
  const bytes = fromBase64url(sealed)
  if (!bytes || bytes.length !== NONCE_BYTES + SEALED_BYTES + 16) return null
  try {
    const plain = xchacha20poly1305(key, bytes.subarray(0, NONCE_BYTES), aad(bound)).decrypt(bytes.subarray(NONCE_BYTES))
    return JSON.parse(new TextDecoder().decode(plain)) as unknown
  } catch {
    return null
  }
}
