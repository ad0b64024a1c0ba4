import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameHost } from '../index'
import type { StartGameRequest } from '../../shared/api'
import type { PhoneCall, PlayerScreen } from '../../shared/room'
import { NONCE_BYTES, seal } from '../../shared/room-seal'
import { pickBound } from '../../shared/room-wire'
import { preset } from '../../engine/rulesets'
import { PLAYERS9 } from '../../../test/support/host'
import { call, type listen, makeRoomHost, seatedRoom, until, type TestPhone } from '../../../test/support/room'

/**
 * The night on the phones over real sockets (127.0.0.1): at each call every living phone picks; the
 * actors' picks become the referee's commands when the referee takes them; a refusal is one answer
 * for every role; every phone's stream has one shape at every moment (count and byte length); the
 * investigator's answer reaches the investigator's phone alone.
 */
let host: GameHost | null = null
afterEach(() => {
  host?.dispose()
  host = null
})

const onPhones = (id: 'maffiasig' | 'estonian', counts: StartGameRequest['counts']): StartGameRequest => {
  const r = preset(id)
  return {
    ruleset: { ...r, options: { ...r.options, firstPhase: 'night', nightOnPhones: true } },
    players: [...PLAYERS9],
    counts,
    dealMode: 'digital',
  }
}

type Stream = ReturnType<typeof listen>
const callOf = (m: PlayerScreen | undefined): PhoneCall | null => (m?.kind === 'game' ? m.call : null)

const seatAll = (h: GameHost, req: StartGameRequest) => seatedRoom(h, req, (last) => callOf(last) !== null)

/** A pick as the page sends it: sealed for the host with the phone's key. */
const pick = (origin: string, p: TestPhone, callId: string, target: number) =>
  call(origin, '/room/pick', {
    method: 'POST',
    headers: { 'x-room-token': p.token },
    body: { sealed: seal(p.seal.key, { call: callId, target }, pickBound(p.token), randomBytes(NONCE_BYTES)) },
  })

/** Every phone has the same number of messages, each of the same byte length, as every other. */
function sameShape(streams: Stream[]): void {
  const shapes = streams.map((s) => s.wire.map((w) => Buffer.byteLength(JSON.stringify(w))))
  for (const s of shapes) expect(s).toStrictEqual(shapes[0])
}

describe('the night on the phones', () => {
  it(
    'MaffiaSIG: each mafioso’s shot from the phone, the inspector’s answer on the inspector’s phone only, one shape for every stream',
    { timeout: 30_000 },
    async () => {
      host = makeRoomHost('127.0.0.1', { roomCallMinMs: 0 })
      const h = host
      const { origin, phones, streams } = await seatAll(h, onPhones('maffiasig', { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }))
      const roles = h.refereeAppView().game!.seats.map((s) => s.role)
      const mafia = roles.flatMap((r, p) => (r === 'mafia' ? [p] : []))
      const inspector = roles.indexOf('investigator')
      const citizen = roles.indexOf('citizen')
      const victim = roles.findIndex((r, p) => r === 'citizen' && p !== citizen)
      const first = callOf(streams[0]!.messages.at(-1))!
      expect(first).toMatchObject({ kind: 'mafia', answered: 0, total: 9, done: false })
      // Individual shots: nobody sees another's pick.
      for (const s of streams) expect(callOf(s.messages.at(-1))!.mine).toStrictEqual({ pick: null, partners: null, answer: null })

      // Refusals: one answer whatever the role — a pick for another call, a dead or missing seat, a pick not sealed for this phone.
      const refusals = [
        await pick(origin, phones[mafia[0]!]!, 'no-such-call', victim),
        await pick(origin, phones[citizen]!, 'no-such-call', victim),
        await pick(origin, phones[inspector]!, first.id, 40),
        await call(origin, '/room/pick', { method: 'POST', headers: { 'x-room-token': phones[citizen]!.token }, body: { sealed: 'x' } }),
      ]
      for (const r of refusals) expect([r.status, r.body]).toStrictEqual([409, refusals[0]!.body])
      // A phone's pick is for its own seat: the same sealed pick under another phone's token does not open.
      const stolen = seal(phones[mafia[0]!]!.seal.key, { call: first.id, target: victim }, pickBound(phones[mafia[0]!]!.token), randomBytes(NONCE_BYTES))
      expect((await call(origin, '/room/pick', { method: 'POST', headers: { 'x-room-token': phones[citizen]!.token }, body: { sealed: stolen } })).status).toBe(
        409,
      )

      // Everyone picks: the mafia their victim, everyone else a decoy.
      for (let p = 0; p < 9; p++) expect((await pick(origin, phones[p]!, first.id, mafia.includes(p) ? victim : (p + 1) % 9)).status).toBe(204)
      await until(() => streams.every((s) => callOf(s.messages.at(-1))?.answered === 9))
      const ref = h.refereeAppView().lan.call!
      expect(ref.ready).toBe(true)
      expect(ref.seats.filter((s) => s.acts).map((s) => s.seat)).toStrictEqual(mafia)
      expect(callOf(streams[mafia[0]!]!.messages.at(-1))!.mine).toStrictEqual({ pick: victim, partners: null, answer: null })

      // The referee takes the picks: a shot for each mafioso, as the referee's clicks make them.
      expect(h.invoke('takePhonePicks')).toMatchObject({ ok: true, value: { taken: 2, refused: 0 } })
      expect(h.refereeAppView().game!.night!.shots.map((s) => [s.shooter, s.target])).toStrictEqual(mafia.map((m) => [m, victim]))
      expect(h.invoke('takePhonePicks')).toMatchObject({ ok: false })
      expect(h.play({ type: 'endNightStep' })).toMatchObject({ ok: true })

      // The inspector's call: the inspector points at a mafioso.
      await until(() => streams.every((s) => callOf(s.messages.at(-1))?.kind === 'investigator'))
      const second = callOf(streams[0]!.messages.at(-1))!
      for (let p = 0; p < 9; p++) expect((await pick(origin, phones[p]!, second.id, p === inspector ? mafia[0]! : citizen)).status).toBe(204)
      expect(h.invoke('takePhonePicks')).toMatchObject({ ok: true, value: { taken: 1 } })
      await until(() => streams.every((s) => callOf(s.messages.at(-1))?.done === true))
      for (const [p, s] of streams.entries()) {
        const answer = callOf(s.messages.at(-1))!.mine.answer
        expect(answer).toStrictEqual(p === inspector ? { target: mafia[0], isMafia: true } : null)
      }
      expect(h.play({ type: 'endNightStep' })).toMatchObject({ ok: true })
      await until(() => streams.every((s) => s.messages.at(-1)?.kind === 'game' && callOf(s.messages.at(-1)) === null))
      expect(h.refereeAppView().game!.projector.seats[victim]!.alive).toBe(false)
      // Every stream, the mafiosi's, the inspector's and the citizens', had one shape throughout; no message failed to open.
      sameShape(streams)
      for (const s of streams) expect(s.unopened).toStrictEqual([])
    },
  )

  it('Estonian: the mafia see each other’s picks and agree; the victim is the one they agreed on', { timeout: 30_000 }, async () => {
    host = makeRoomHost('127.0.0.1', { roomCallMinMs: 0 })
    const h = host
    const { origin, phones, streams } = await seatAll(h, onPhones('estonian', { mafia: 2, investigator: 1, doctor: 1, citizen: 5 }))
    const roles = h.refereeAppView().game!.seats.map((s) => s.role)
    const [m1, m2] = roles.flatMap((r, p) => (r === 'mafia' ? [p] : []))
    const victim = roles.indexOf('citizen')
    const other = roles.lastIndexOf('citizen')
    const id = callOf(streams[0]!.messages.at(-1))!.id
    expect((await pick(origin, phones[m1!]!, id, other)).status).toBe(204)
    await until(() => callOf(streams[m2!]!.messages.at(-1))?.answered === 1)
    // m2's phone shows m1's pick; a citizen's phone shows nobody's.
    expect(callOf(streams[m2!]!.messages.at(-1))!.mine.partners).toStrictEqual([{ seat: m1, pick: other }])
    expect(callOf(streams[victim]!.messages.at(-1))!.mine.partners).toBeNull()
    // They disagree: nothing is taken for the victim; then they agree.
    expect((await pick(origin, phones[m2!]!, id, victim)).status).toBe(204)
    expect((await pick(origin, phones[m1!]!, id, victim)).status).toBe(204)
    for (let p = 0; p < 9; p++) if (p !== m1 && p !== m2) expect((await pick(origin, phones[p]!, id, m1!)).status).toBe(204)
    await until(() => h.refereeAppView().lan.call?.answered === 9)
    expect(h.invoke('takePhonePicks')).toMatchObject({ ok: true, value: { taken: 1 } })
    expect(h.refereeAppView().game!.night!.target).toBe(victim)
    await until(() => streams.every((s) => callOf(s.messages.at(-1))?.done === true))
    sameShape(streams)
  })

  it('a pick the engine refuses (the inspector naming themself) is shown to the referee with its reason, never to a phone', { timeout: 30_000 }, async () => {
    host = makeRoomHost('127.0.0.1', { roomCallMinMs: 0 })
    const h = host
    const { origin, phones, streams } = await seatAll(h, onPhones('maffiasig', { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }))
    const roles = h.refereeAppView().game!.seats.map((s) => s.role)
    const inspector = roles.indexOf('investigator')
    const victim = roles.indexOf('citizen')
    const first = callOf(streams[0]!.messages.at(-1))!
    for (let p = 0; p < 9; p++) expect((await pick(origin, phones[p]!, first.id, victim)).status).toBe(204)
    expect(h.invoke('takePhonePicks')).toMatchObject({ ok: true, value: { refused: 0 } })
    expect(h.refereeAppView().lan.call!.refused).toStrictEqual([])
    expect(h.play({ type: 'endNightStep' })).toMatchObject({ ok: true })
    await until(() => streams.every((s) => callOf(s.messages.at(-1))?.kind === 'investigator'))
    const second = callOf(streams[0]!.messages.at(-1))!
    for (let p = 0; p < 9; p++) expect((await pick(origin, phones[p]!, second.id, p === inspector ? inspector : victim)).status).toBe(204)
    expect(h.invoke('takePhonePicks')).toMatchObject({ ok: true, value: { taken: 0, refused: 1 } })
    const refused = h.refereeAppView().lan.call!.refused
    expect(refused).toHaveLength(1)
    expect(refused[0]!.seats).toStrictEqual([inspector])
    expect(refused[0]!.error.code).not.toBe('')
    // Nothing was recorded: the referee records the inspector's pick by hand.
    expect(h.play({ type: 'investigate', target: victim })).toMatchObject({ ok: true })
    await until(() => streams.every((s) => callOf(s.messages.at(-1))?.done === true))
    for (const s of streams) expect(JSON.stringify(s.messages.at(-1))).not.toContain('refused')
    sameShape(streams)
  })

  it('a call lasts its shortest length: the picks cannot be taken before', async () => {
    host = makeRoomHost('127.0.0.1', { roomCallMinMs: 60_000 })
    const h = host
    await seatAll(h, onPhones('maffiasig', { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }))
    expect(h.refereeAppView().lan.call).toMatchObject({ minPassed: false, ready: false })
    expect(h.invoke('takePhonePicks')).toMatchObject({ ok: false, error: { code: 'step-incomplete' } })
  })
})
