import { randomBytes } from 'node:crypto'
import type { GameState } from '../../src/engine'
import { playerView } from '../../src/engine'
import { pushKey, sealScreen, secretsEpoch } from '../../src/host/room/seal'
import type { PlayerScreen } from '../../src/shared/room'

/**
 * A seat's phone stream over a game, as the room sends it (room-part.ts): at each state its screen,
 * sent when its push key changes (seal.ts), sealed — the messages as they cross the network, and
 * the stream's shape (each message's byte length, in order), what an observer of sizes sees.
 */
export function phoneStream(states: readonly GameState[], seat: number, key: Uint8Array = randomBytes(32)): string[] {
  let last = ''
  const out: string[] = []
  states.forEach((st, i) => {
    // Send times of one length, as the host's clock gives for years.
    const screen: PlayerScreen = { kind: 'game', view: playerView(st, seat), story: null, call: null, sentAt: 1_700_000_000_000 + i, lang: 'en' }
    const k = pushKey(screen, secretsEpoch(st))
    if (k === last) return
    last = k
    out.push(JSON.stringify(sealScreen(screen, key)))
  })
  return out
}

export const shapeOf = (stream: readonly string[]): number[] => stream.map((m) => Buffer.byteLength(m))

/** Where two streams' shapes first differ (their count, or one message's length), or null when they have the same shape. */
export function shapeDifference(a: readonly string[], b: readonly string[]): string | null {
  const [x, y] = [shapeOf(a), shapeOf(b)]
  if (x.length !== y.length) return `${x.length} messages against ${y.length}`
  const i = x.findIndex((n, k) => n !== y[k])
  return i < 0 ? null : `message ${i}: ${x[i]} bytes against ${y[i]}`
}
