import { randomBytes } from 'node:crypto'
import type { GameState } from '../../src/engine'
import { playerView } from '../../src/engine'
import { pushKey, sealScreen, secretsEpoch } from '../../src/host/room/seal'
import { callEpoch, callIdOf, callKindOf, NightCalls, phoneCallOf } from '../../src/host/room/night-call'
import { phoneVoteOf, voteEpoch } from '../../src/host/room/day-vote'
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
    const screen: PlayerScreen = { kind: 'game', view: playerView(st, seat), story: null, call: null, vote: null, sentAt: 1_700_000_000_000 + i, lang: 'en' }
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

/**
 * The night on the phones (host/room/night-call.ts): seat `seat`'s stream over a game's states with
 * every seat's phone in the room — at each night call every living seat picks (in one order and with
 * names drawn from the call and the seat alone: the same in twin games), then the referee takes the
 * picks, all at the call's last state; a phone is sent its screen when its push key changes, as the
 * room does (room-part.ts: the call's public part and every seat's part of it in the epoch).
 * `ownEpoch` is the broken rule a test shows failing: a phone pushed when its own part changes.
 * Returns each message as it crosses the network and as the phone opens it, with the moment it was sent.
 */
export function callStream(
  states: readonly GameState[],
  seat: number,
  opts: { key?: Uint8Array; ownEpoch?: boolean } = {},
): { wire: string[]; at: number[]; screens: PlayerScreen[] } {
  const key = opts.key ?? randomBytes(32)
  const withPhones = (st: GameState): GameState => ({
    ...st,
    setup: { ...st.setup, ruleset: { ...st.setup.ruleset, options: { ...st.setup.ruleset.options, nightOnPhones: true, votesOnPhones: true } } },
  })
  const all = states.map(withPhones)
  const calls = new NightCalls()
  const phones = new Set(all[0]!.setup.players.map((_, p) => p))
  const out = { wire: [] as string[], at: [] as number[], screens: [] as PlayerScreen[] }
  let last = ''
  let moment = 0
  const send = (st: GameState) => {
    moment++
    const call = calls.current
    const screen: PlayerScreen = {
      kind: 'game',
      view: playerView(st, seat),
      story: null,
      call: call && phoneCallOf(st, call, seat, phones),
      vote: phoneVoteOf(st, seat),
      sentAt: 1_700_000_000_000 + moment,
      lang: 'en',
    }
    const epoch = opts.ownEpoch
      ? JSON.stringify(screen.call?.mine ?? null) + JSON.stringify(screen.call && { ...screen.call, mine: null })
      : `${callEpoch(st, call, phones)}\n${voteEpoch(st)}`
    const k = `${pushKey(screen, secretsEpoch(st))}\n${epoch}`
    if (k === last) return
    last = k
    out.wire.push(JSON.stringify(sealScreen(screen, key)))
    out.at.push(moment)
    out.screens.push(screen)
  }
  all.forEach((st, i) => {
    const call = calls.sync(st, i)
    send(st)
    const next = all[i + 1]
    const ends = call && (!next || callKindOf(next) === null || callIdOf(next) !== call.id)
    if (!call || !ends) return
    // Every living seat picks, in an order and with names from the call's id alone.
    const living = st.alive.flatMap((a, p) => (a ? [p] : []))
    const h = (p: number) => [...`${call.id}/${p}`].reduce((x, c) => (x * 31 + c.charCodeAt(0)) >>> 0, 7)
    for (const p of [...living].sort((a, b) => h(a) - h(b))) {
      calls.pick(st, p, { call: call.id, target: living[h(p) % living.length]! }, i)
      send(st)
    }
    // Some change their minds (the count of answers stays: only their own part, and what partners see, changes).
    for (const p of living.filter((q) => h(q) % 3 === 0)) {
      calls.pick(st, p, { call: call.id, target: living[(h(p) + 1) % living.length]! }, i)
      send(st)
    }
    call.done = true
    send(st)
  })
  return out
}
