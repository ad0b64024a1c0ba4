import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameHost } from '../index'
import { PLAYERS9, nextCall, perform, seeded } from '../../../test/support/host'
import { call, joinPhone, joined, listen, makeRoomHost as makeHost, roomGame, until, type TestPhone } from '../../../test/support/room'

/**
 * The room's server over real sockets (on 127.0.0.1 here; the e2e test uses the LAN address): phones
 * join, the referee admits them, and across a whole game each phone's stream carries its own role,
 * a mafioso's partners, and the public board — never another seat's secret.
 */
const request9 = roomGame([...PLAYERS9])

let host: GameHost | null = null
afterEach(() => {
  host?.dispose()
  host = null
})

describe('the room on the LAN', () => {
  it('phones join with the referee’s consent and each stream carries only its own seat’s secret, across a whole game', { timeout: 30_000 }, async () => {
    host = makeHost()
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    expect(host.invoke('startGame', request9)).toMatchObject({ ok: true })
    const lan = host.refereeAppView().lan
    expect(lan).toMatchObject({ open: true, address: expect.stringMatching(/^127\.0\.0\.1:\d+$/) })
    const origin = `http://${lan.address}`

    // The seated names are public; a name that is not seated is refused.
    expect(JSON.parse((await call(origin, '/room/names')).body)).toMatchObject({ names: PLAYERS9 })
    expect(await joinPhone(origin, 'Zoltán')).toMatchObject({ status: 400 })
    expect((await call(origin, '/room/join', { method: 'POST', body: { name: 'Anna', seat: 0 } })).status).toBe(400)

    // Every player's phone asks; the referee sees "Anna's phone" waiting, and the phone sees that it waits.
    const seated: TestPhone[] = []
    for (const name of PLAYERS9) seated.push(await joined(origin, name))
    const tokens = seated.map((p) => p.token)
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(new Set(tokens).size).toBe(9)
    const phones = seated.map((p) => listen(origin, p))
    for (const p of phones) expect(await p.status).toBe(200)
    await until(() => phones.every((p) => p.messages.length > 0))
    expect(phones[0]!.messages[0]).toMatchObject({ kind: 'asking', name: 'Anna' })
    const asking = host.refereeAppView().lan.devices
    expect(asking.map((d) => [d.name, d.state, d.connected])).toEqual(PLAYERS9.map((n) => [n, 'asking', true]))
    // Each row shows the code its phone agreed: the referee compares them.
    expect(asking.map((d) => d.code)).toEqual(seated.map((p) => p.seal.code))
    // The referee's view never carries a device's token.
    expect(JSON.stringify(host.refereeAppView())).not.toContain(tokens[0])

    // Strangers get nothing: no token, a made-up token, another host name, the referee's API.
    expect((await call(origin, '/room/player')).status).toBe(403)
    expect((await call(origin, `/room/player?token=${'A'.repeat(32)}`)).status).toBe(403)
    expect((await call(origin, '/room/names', { headers: { host: `attacker.example:${new URL(origin).port}` } })).status).toBe(403)
    expect((await call(origin, '/api/referee/ready', { method: 'POST', body: [] })).status).toBe(403)
    expect((await call(origin, '/referee/')).status).toBe(403)
    expect((await call(origin, '/room/join', { method: 'POST', body: { name: 'Anna' }, headers: { origin: 'http://evil.example' } })).status).toBe(403)

    for (const d of asking) expect(host.invoke('admitDevice', d.id)).toMatchObject({ ok: true })
    await until(() => phones.every((p) => p.messages.at(-1)?.kind === 'game'))

    // A whole game, with the referee's random but legal moves.
    const rnd = seeded(11)
    for (let i = 0; i < 2000; i++) {
      const c = nextCall(host.refereeAppView(), rnd)
      if (!c) break
      perform(host, c)
    }
    const final = host.refereeAppView().game!
    expect(final.winner).not.toBeNull()
    const roles = final.seats.map((s) => s.role)
    await until(() =>
      phones.every((p) => p.messages.at(-1)?.kind === 'game' && (p.messages.at(-1) as { view: { board: { phase: string } } }).view.board.phase === 'over'),
    )

    // After the game a phone shows what the projector shows: the story, at the projector's page, once the referee puts it up.
    expect(phones.every((p) => p.messages.every((m) => m.kind !== 'game' || m.story === null))).toBe(true)
    for (const index of [0, 1]) {
      expect(await host.invoke('showOnProjector', { kind: 'story', gameId: null, index })).toMatchObject({ ok: true })
      const shown = host.projectorScreen()
      if (shown.kind !== 'story') throw new Error(`the projector shows ${shown.kind}`)
      await until(() =>
        phones.every((p) => {
          const m = p.messages.at(-1)
          return m?.kind === 'game' && m.story?.index === index
        }),
      )
      for (const p of phones) expect(p.messages.at(-1)).toMatchObject({ story: { story: shown.story, index: shown.index } })
    }
    expect(await host.invoke('showOnProjector', { kind: 'standings' })).toMatchObject({ ok: true })
    await until(() =>
      phones.every((p) => {
        const m = p.messages.at(-1)
        return m?.kind === 'game' && m.story === null
      }),
    )

    const mafia = roles.flatMap((r, p) => (r === 'mafia' ? [p] : []))
    let partnersSeen = 0
    phones.forEach((phone, seat) => {
      for (const m of phone.messages) {
        if (m.kind !== 'game') continue
        const v = m.view
        expect(Object.keys(v).sort()).toEqual(['board', 'name', 'partners', 'role', 'seat'])
        expect(v.seat).toBe(seat)
        expect(v.role).toBe(roles[seat])
        if (v.partners) {
          partnersSeen++
          expect(roles[seat]).toBe('mafia')
          expect(v.partners).toEqual(mafia.filter((q) => q !== seat))
        }
        // Another seat's role appears only where the room sees it too: a dead player's card, or at the end.
        for (const s of v.board.seats)
          if (s.seat !== seat && s.role !== null) expect(!s.alive || v.board.phase === 'over', `seat ${seat} saw ${s.seat}'s role`).toBe(true)
      }
    })
    expect(partnersSeen).toBeGreaterThan(0)

    // A phone that reloads comes back to its seat with its token.
    phones[3]!.close()
    const again = listen(origin, seated[3]!)
    expect(await again.status).toBe(200)
    await until(() => again.messages.length > 0)
    expect(again.messages[0]).toMatchObject({ kind: 'game', view: { seat: 3, name: PLAYERS9[3] } })

    // Dropped by the referee: the stream ends and the token is worth nothing.
    const dora = host.refereeAppView().lan.devices.find((d) => d.name === PLAYERS9[3])!
    expect(host.invoke('dropDevice', dora.id)).toMatchObject({ ok: true })
    await again.ended
    expect((await call(origin, `/room/player?token=${tokens[3]}`)).status).toBe(403)

    // Closing the room closes the port.
    expect((await host.invoke('closeRoom')).ok).toBe(true)
    await expect(call(origin, '/room/names')).rejects.toThrow()
    expect(host.refereeAppView().lan).toMatchObject({ open: false, devices: [] })
    for (const p of phones) p.close()
  })

  it('limits join attempts per device and pairs a TV only with the display code', { timeout: 15_000 }, async () => {
    host = makeHost()
    await host.invoke('openRoom', null)
    host.invoke('startGame', request9)
    const lan = host.refereeAppView().lan
    const origin = `http://${lan.address}`
    const wrong = lan.displayCode === '000000' ? '000001' : '000000'
    expect((await call(origin, '/room/pair', { method: 'POST', body: { code: wrong } })).status).toBe(403)
    const paired = await call(origin, '/room/pair', { method: 'POST', body: { code: lan.displayCode } })
    expect(paired.status).toBe(200)
    // The code is used up: the next screen needs the new one.
    expect((await call(origin, '/room/pair', { method: 'POST', body: { code: lan.displayCode } })).status).toBe(403)
    expect(host.refereeAppView().lan.displays).toHaveLength(1)
    const code = host.refereeAppView().lan.displayCode!
    expect(code).not.toBe(lan.displayCode)
    // A wrong code does not change the code a TV may be typing (the room's limit on guessing: room-stranger.test.ts).
    for (let i = 0; i < 5; i++) await call(origin, '/room/pair', { method: 'POST', body: { code: code === '000000' ? '000001' : '000000' } })
    expect(host.refereeAppView().lan.displayCode).toBe(code)
    const statuses: number[] = []
    for (let i = 0; i < 70; i++) statuses.push((await call(origin, '/room/join', { method: 'POST', body: { name: 'Anna' } })).status)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    // The projector's stream for the paired TV: the public screen, with the room's address for its QR code.
    const tv = (JSON.parse(paired.body) as { token: string }).token
    const screen = await new Promise<string>((done) => {
      const req = request(new URL(`/room/projector?token=${tv}`, origin), (res) => {
        res.setEncoding('utf8')
        res.once('data', () => res.once('data', (c: string) => (done(c), req.destroy())))
      })
      req.end()
    })
    expect(screen).toContain('"kind":"game"')
    expect(screen).toContain(`"roomUrl":"${lan.playerUrl}"`)
    await host.invoke('closeRoom')
  })
})
