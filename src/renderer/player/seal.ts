import type { PhonePick, PlayerScreen, WireScreen } from '../../shared/room'
import { fromBase64url, NONCE_BYTES, seal as sealValue, toBase64url } from '../../shared/room-seal'
import type { Agreed } from '../../shared/room-handshake'
import { openScreen, pickBound, voteBound } from '../../shared/room-wire'
import { ask, TOKEN_HEADER } from './room-client'
import { STORAGE } from './early-stream'

/**
 * The phone's side of the room's seal (docs/room.md, "The seal"; the protocol: shared/room-seal.ts):
 * the key is agreed when the phone joins by name (and checked by the referee, who compares the code
 * this phone shows with the one on the admit row), or derived from a personal QR code's secret that
 * never leaves this page. The key and its code are kept in this browser with the token, never sent.
 * The handshakes' code (the curve, the hashes) is a chunk of its own, loaded when this phone joins
 * or claims: a seated phone, which has its key, opens its messages without it.
 */
const handshake = () => import('../../shared/room-handshake').catch(() => null)
const random = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n))

export interface PhoneSeal {
  token: string
  key: Uint8Array
  code: string
}

type Failure = { error: 'busy' | 'refused' | 'unreachable' }

export function savedSeal(token: string | null): PhoneSeal | null {
  try {
    const s = JSON.parse(localStorage.getItem(STORAGE.seal) ?? 'null') as { token?: unknown; key?: unknown; code?: unknown } | null
    const key = typeof s?.key === 'string' ? fromBase64url(s.key) : null
    return s && token && s.token === token && key?.length === 32 && typeof s.code === 'string' ? { token, key, code: s.code } : null
  } catch {
    return null
  }
}

export function saveSeal(seal: PhoneSeal | null): void {
  try {
    if (!seal) localStorage.removeItem(STORAGE.seal)
    else localStorage.setItem(STORAGE.seal, JSON.stringify({ token: seal.token, key: toBase64url(seal.key), code: seal.code }))
  } catch {
    // private mode: the key lives as long as the page
  }
}

const sealOf = (token: string, a: Agreed): PhoneSeal => ({ token, key: a.key, code: a.code })

/**
 * Ask for `name`'s seat: commit to a new public key, take the host's, then send ours; both sides
 * then hold the key and the code. The host's public key arrives over the network: a device in the
 * middle would give this phone another code than the referee's row shows.
 */
export async function joinSealed(name: string): Promise<PhoneSeal | Failure> {
  const hs = await handshake()
  if (!hs) return { error: 'unreachable' }
  const { agree, commitmentOf, keyPair } = hs
  const mine = keyPair(random(32))
  const r = await ask('/room/join', { name, commit: commitmentOf(mine.pub) })
  if ('error' in r) return r
  const hostPub = typeof r.pub === 'string' ? fromBase64url(r.pub) : null
  const agreed = hostPub && agree(mine.secret, mine.pub, hostPub, hostPub)
  if (!agreed) return { error: 'refused' }
  try {
    const k = await fetch('/room/key', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: r.token },
      body: JSON.stringify({ pub: toBase64url(mine.pub) }),
    })
    return k.status === 204 ? sealOf(r.token, agreed) : { error: 'refused' }
  } catch {
    return { error: 'unreachable' }
  }
}

/**
 * A player's personal QR code opens this page with `#claim=<secret>` (the fragment: a browser never
 * sends it): the secret is taken out of the address at once (a reload or a shared link cannot use it
 * again); only its claim id goes to the room, and the key is derived here. Null: no secret here.
 */
export async function claimFromAddress(): Promise<PhoneSeal | Failure | null> {
  const secret = /^#claim=([A-Za-z0-9_-]+)$/.exec(location.hash)?.[1]
  if (!secret) return null
  history.replaceState(null, '', location.pathname + location.search)
  const hs = await handshake()
  if (!hs) return { error: 'unreachable' }
  const { claimed, claimIdOf } = hs
  const r = await ask('/room/claim', { claim: claimIdOf(secret) })
  return 'error' in r ? r : sealOf(r.token, claimed(secret))
}

/** A wire message opened with this phone's key (null: not sealed for it, or changed on the way: ignored). */
export const opened = (wire: WireScreen, seal: PhoneSeal): PlayerScreen | null => openScreen(wire, seal.key)

/**
 * A pick at a night call, sealed for the host with this phone's key and padded to one length (a
 * reader of the Wi-Fi learns neither who acted nor whom they named). True when the room took it;
 * false is the room's one refusal (the same for every role), or no answer.
 */
export const sendPick = (seal: PhoneSeal, pick: PhonePick): Promise<boolean> => sendSealed(seal, '/room/pick', pickBound(seal.token), pick)

/** A day's vote (POST /room/vote), sealed as a pick is: the open vote's id and the choice. True when the room took it. */
export const sendVote = (seal: PhoneSeal, vote: string, choice: boolean | number | null): Promise<boolean> =>
  sendSealed(seal, '/room/vote', voteBound(seal.token), { vote, choice })

async function sendSealed(seal: PhoneSeal, path: '/room/pick' | '/room/vote', bound: string, value: unknown): Promise<boolean> {
  try {
    const sealed = sealValue(seal.key, value, bound, random(NONCE_BYTES))
    const r = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: seal.token },
      body: JSON.stringify({ sealed }),
    })
    return r.status === 204
  } catch {
    return false
  }
}
