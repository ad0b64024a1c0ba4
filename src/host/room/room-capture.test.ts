import { Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameHost } from '../index'
import { PLAYERS9, nextCall, perform, seeded } from '../../../test/support/host'
import { call, claimPhone, joined, listen, makeRoomHost, roomGame, until, type TestPhone } from '../../../test/support/room'
import { LANGUAGE_IDS } from '../../shared/languages'
import { presetNames, roleName } from '../../shared/role-names'
import { ROLE_IDS, type RoleId } from '../../shared/roles'
import { PRESET_IDS } from '../../shared/ruleset'
import type { PlayerScreen, WireScreen } from '../../shared/room'
import { phoneHost, phoneSockets, type PhoneHost } from '../../../test/support/lan'

/**
 * What someone reading the Wi-Fi learns (issue 31): every byte the room's sockets write, both ways,
 * over a whole game with nine phones (eight joined by name, one by its personal QR code) and a TV.
 * Outside the public screens — the board and the story, the same in every phone's message at the
 * same moment, as the TV shows them — no role (its id, or its name in any language of any ruleset)
 * and no partner ever appears; and from the sizes of what each phone receives, the best observer
 * names no role better than chance. On the private LAN of `npm test` (scripts/lan-sandbox) the room is
 * on the laptop's address and every device is on the second host, as on a club's Wi-Fi; elsewhere
 * both ends are this machine's loopback.
 */
let host: GameHost | null = null
let phone: PhoneHost | undefined
afterEach(async () => {
  host?.dispose()
  host = null
  await phone?.close()
  phone = undefined
})

/** Every chunk any socket of this process writes to or from `port` (or towards the phone host, which sends it on), as text. */
function capture(port: () => number): { chunks: string[]; fromPhoneHost: () => number; stop(): void } {
  const chunks: string[] = []
  let fromPhoneHost = 0
  const write = Socket.prototype.write
  Socket.prototype.write = function (this: Socket, data: unknown, ...rest: unknown[]) {
    if (phoneSockets.has(this)) fromPhoneHost++
    if (this.localPort === port() || this.remotePort === port() || phoneSockets.has(this))
      chunks.push(typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString('utf8'))
    return (write as (...a: unknown[]) => boolean).call(this, data, ...rest)
  } as typeof write
  return { chunks, fromPhoneHost: () => fromPhoneHost, stop: () => (Socket.prototype.write = write) }
}

/** Every role's word, in every language of every preset, and the role ids themselves. */
const ROLE_WORDS = [
  ...new Set([
    ...ROLE_IDS,
    ...PRESET_IDS.flatMap((p) => LANGUAGE_IDS.flatMap((l) => ROLE_IDS.map((r) => roleName(presetNames(p), r, l)))).flatMap((w) => [w, w.toLowerCase()]),
  ]),
]

/** The best observer of sizes: for each stream shape, the commonest role among the phones of that shape. Its hits. */
function bestGuesses(shapes: string[], roles: RoleId[]): number {
  const byShape = new Map<string, RoleId[]>()
  shapes.forEach((s, i) => byShape.set(s, [...(byShape.get(s) ?? []), roles[i]!]))
  let hits = 0
  for (const rs of byShape.values()) hits += Math.max(...ROLE_IDS.map((r) => rs.filter((x) => x === r).length))
  return hits
}

describe('a capture of every byte the room sends over a whole game', () => {
  it('holds no role and no partner outside the public screens, and no size tells a role', { timeout: 60_000 }, async () => {
    phone = await phoneHost()
    const agent = phone?.agent
    host = makeRoomHost(phone?.lan.laptop)
    expect(host.invoke('startGame', roomGame([...PLAYERS9]))).toMatchObject({ ok: true })
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    const lan = host.refereeAppView().lan
    const origin = `http://${lan.address}`
    const port = Number(new URL(origin).port)
    const cap = capture(() => port)
    try {
      // Eight phones join by name; the ninth claims its seat with its personal QR code.
      const phones: TestPhone[] = []
      for (const name of PLAYERS9.slice(0, 8)) phones.push(await joined(origin, name, { agent }))
      const link = host.invoke('personalLink', 8)
      if (!link.ok) throw new Error(link.error.message)
      const qr = await claimPhone(origin, new URL(link.value).hash.slice('#claim='.length), agent)
      if ('status' in qr) throw new Error(`claim refused: ${qr.status}`)
      phones.push(qr)
      const streams = phones.map((p) => listen(origin, p, '/room/player', agent))
      await until(() => streams.every((s) => s.messages.length > 0))
      for (const d of host.refereeAppView().lan.devices) if (d.state === 'asking') host.invoke('admitDevice', d.id)
      const paired = await call(origin, '/room/pair', { method: 'POST', body: { code: lan.displayCode }, agent })
      const tv = listen(origin, (JSON.parse(paired.body) as { token: string }).token, '/room/projector', agent)
      await until(() => streams.every((s) => s.messages.at(-1)?.kind === 'game'))

      const rnd = seeded(5)
      for (let i = 0; i < 2000; i++) {
        const c = nextCall(host.refereeAppView(), rnd)
        if (!c) break
        perform(host, c)
        // Let the sockets carry what was written (a referee does not play 2000 moves in one tick).
        await new Promise((r) => setImmediate(r))
      }
      const game = host.refereeAppView().game!
      expect(game.winner).not.toBeNull()
      const roles = game.seats.map((s) => s.role as RoleId)
      const over = (m: PlayerScreen | undefined) => m?.kind === 'game' && m.view.board.phase === 'over'
      await until(() => streams.every((s) => over(s.messages.at(-1))) && tv.wire.length > 1)
      for (const s of [...streams, tv]) s.close()
      cap.stop()

      // The phones' own view: each its role; the mafiosi their partners (the game is what the test says it is).
      const mafia = roles.flatMap((r, p) => (r === 'mafia' ? [p] : []))
      streams.forEach((s, seat) =>
        expect(s.messages.at(-1)).toMatchObject({
          view: { seat, role: roles[seat], partners: roles[seat] === 'mafia' ? mafia.filter((m) => m !== seat) : null },
        }),
      )

      // Every phone's stream, in the clear: the same messages for every seat, up to the sealed part.
      const clear = (w: WireScreen) => JSON.stringify({ ...w, sealed: w.sealed.length, sentAt: 0 })
      const first = streams[0]!.wire.slice(-streams.at(-1)!.wire.length)
      for (const s of streams) expect(s.wire.slice(-first.length).map(clear)).toEqual(first.map(clear))

      // Every byte, both ways, without the public screens (the boards and stories carry every role's name, in every language, and the end's cards).
      const all = cap.chunks.join('')
      expect(all.length).toBeGreaterThan(100_000)
      // On the private LAN every device's requests left from the second host.
      if (phone) expect(cap.fromPhoneHost()).toBeGreaterThan(phones.length * 2)
      const publicFree = cap.chunks.join('').replace(/^data: (\{.*\})$/gm, (_, json: string) => {
        const v = JSON.parse(json) as Record<string, unknown>
        // The TV's stream is the projector's public screen: nothing of it is a seat's.
        if (!('sealed' in v)) return 'data: <the projector screen>'
        return `data: ${JSON.stringify({ ...v, board: '<public>', story: '<public>' })}`
      })
      // Random values (tokens, public keys, commitments, claim ids, nonces and ciphertexts: base64url of 24 bytes or more) say
      // nothing, but spell short words by chance.
      const clearText = publicFree.replace(/[A-Za-z0-9_-]{32,}/g, '<random>')
      expect(clearText).not.toMatch(/"view"|"partners"|"role"|"seat"/)
      for (const w of ROLE_WORDS) expect(clearText.includes(w), `“${w}” crossed the network in the clear`).toBe(false)
      // What a phone is told of its own seat travels, but only sealed.
      expect(publicFree).toContain('"sealed"')

      // The sizes: each phone's stream as an observer sees it (the byte length of every message, in order)
      // from its admission on (before it, a phone that asked got one message more than the one with the QR code: a fact of its joining, not its role).
      const size = (w: WireScreen) => Buffer.byteLength(JSON.stringify(w))
      expect(new Set(streams.flatMap((s) => s.wire.filter((w) => w.kind === 'asking').map(size))).size).toBe(1)
      const shapes = streams.map((s) =>
        s.wire
          .filter((w) => w.kind === 'game')
          .map(size)
          .join(','),
      )
      const base = Math.max(...ROLE_IDS.map((r) => roles.filter((x) => x === r).length))
      expect(new Set(shapes).size).toBe(1)
      expect(bestGuesses(shapes, roles)).toBe(base)
      // The same observer on the unsealed screens names every role: the check could fail.
      const plain = streams.map((s) =>
        s.messages
          .filter((m) => m.kind === 'game')
          .map((m) => JSON.stringify(m).length)
          .join(','),
      )
      expect(bestGuesses(plain, roles)).toBe(roles.length)
    } finally {
      cap.stop()
    }
  })
})
