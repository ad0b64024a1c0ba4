import { xchacha20poly1305 } from '@noble/ciphers/chacha.js'
import { montgomery } from '@noble/curves/abstract/montgomery.js'
import { pow } from '@noble/curves/abstract/modular.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'

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
 * - A sealed message is XChaCha20-Poly1305 with a random 24-byte nonce over SEALED_BYTES of
 *   plaintext (JSON padded with spaces), bound to its kind and send time.
 */

const V = 'nightfall-room-1'
/** The plaintext of every sealed message, whatever its content: 1 KB holds a seat, a 60-character name, 59 partners. */
export const SEALED_BYTES = 1024
export const NONCE_BYTES = 24
export const KEY_BYTES = 32
/** The sealed field's length on the wire (base64url of nonce, ciphertext and tag): the same for every message. */
export const SEALED_CHARS = Math.ceil(((NONCE_BYTES + SEALED_BYTES + 16) * 4) / 3)

/**
 * X25519 (RFC 7748) from @noble/curves' own Montgomery ladder with the curve's parameters — as its
 * ed25519 module builds it, less that module's faster base multiplication on the Edwards curve,
 * which would bring 7 KB (gzipped) more to the phone's page. Checked against RFC 7748's vectors,
 * @noble/curves' x25519 and node:crypto's (room-seal.test.ts).
 */
const P = 2n ** 255n - 19n
export const x25519 = montgomery({
  P,
  type: 'x25519',
  powPminus2: (x: bigint) => pow(x, P - 2n, P),
  // RFC 7748 §5: a scalar's three lowest bits cleared, its highest cleared and the next set.
  adjustScalarBytes: (b: Uint8Array) => {
    b[0]! &= 248
    b[31]! &= 127
    b[31]! |= 64
    return b
  },
})

const text = new TextEncoder()
const utf8 = (s: string): Uint8Array => text.encode(s)

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
    return Uint8Array.from(bin, (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

const derive = (ikm: Uint8Array, salt: Uint8Array, info: string, length: number): Uint8Array => hkdf(sha256, ikm, salt, utf8(`${V} ${info}`), length)

/** Six digits from a derived secret: what the referee compares ("482 913"). */
function codeOf(ikm: Uint8Array, salt: Uint8Array): string {
  const b = derive(ikm, salt, 'code', 4)
  const n = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0
  return String(n % 1_000_000).padStart(6, '0')
}

export interface Agreed {
  key: Uint8Array
  /** Six digits, shown on the phone and on the referee's row. */
  code: string
}

// ───────────── a phone that joins by name: X25519 with a commitment and a compared code ─────────────

/** A key pair from 32 random bytes. */
export function keyPair(random32: Uint8Array): { secret: Uint8Array; pub: Uint8Array } {
  if (random32.length !== 32) throw new Error('a key pair needs 32 random bytes')
  return { secret: random32, pub: x25519.getPublicKey(random32) }
}

/** The phone's commitment to its public key, sent with its join (the key itself only after the host's). */
export const commitmentOf = (phonePub: Uint8Array): string => toBase64url(sha256(new Uint8Array([...utf8(`${V} commit `), ...phonePub])))

/**
 * Both sides, once each knows the other's public key: the key and the code. `mine` is this side's
 * secret key; the transcript is always the phone's public key, then the host's. Null for a public
 * key that is not one (wrong length, or a point of small order: no secret would be agreed).
 */
export function agree(mine: Uint8Array, phonePub: Uint8Array, hostPub: Uint8Array, theirs: Uint8Array): Agreed | null {
  if (theirs.length !== 32) return null
  try {
    return agreed(x25519.getSharedSecret(mine, theirs), phonePub, hostPub)
  } catch {
    return null
  }
}

/** The key and code from an X25519 shared secret (the host computes it with node:crypto, the phone with agree). */
export function agreed(shared: Uint8Array, phonePub: Uint8Array, hostPub: Uint8Array): Agreed | null {
  if (phonePub.length !== 32 || hostPub.length !== 32 || shared.length !== 32 || shared.every((x) => x === 0)) return null
  const transcript = new Uint8Array([...phonePub, ...hostPub])
  return { key: derive(shared, transcript, 'key', KEY_BYTES), code: codeOf(shared, transcript) }
}

// ───────────── a phone that claims its seat with a personal QR code's secret ─────────────

/** What a claim sends (32 base64url characters, the form of a token): reveals nothing of the secret. */
export const claimIdOf = (secret: string): string => toBase64url(derive(utf8(secret), utf8(V), 'claim', 24))

/** The key and code of a claimed seat, from the secret that never left the phone. */
export const claimed = (secret: string): Agreed => ({ key: derive(utf8(secret), utf8(V), 'claim key', KEY_BYTES), code: codeOf(utf8(secret), utf8(V)) })

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
