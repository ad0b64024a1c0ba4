import { afterEach, describe, expect, it } from 'vitest'
import type { GameHost } from '../index'
import { PLAYERS9 } from '../../../test/support/host'
import { call, idleFlood, joined, joinPhone, listen, makeRoomHost, roomGame, until } from '../../../test/support/room'
import { normalizeName } from '../../shared/names'
import { DISPLAY_CODE_DIGITS } from '../../shared/room'
import { roomLimits } from '../connections'
import { WRONG_PER_MINUTE } from './pairing'
import { ASKING_GRACE_MS, MAX_ASKING, MAX_ASKING_PER_ADDRESS, MAX_ASKING_PER_NAME, Room } from './room'
import { ROOM_PUSH_MS } from './room-part'
import { STREAMS_PER_DEVICE } from './server'

/**
 * A stranger on the Wi-Fi opens 20,500 TCP connections to the room's port and sends nothing (from
 * its own loopback address, 127.0.0.2, in a child process). Before, the host held every one until
 * it ran out of file descriptors: saving failed with EMFILE and new phones were reset. Now the
 * stranger holds at most the per-address cap, idle sockets close within seconds, and meanwhile the
 * referee saves, an admitted phone's stream gets its new screen and a new phone joins.
 */
const FLOOD = 20_500
/** A stranger's stream churn (the outside probe: 1,500 cycles in 2 s). */
const CHURN = 1_500

let host: GameHost | null = null
let stopFlood: (() => Promise<void>) | null = null
afterEach(async () => {
  await stopFlood?.()
  stopFlood = null
  host?.dispose()
  host = null
})

/** The stranger's count once `ok(open)` holds, or when `ms` have passed. */
async function openWithin(flood: ReturnType<typeof idleFlood>, ok: (open: number) => boolean, ms: number) {
  const end = Date.now() + ms
  let c = await flood.count()
  while (!ok(c.open) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100))
    c = await flood.count()
  }
  return c
}

const tokenOf = (body: string) => (JSON.parse(body) as { token: string }).token

describe('a stranger holding idle sockets', () => {
  it(
    `${FLOOD} idle sockets from one address: the referee saves, an admitted phone updates, a new phone joins; the idle ones close`,
    { timeout: 90_000 },
    async () => {
      host = makeRoomHost()
      expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
      expect((await host.invoke('openRoom', null)).ok).toBe(true)
      const origin = `http://${host.refereeAppView().lan.address}`
      const h = host
      const admit = (name: string) => {
        for (const d of h.refereeAppView().lan.devices)
          if (d.name === name && d.state === 'asking') expect(h.invoke('admitDevice', d.id)).toMatchObject({ ok: true })
      }
      // Anna's phone is in before the stranger comes.
      const anna = listen(origin, await joined(origin, 'Anna'))
      await until(() => anna.messages.length > 0)
      admit('Anna')
      await until(() => anna.messages.at(-1)?.kind === 'idle')

      const flood = idleFlood(origin, FLOOD)
      stopFlood = flood.stop
      const tried = await flood.opened()
      // The stranger got its connections accepted, but holds no more than one address may.
      expect(tried.opened + tried.errors).toBe(FLOOD)
      expect(tried.opened).toBeGreaterThan(FLOOD / 2)
      // Once the host has accepted them (the last ones wait in the system's queue), well before the idle limit.
      const limits = roomLimits()
      const capped = await openWithin(flood, (n) => n <= limits.perAddress, limits.idleMs / 2)
      expect(capped.open).toBeLessThanOrEqual(limits.perAddress)

      // The referee saves; the game starts and the admitted phone's stream (the same one) gets its seat.
      expect(h.invoke('saveRoster', PLAYERS9.slice(0, 8))).toMatchObject({ ok: true })
      expect(h.invoke('startGame', roomGame(PLAYERS9.slice(0, 8)))).toMatchObject({ ok: true })
      await until(() => anna.messages.at(-1)?.kind === 'game')
      // A new phone joins, is let in, and gets its seat.
      const bence = listen(origin, await joined(origin, 'Bence'))
      expect(await bence.status).toBe(200)
      admit('Bence')
      await until(() => bence.messages.at(-1)?.kind === 'game')
      expect(bence.messages.at(-1)).toMatchObject({ kind: 'game', view: { name: 'Bence' } })

      // Idle, the stranger's sockets are closed within seconds (the idle limit, checked every second or so).
      expect((await openWithin(flood, (n) => n === 0, limits.idleMs + 5_000)).open).toBe(0)
      // The phones' streams are not idle: they stay.
      expect(anna.messages.at(-1)?.kind).toBe('game')
      expect(
        h
          .refereeAppView()
          .lan.devices.filter((d) => d.connected)
          .map((d) => d.name),
      ).toEqual(['Anna', 'Bence'])
      anna.close()
      bence.close()
    },
  )
})

describe('every method on every path', () => {
  it('answers and ends (HEAD of a stream included); only a GET of a stream stays open', { timeout: 60_000 }, async () => {
    host = makeRoomHost()
    expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    const origin = `http://${host.refereeAppView().lan.address}`
    const h = host
    const { token } = await joined(origin, 'Anna')
    for (const d of h.refereeAppView().lan.devices) h.invoke('admitDevice', d.id)
    const tv = tokenOf((await call(origin, '/room/pair', { method: 'POST', body: { code: h.refereeAppView().lan.displayCode } })).body)
    const paths = [
      '/',
      '/player',
      '/player/',
      '/tv',
      '/tv/',
      '/assets/none.js',
      '/favicon.ico',
      '/room/names',
      '/room/join',
      '/room/claim',
      '/room/key',
      '/room/pair',
      '/room/looked',
      `/room/device?token=${token}`,
      `/room/player?token=${token}`,
      `/room/projector?token=${tv}`,
      '/room/player?token=nonsense',
      '/api/referee/ready',
      '/referee/',
      '/nothing',
    ]
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']
    const unanswered: string[] = []
    for (const path of paths)
      for (const method of methods) {
        const stream = method === 'GET' && /^\/room\/(player|projector)\?token=(?!nonsense)/.test(path)
        if (stream) continue
        const got = await Promise.race([
          call(origin, path, { method, headers: { 'content-type': 'application/json' } }).then((a) => a.status),
          new Promise<string>((done) => setTimeout(() => done('no end within 5 s'), 5_000)),
        ])
        if (typeof got !== 'number' || got < 200) unanswered.push(`${method} ${path}: ${got}`)
      }
    expect(unanswered).toEqual([])
  })
})

describe('names on every path', () => {
  it(
    'a roster typed in other scripts is listed as kept, and a phone joins with its name as listed or as typed; a name too long once normalised is refused',
    { timeout: 20_000 },
    async () => {
      host = makeRoomHost()
      const typed = ['\u0958\u093E\u0932\u093F\u0926', '\u1112\u1161\u11AB\u1100\u1173\u11AF', 'น\u0E49\u0E33ฝน', 'か\u3099なこ']
      const kept = typed.map(normalizeName)
      // 40 × U+0958 passes every schema (40 characters typed) but is 80 once normalised: refused on the roster and at setup.
      const long = '\u0958'.repeat(40)
      expect(host.invoke('saveRoster', [...typed, long])).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments', message: expect.stringContaining('too long') },
      })
      expect(host.invoke('startGame', roomGame([...kept.slice(0, 3), long]))).toMatchObject({ ok: false })
      expect(host.invoke('saveRoster', typed)).toMatchObject({ ok: true })
      expect((await host.invoke('openRoom', null)).ok).toBe(true)
      const origin = `http://${host.refereeAppView().lan.address}`
      expect(JSON.parse((await call(origin, '/room/names')).body)).toMatchObject({ names: kept })
      for (const [i, name] of [kept[0], typed[1], kept[2], typed[3]].entries()) {
        const phone = await joinPhone(origin, name!)
        expect('status' in phone ? phone.status : 200, `${name}`).toBe(200)
        expect(host.refereeAppView().lan.devices[i]).toMatchObject({ name: kept[i], state: 'asking' })
      }
      expect(await joinPhone(origin, long)).toMatchObject({ status: 400 })
    },
  )
})

describe("guessing the TV's display code", () => {
  it('from many addresses: the room checks few of the guesses, the code stays, and the real TV pairs on its first try', { timeout: 60_000 }, async () => {
    host = makeRoomHost()
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    const origin = `http://${host.refereeAppView().lan.address}`
    const code = host.refereeAppView().lan.displayCode!
    expect(code).toMatch(new RegExp(`^\\d{${DISPLAY_CODE_DIGITS}}$`))
    const wrong = String((Number(code) + 1) % 10 ** DISPLAY_CODE_DIGITS).padStart(DISPLAY_CODE_DIGITS, '0')
    // A stranger guesses from 40 addresses, 10 guesses each (within each address's own limit).
    const ADDRESSES = 40
    const statuses: number[] = []
    for (let round = 0; round < 10; round++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: ADDRESSES }, (_, a) =>
            call(origin, '/room/pair', { method: 'POST', body: { code: wrong }, from: `127.0.1.${a + 1}` }).then((r) => r.status),
          ),
        )),
      )
    const checked = statuses.filter((s) => s === 403).length
    // Checked: the room's wrong tries a minute, plus each address's first; the rest answered "wait" unchecked.
    expect(checked).toBeLessThanOrEqual(WRONG_PER_MINUTE + ADDRESSES)
    expect(statuses.filter((s) => s === 429).length).toBe(statuses.length - checked)
    expect(host.refereeAppView().lan.displayCode).toBe(code)
    // While the stranger keeps trying, the real TV types the code the referee's screen shows: paired at once.
    const still = call(origin, '/room/pair', { method: 'POST', body: { code: wrong }, from: '127.0.1.1' })
    const tv = await call(origin, '/room/pair', { method: 'POST', body: { code }, from: '127.0.2.1' })
    expect(tv.status).toBe(200)
    expect((await still).status).toBe(429)
    expect(host.refereeAppView().lan.displays).toHaveLength(1)
    expect(host.refereeAppView().lan.displayCode).not.toBe(code)
  })
})

describe('a stranger asking for seats', () => {
  it("fills neither the referee's list nor a name: a real phone still asks, beside the stranger's ask for its name", { timeout: 30_000 }, async () => {
    host = makeRoomHost()
    expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    const origin = `http://${host.refereeAppView().lan.address}`
    const h = host
    const asking = () => h.refereeAppView().lan.devices.filter((d) => d.state === 'asking')
    // One address asks for every name, again and again (each ask with its key agreed: shown to the referee): it holds MAX_ASKING_PER_ADDRESS rows at most, one per name.
    for (let i = 0; i < 40; i++) await joinPhone(origin, PLAYERS9[i % 9]!, { from: '127.0.1.1' })
    expect(asking().length).toBeLessThanOrEqual(MAX_ASKING_PER_ADDRESS)
    // Twenty addresses, each asking for Anna and a few others: the list stays within MAX_ASKING, Anna's within MAX_ASKING_PER_NAME.
    for (let a = 2; a <= 21; a++)
      for (const name of ['Anna', ...PLAYERS9.slice(1 + (a % 5), 4 + (a % 5))]) await joinPhone(origin, name, { from: `127.0.1.${a}` })
    expect(asking().length).toBeLessThanOrEqual(MAX_ASKING)
    expect(asking().filter((d) => d.name === 'Anna').length).toBe(MAX_ASKING_PER_NAME)
    // Anna's real phone asks: let in line, not turned away; the referee sees it beside one stranger's ask for Anna.
    const real = await joined(origin, 'Anna', { from: '127.0.2.1' })
    expect(asking().filter((d) => d.name === 'Anna').length).toBe(MAX_ASKING_PER_NAME)
    expect((await call(origin, `/room/device?token=${real.token}`)).status).toBe(204)
    // Its row is there, with the code its phone shows.
    expect(asking().filter((d) => d.code === real.seal.code)).toHaveLength(1)
    const anna = listen(origin, real)
    await until(() => anna.messages.length > 0)
    expect(anna.messages[0]).toMatchObject({ kind: 'asking', name: 'Anna' })
    anna.close()
  })

  it('a waiting phone whose stream is gone is forgotten after ASKING_GRACE_MS; one with its stream open stays', () => {
    let t = 1_000
    const room = new Room(() => t)
    const gone = room.ask('Anna', '10.0.0.5')!
    const here = room.ask('Bence', '10.0.0.6')!
    room.seen(here, 1)
    t += ASKING_GRACE_MS - 1
    expect(room.expireAsking()).toBe(false)
    t += 2
    expect(room.expireAsking()).toBe(true)
    expect(room.device(gone)).toBeUndefined()
    expect(room.device(here)).toBeDefined()
    // Its stream closes: forgotten ASKING_GRACE_MS later.
    room.seen(here, -1)
    t += ASKING_GRACE_MS + 1
    expect(room.expireAsking()).toBe(true)
    expect(room.device(here)).toBeUndefined()
  })
})

describe("a stranger's churn and the referee's window", () => {
  it(
    `${CHURN} open/close cycles of a stream push the referee's view at most once per ROOM_PUSH_MS, and only when it changed`,
    { timeout: 60_000 },
    async () => {
      host = makeRoomHost()
      expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
      expect((await host.invoke('openRoom', null)).ok).toBe(true)
      const origin = `http://${host.refereeAppView().lan.address}`
      const views: string[] = []
      host.onRefereeView((v) => views.push(JSON.stringify({ ...v, sentAt: 0 })))
      const { token } = await joined(origin, 'Anna', { from: '127.0.1.1' })
      const from = Date.now()
      for (let i = 0; i < CHURN; i++) {
        const s = listen(origin, token)
        await s.status
        s.close()
        await s.ended
      }
      const elapsed = Date.now() - from
      const pushed = views.length
      expect(pushed).toBeLessThanOrEqual(Math.ceil(elapsed / ROOM_PUSH_MS) + 2)
      expect(pushed).toBeLessThan(CHURN / 10)
      // No two pushes in a row are the same view.
      expect(views.filter((v, i) => i > 0 && v === views[i - 1])).toEqual([])
    },
  )
})

describe("one device's streams", () => {
  it(`a token holds at most STREAMS_PER_DEVICE streams: a new one ends its oldest`, { timeout: 20_000 }, async () => {
    host = makeRoomHost()
    expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    const origin = `http://${host.refereeAppView().lan.address}`
    const anna = await joined(origin, 'Anna')
    const streams = Array.from({ length: STREAMS_PER_DEVICE }, () => listen(origin, anna))
    for (const s of streams) expect(await s.status).toBe(200)
    const newest = listen(origin, anna)
    expect(await newest.status).toBe(200)
    await streams[0]!.ended
    await until(() => newest.messages.length > 0)
    expect(streams.slice(1).every((s) => s.messages.length > 0)).toBe(true)
    for (const s of [...streams, newest]) s.close()
  })
})
