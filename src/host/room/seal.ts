import { createPublicKey, diffieHellman, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import type { PlayerScreen, WireScreen } from '../../shared/room'
import { fromBase64url, NONCE_BYTES, toBase64url } from '../../shared/room-seal'
import { agreed, commitmentOf, type Agreed } from '../../shared/room-handshake'
import { sealScreen as sealWire } from '../../shared/room-wire'
import { seatSecrets, type GameState } from '../../engine'

/**
 * The host's side of the room's seal (the protocol: shared/room-seal.ts; docs/room.md): the
 * handshakes of phones that joined by name, each phone's screen sealed for its key, and when a
 * phone is sent a screen — decided on what every seat's phone is sent alike, so that no seat's
 * stream differs from another's in count or size.
 */

interface Hello {
  commit: string
  secret: KeyObject
  pub: Uint8Array
}

/**
 * Joined phones between their join (a commitment) and their public key: the host's key pair for
 * each. The host's X25519 is node:crypto's (OpenSSL, ~100× faster than JavaScript: a flood of joins
 * costs the host little); the phone's is @noble/curves' — the tests agree keys across the two.
 */
export class Handshakes {
  private readonly pending = new Map<string, Hello>()

  /** A phone asked with `commit`: the host's public key for it (base64url). */
  hello(token: string, commit: string): string {
    const { privateKey, publicKey } = generateKeyPairSync('x25519')
    const pub = fromBase64url(publicKey.export({ format: 'jwk' }).x ?? '')!
    this.pending.set(token, { commit, secret: privateKey, pub })
    return toBase64url(pub)
  }

  /**
   * The phone's public key: the agreed key and code, once. Null when it is not the key the phone
   * committed to, or not a key — and the handshake waits on: the token crosses the network in the
   * clear, and whoever read it must not be able to spoil the real phone's handshake (no other key
   * can match the commitment, so waiting gives nobody a try).
   */
  finish(token: string, phonePub: string): Agreed | null {
    const h = this.pending.get(token)
    const pub = fromBase64url(phonePub)
    if (!h || !pub || pub.length !== 32 || commitmentOf(pub) !== h.commit) return null
    this.pending.delete(token)
    try {
      const theirs = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: toBase64url(pub) }, format: 'jwk' })
      return agreed(diffieHellman({ privateKey: h.secret, publicKey: theirs }), pub, h.pub)
    } catch {
      // not a key, or one of small order (OpenSSL refuses an all-zero secret)
      return null
    }
  }

  /** Forget the handshakes of tokens the room no longer knows. */
  keep(known: (token: string) => boolean): void {
    for (const token of this.pending.keys()) if (!known(token)) this.pending.delete(token)
  }

  clear(): void {
    this.pending.clear()
  }
}

/** A screen as it goes on the wire (shared/room-wire.ts), with a nonce from node:crypto. */
export const sealScreen = (screen: PlayerScreen, key: Uint8Array): WireScreen => sealWire(screen, key, randomBytes(NONCE_BYTES))

/** Every seat's secrets at this moment, as one string: when it changes, every phone is sent its screen. */
export const secretsEpoch = (s: GameState | null): string => (s ? JSON.stringify(s.setup.players.map((_, p) => seatSecrets(s, p))) : '')

/**
 * When a phone is sent its screen again: when this changes. Its public part (the same for every
 * seat), and every seat's secrets at once — never its own alone, which would tell by the timing of
 * a message that its own secret changed (a mafioso's partners) while another's did not.
 */
export function pushKey(screen: PlayerScreen, epoch: string): string {
  const open =
    screen.kind === 'game' ? { kind: screen.kind, board: screen.view.board, story: screen.story, lang: screen.lang } : { kind: screen.kind, lang: screen.lang }
  return `${JSON.stringify(open)}\n${epoch}`
}
