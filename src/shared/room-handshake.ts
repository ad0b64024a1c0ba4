import { montgomery } from '@noble/curves/abstract/montgomery.js'
import { pow } from '@noble/curves/abstract/modular.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { KEY_BYTES, toBase64url, utf8, V } from './room-seal'

/**
 * The room's handshakes (the seal: room-seal.ts; docs/room.md, "The seal"): the key a phone agrees
 * with the host when it joins by name (X25519 with a commitment and a compared code), or derives
 * from a personal QR code's secret. Apart from the sealed messages so that a seated phone, which
 * has its key, never loads the curve's code (its first render: docs/room.md).
 */

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
