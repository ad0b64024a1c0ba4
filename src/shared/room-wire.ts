import type { PhoneCallMine, PlayerScreen, WireScreen } from './room'
import { seal, unseal } from './room-seal'

/**
 * A phone's screen on the wire (docs/room.md, "The seal"): the public part in the clear, the seat's
 * secrets (SeatSecrets) sealed for the phone's key, bound to the message's kind and send time. The
 * host seals (host/room/seal.ts gives the nonce), the phone opens.
 */

const bound = (kind: string, sentAt: number): string => `${kind} ${sentAt}`

/**
 * A seat's own part of a night call, compact (a mafioso's 59 partners' picks fit the sealed length):
 * `p` its pick (-1: none), `m` the partners' [seat, pick] (-1: none), `a` the answer [target, 1 = mafia].
 */
interface WireCall {
  p: number
  m: [number, number][] | null
  a: [number, 0 | 1] | null
}
/** SeatSecrets on the wire: the call compact. */
interface WireSecrets {
  seat: number | null
  name: string
  role: string | null
  partners: number[] | null
  call: WireCall | null
  /** The seat's own day vote on the phones: `c` its choice; null before it votes (or no vote open). */
  vote?: { c: boolean | number | null } | null
}

const pickOf = (n: number): number | null => (n < 0 ? null : n)
const toWireCall = (c: PhoneCallMine): WireCall => ({
  p: c.pick ?? -1,
  m: c.partners && c.partners.map((x) => [x.seat, x.pick ?? -1]),
  a: c.answer && [c.answer.target, c.answer.isMafia ? 1 : 0],
})
const fromWireCall = (c: WireCall): PhoneCallMine => ({
  pick: pickOf(c.p),
  partners: c.m && c.m.map(([seat, pick]) => ({ seat, pick: pickOf(pick) })),
  answer: c.a && { target: c.a[0], isMafia: c.a[1] === 1 },
})

/** What a phone sends to pick (PhonePick), sealed for the host with the phone's key: bound to its token, one length for every pick. */
export const pickBound = (token: string): string => `pick ${token}`

/** What a phone sends to vote by day (PhoneBallot), sealed the same way: bound to its token and to voting, one length for every vote. */
export const voteBound = (token: string): string => `vote ${token}`

export function sealScreen(screen: PlayerScreen, key: Uint8Array, nonce: Uint8Array): WireScreen {
  const { sentAt, lang } = screen
  const secrets: WireSecrets =
    screen.kind === 'game'
      ? {
          seat: screen.view.seat,
          name: screen.view.name,
          role: screen.view.role,
          partners: screen.view.partners,
          call: screen.call && toWireCall(screen.call.mine),
          vote: screen.vote?.mine ? { c: screen.vote.mine.choice } : null,
        }
      : { seat: null, name: screen.name, role: null, partners: null, call: null }
  const sealed = seal(key, secrets, bound(screen.kind, sentAt), nonce)
  if (screen.kind === 'game') {
    const c = screen.call
    const call = c && { id: c.id, kind: c.kind, answered: c.answered, total: c.total, done: c.done, style: c.style }
    return { kind: 'game', board: screen.view.board, story: screen.story, call, vote: screen.vote?.id ?? null, sentAt, lang, sealed }
  }
  return { kind: screen.kind, sentAt, lang, sealed }
}

const seat = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0
const pickLike = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= -1
const isCall = (x: unknown): x is WireCall => {
  if (typeof x !== 'object' || x === null) return false
  const c = x as Record<string, unknown>
  const pair = (v: unknown, second: (y: unknown) => boolean) => Array.isArray(v) && v.length === 2 && seat(v[0]) && second(v[1])
  return (
    pickLike(c.p) && (c.m === null || (Array.isArray(c.m) && c.m.every((m) => pair(m, pickLike)))) && (c.a === null || pair(c.a, (y) => y === 0 || y === 1))
  )
}
const isBallot = (x: unknown): boolean => {
  if (typeof x !== 'object' || x === null) return false
  const c = (x as Record<string, unknown>).c
  return c === null || typeof c === 'boolean' || seat(c)
}
const isSecrets = (x: unknown): x is WireSecrets => {
  if (typeof x !== 'object' || x === null) return false
  const s = x as Record<string, unknown>
  return (
    typeof s.name === 'string' &&
    (s.seat === null || seat(s.seat)) &&
    (s.role === null || typeof s.role === 'string') &&
    (s.partners === null || (Array.isArray(s.partners) && s.partners.every(seat))) &&
    (s.call === null || s.call === undefined || isCall(s.call)) &&
    (s.vote === null || s.vote === undefined || isBallot(s.vote))
  )
}

/** The screen a wire message carries for the phone holding `key`; null when it was not sealed for it (or was changed on the way). */
export function openScreen(wire: WireScreen, key: Uint8Array): PlayerScreen | null {
  const s = unseal(key, wire.sealed, bound(wire.kind, wire.sentAt))
  if (!isSecrets(s)) return null
  const { sentAt, lang } = wire
  if (wire.kind !== 'game') return { kind: wire.kind, name: s.name, sentAt, lang }
  if (s.seat === null) return null
  const view = { seat: s.seat, name: s.name, role: s.role, partners: s.partners, board: wire.board } as Extract<PlayerScreen, { kind: 'game' }>['view']
  // A call's own part without its public part (or the reverse) is not a call.
  const call = wire.call && s.call ? { ...wire.call, mine: fromWireCall(s.call) } : null
  const vote = typeof wire.vote === 'string' ? { id: wire.vote, mine: s.vote ? { choice: s.vote.c } : null } : null
  return { kind: 'game', view, story: wire.story, call, vote, sentAt, lang }
}
