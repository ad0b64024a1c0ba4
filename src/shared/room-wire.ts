import type { PlayerScreen, SeatSecrets, WireScreen } from './room'
import { seal, unseal } from './room-seal'

/**
 * A phone's screen on the wire (docs/room.md, "The seal"): the public part in the clear, the seat's
 * secrets (SeatSecrets) sealed for the phone's key, bound to the message's kind and send time. The
 * host seals (host/room/seal.ts gives the nonce), the phone opens.
 */

const bound = (kind: string, sentAt: number): string => `${kind} ${sentAt}`

export function sealScreen(screen: PlayerScreen, key: Uint8Array, nonce: Uint8Array): WireScreen {
  const { sentAt, lang } = screen
  const secrets: SeatSecrets =
    screen.kind === 'game'
      ? { seat: screen.view.seat, name: screen.view.name, role: screen.view.role, partners: screen.view.partners }
      : { seat: null, name: screen.name, role: null, partners: null }
  const sealed = seal(key, secrets, bound(screen.kind, sentAt), nonce)
  if (screen.kind === 'game') return { kind: 'game', board: screen.view.board, story: screen.story, sentAt, lang, sealed }
  return { kind: screen.kind, sentAt, lang, sealed }
}

const isSecrets = (x: unknown): x is SeatSecrets => {
  if (typeof x !== 'object' || x === null) return false
  const s = x as Record<string, unknown>
  const seat = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0
  return (
    typeof s.name === 'string' &&
    (s.seat === null || seat(s.seat)) &&
    (s.role === null || typeof s.role === 'string') &&
    (s.partners === null || (Array.isArray(s.partners) && s.partners.every(seat)))
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
  return { kind: 'game', view, story: wire.story, sentAt, lang }
}
