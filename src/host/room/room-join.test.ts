import { afterEach, describe, expect, it } from 'vitest'
import type { GameHost } from '../index'
import { PLAYERS9 } from '../../../test/support/host'
import { randomBytes } from 'node:crypto'
import { toBase64url } from '../../shared/room-seal'
import { claimIdOf, commitmentOf, keyPair } from '../../shared/room-handshake'
import { call, claimPhone, joined, listen, makeRoomHost, roomGame, until, type TestPhone } from '../../../test/support/room'

/**
 * Joining the room before the game (phones pick among the roster's players and keep their seats when
 * the game starts; a phone whose player leaves the roster is dropped and told so), and the personal
 * QR of the private reveal (a per-seat secret that claims the seat once, without the referee).
 */
const EIGHT = PLAYERS9.filter((n) => n !== 'Bence')
const request8 = roomGame(EIGHT)

let host: GameHost | null = null
afterEach(() => {
  host?.dispose()
  host = null
})

const phoneOf = (p: TestPhone | { status: number }): TestPhone => {
  if ('status' in p) throw new Error(`refused: ${p.status}`)
  return p
}
const deviceOf = (h: GameHost, name: string) => h.refereeAppView().lan.devices.filter((d) => d.name === name)

describe('joining before the game', () => {
  it('phones pick from the roster, the referee lets them in, they wait for the game and keep their seats when it starts', { timeout: 15_000 }, async () => {
    host = makeRoomHost()
    expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    expect(host.refereeAppView().screen).toBe('setup')
    const origin = `http://${host.refereeAppView().lan.address}`

    // No game yet: the names to pick are the roster's.
    expect(JSON.parse((await call(origin, '/room/names')).body)).toMatchObject({ names: PLAYERS9 })
    const anna = await joined(origin, 'Anna')
    const bence = await joined(origin, 'Bence')
    // Whoever read a token on the Wi-Fi sends a key of its own: refused, and the phone is as it was.
    const stranger = { method: 'POST', body: { pub: toBase64url(keyPair(randomBytes(32)).pub) }, headers: { 'x-room-token': anna.token } }
    expect((await call(origin, '/room/key', stranger)).status).toBe(403)
    expect((await call(origin, `/room/device?token=${anna.token}`)).status).toBe(204)
    // And before the phone sends its own: the phone's (the one it committed to) still agrees.
    const mine = keyPair(randomBytes(32))
    const asked = await call(origin, '/room/join', { method: 'POST', body: { name: 'Csaba', commit: commitmentOf(mine.pub) } })
    const csaba = (JSON.parse(asked.body) as { token: string }).token
    expect((await call(origin, '/room/key', { ...stranger, headers: { 'x-room-token': csaba } })).status).toBe(403)
    expect((await call(origin, '/room/key', { method: 'POST', body: { pub: toBase64url(mine.pub) }, headers: { 'x-room-token': csaba } })).status).toBe(204)
    expect(deviceOf(host, 'Csaba')).toHaveLength(1)
    host.invoke('dropDevice', deviceOf(host, 'Csaba')[0]!.id)
    const phones = { anna: listen(origin, anna), bence: listen(origin, bence) }
    await until(() => phones.anna.messages.length > 0 && phones.bence.messages.length > 0)
    expect(phones.anna.messages[0]).toMatchObject({ kind: 'asking', name: 'Anna' })
    for (const d of host.refereeAppView().lan.devices) expect(host.invoke('admitDevice', d.id)).toMatchObject({ ok: true })
    // Let in before the game: waiting for it to start.
    await until(() => phones.anna.messages.at(-1)?.kind === 'idle' && phones.bence.messages.at(-1)?.kind === 'idle')
    expect(phones.anna.messages.at(-1)).toMatchObject({ kind: 'idle', name: 'Anna' })

    // Bence leaves the roster: his phone is told, its stream ends, its token is worth nothing, the referee no longer sees it.
    expect(host.invoke('saveRoster', EIGHT)).toMatchObject({ ok: true })
    await phones.bence.ended
    expect(phones.bence.messages.at(-1)).toMatchObject({ kind: 'left', name: 'Bence' })
    expect((await call(origin, `/room/device?token=${bence.token}`)).status).toBe(403)
    expect(deviceOf(host, 'Bence')).toEqual([])
    expect((await call(origin, '/room/join', { method: 'POST', body: { name: 'Bence' } })).status).toBe(400)
    expect(phones.anna.messages.at(-1)).toMatchObject({ kind: 'idle', name: 'Anna' })

    // The game starts with the roster: Anna's phone has her seat, without asking again.
    expect(host.invoke('startGame', request8)).toMatchObject({ ok: true })
    await until(() => phones.anna.messages.at(-1)?.kind === 'game')
    expect(phones.anna.messages.at(-1)).toMatchObject({ kind: 'game', view: { seat: 0, name: 'Anna' } })
    expect(deviceOf(host, 'Anna')).toMatchObject([{ state: 'admitted', connected: true }])
    phones.anna.close()
  })
})

describe('the personal QR of the private reveal', () => {
  it(
    'claims its seat once without the referee; a used, superseded or wrong secret is refused; a seat with a phone asks the referee',
    { timeout: 15_000 },
    async () => {
      host = makeRoomHost()
      expect(host.invoke('startGame', request8)).toMatchObject({ ok: true })
      // The room is closed: no personal QR.
      expect(host.invoke('personalLink', 0)).toMatchObject({ ok: false, error: { code: 'unavailable' } })
      await host.invoke('openRoom', null)
      const lan = host.refereeAppView().lan
      const origin = `http://${lan.address}`
      const link = (seat: number): string => {
        const r = host!.invoke('personalLink', seat)
        if (!r.ok) throw new Error(r.error.message)
        return r.value
      }
      const secretOf = (url: string) => new URL(url).hash.replace(/^#claim=/, '')
      // What a phone sends: the claim's id (room-seal.ts), never the secret.
      const claim = (secret: string) => call(origin, '/room/claim', { method: 'POST', body: { claim: claimIdOf(secret) } })

      const first = link(0)
      // The secret rides in the address's fragment (a browser never sends it), on the players' page.
      expect(first.startsWith(`${lan.playerUrl}#claim=`)).toBe(true)
      const superseded = secretOf(first)
      expect(superseded).toMatch(/^[A-Za-z0-9_-]{32}$/)
      const url = link(0)
      const secret = secretOf(url)
      expect(secret).not.toBe(superseded)
      // Neither the projector's screen nor the referee's view carries it.
      expect(JSON.stringify(host.projectorScreen())).not.toContain(secret)
      expect(JSON.stringify(host.refereeAppView())).not.toContain(secret)
      expect(host.invoke('personalLink', 8)).toMatchObject({ ok: false, error: { code: 'not-found' } })

      // Wrong, malformed and superseded secrets get nothing.
      expect((await claim('A'.repeat(32))).status).toBe(403)
      expect((await call(origin, '/room/claim', { method: 'POST', body: { claim: 'short' } })).status).toBe(403)
      expect((await call(origin, '/room/claim', { method: 'POST', body: { claim: claimIdOf(secret), seat: 1 } })).status).toBe(403)
      // The secret itself, in either field, is not a claim: a claim that crossed the network never gives away the key.
      expect((await call(origin, '/room/claim', { method: 'POST', body: { secret } })).status).toBe(403)
      expect((await call(origin, '/room/claim', { method: 'POST', body: { claim: secret } })).status).toBe(403)
      expect((await claim(superseded)).status).toBe(403)
      expect(host.refereeAppView().lan.devices).toEqual([])

      // The shown secret claims seat 0 at once: the phone sees Anna's game, the referee sees her phone.
      const claimed = phoneOf(await claimPhone(origin, secret))
      expect(claimed.token).not.toBe(secret)
      const phone = listen(origin, claimed)
      await until(() => phone.messages.length > 0)
      // Opened with the key derived from the secret (listen fails on a message it cannot open).
      expect(phone.messages[0]).toMatchObject({ kind: 'game', view: { seat: 0, name: 'Anna' } })
      expect(deviceOf(host, 'Anna')).toMatchObject([{ state: 'admitted', connected: true, code: claimed.seal.code, seatHasPhone: false }])
      // Used up.
      expect((await claim(secret)).status).toBe(403)
      // A second device for the claimed seat, even with a fresh secret, waits for the referee; the row says the seat has a phone.
      const second = phoneOf(await claimPhone(origin, secretOf(link(0))))
      expect(deviceOf(host, 'Anna').map((d) => [d.state, d.seatHasPhone])).toEqual([
        ['admitted', false],
        ['asking', true],
      ])
      // So does a phone that asks by name; its row shows its own code.
      const third = await joined(origin, 'Anna')
      const rows = deviceOf(host, 'Anna')
      expect(rows.map((d) => [d.state, d.seatHasPhone, d.code])).toEqual([
        ['admitted', false, claimed.seal.code],
        ['asking', true, second.seal.code],
        ['asking', true, third.seal.code],
      ])
      // The referee lets the third in: it replaces the first, which is told so and dropped. Never two phones on one seat.
      const thirdPhone = listen(origin, third)
      expect(host.invoke('admitDevice', rows[2]!.id)).toMatchObject({ ok: true })
      await phone.ended
      expect(phone.messages.at(-1)).toMatchObject({ kind: 'replaced', name: 'Anna' })
      expect((await call(origin, `/room/device?token=${claimed.token}`)).status).toBe(403)
      await until(() => thirdPhone.messages.at(-1)?.kind === 'game')
      expect(thirdPhone.messages.at(-1)).toMatchObject({ kind: 'game', view: { seat: 0, name: 'Anna' } })
      expect(deviceOf(host, 'Anna').map((d) => [d.state, d.seatHasPhone, d.code])).toEqual([
        ['asking', true, second.seal.code],
        ['admitted', false, third.seal.code],
      ])
      thirdPhone.close()
    },
  )

  it('claims are rate-limited per device address, as joins are', { timeout: 15_000 }, async () => {
    host = makeRoomHost()
    host.invoke('startGame', request8)
    await host.invoke('openRoom', null)
    const origin = `http://${host.refereeAppView().lan.address}`
    const r = host.invoke('personalLink', 1)
    const secret = r.ok ? new URL(r.value).hash.slice('#claim='.length) : ''
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await call(origin, '/room/claim', { method: 'POST', body: { claim: 'B'.repeat(32) } })).status)
    expect(statuses.slice(0, 60).every((s) => s === 403)).toBe(true)
    expect(statuses[60]).toBe(429)
    // Within the minute the right secret waits too, and so does a join: one limit for every attempt.
    expect((await call(origin, '/room/claim', { method: 'POST', body: { claim: claimIdOf(secret) } })).status).toBe(429)
    expect((await call(origin, '/room/join', { method: 'POST', body: { name: 'Csaba' } })).status).toBe(429)
    expect(host.refereeAppView().lan.devices).toEqual([])
  })
})
