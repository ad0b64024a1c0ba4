import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameHost } from '../index'
import type { StartGameRequest } from '../../shared/api'
import { NONCE_BYTES, seal } from '../../shared/room-seal'
import { pickBound, voteBound } from '../../shared/room-wire'
import { preset } from '../../engine/rulesets'
import { PLAYERS9 } from '../../../test/support/host'
import { call, makeRoomHost, seatedRoom, until, type TestPhone } from '../../../test/support/room'

/**
 * The day's votes on the phones over real sockets (127.0.0.1, POST /room/vote): a phone's vote is
 * the referee's castVote for its own seat, in the open vote it names; every refusal is one answer,
 * byte for byte, whatever the reason; a vote sealed as a pick (or for another phone) is refused.
 */
let host: GameHost | null = null
afterEach(() => {
  host?.dispose()
  host = null
})

const votesOnPhones = (): StartGameRequest => {
  const r = preset('maffiasig')
  return {
    ruleset: { ...r, options: { ...r.options, votesOnPhones: true } },
    players: [...PLAYERS9],
    counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
    dealMode: 'digital',
  }
}

/** A vote as the page sends it: sealed for the host with the phone's key, bound to voting. */
const vote = (origin: string, p: TestPhone, ballot: unknown, bound = voteBound(p.token)) =>
  call(origin, '/room/vote', {
    method: 'POST',
    headers: { 'x-room-token': p.token },
    body: { sealed: seal(p.seal.key, ballot, bound, randomBytes(NONCE_BYTES)) },
  })

describe('the day’s votes on the phones (POST /room/vote)', () => {
  it('a phone votes as its own seat in the open vote; every refusal is one answer; the tally is the referee’s', { timeout: 30_000 }, async () => {
    host = makeRoomHost('127.0.0.1')
    const h = host
    const { origin, phones, streams } = await seatedRoom(h, votesOnPhones())

    // No vote open: refused.
    const refusals: string[] = []
    const closed = await vote(origin, phones[0]!, { vote: '1.guilty.5', choice: true })
    expect(closed.status).toBe(409)
    refusals.push(closed.body)

    expect(h.invoke('play', { type: 'endNightStep' })).toMatchObject({ ok: true })
    expect(h.invoke('play', { type: 'accuse', accused: 5 })).toMatchObject({ ok: true })
    const game = () => h.refereeAppView().game!
    // The open vote's id as day-vote.ts makes it from public facts (day-vote.test.ts checks voteIdOf).
    const id = `${game().projector.dayNumber}.guilty.5`
    const ballots = () => Object.fromEntries((game().vote?.ballots ?? []).map((b) => [b.voter, b.choice]))

    // Seats 0 and 3 vote yes from their phones: the referee's tally and the projector's open vote by name.
    for (const seat of [0, 3]) expect((await vote(origin, phones[seat]!, { vote: id, choice: true })).status).toBe(204)
    expect(ballots()).toEqual({ 0: true, 3: true })
    expect(game().projector.vote?.candidates[0]?.voters).toEqual([0, 3])
    // Seat 3 changes its mind.
    expect((await vote(origin, phones[3]!, { vote: id, choice: false })).status).toBe(204)
    expect(ballots()).toEqual({ 0: true, 3: false })
    // Each phone is told the open vote and, sealed for it, its own vote; every stream has one shape.
    const shown = (seat: number) => {
      const m = streams[seat]!.messages.at(-1)
      return m?.kind === 'game' ? m.vote : undefined
    }
    await until(() => shown(3)?.mine?.choice === false)
    await until(() => new Set(streams.map((st) => st.wire.length)).size === 1)
    expect(shown(0)).toEqual({ id, mine: { choice: true } })
    expect(shown(1)).toEqual({ id, mine: null })
    const shapes = streams.map((st) => st.wire.map((w) => Buffer.byteLength(JSON.stringify(w))))
    for (const shape of shapes) expect(shape).toStrictEqual(shapes[0])

    const before = JSON.stringify(game().vote)
    const logLength = h.refereeAppView().log.length
    for (const [p, ballot, bound] of [
      [phones[1]!, { vote: `${id}x`, choice: true }, undefined], // a stale vote
      [phones[1]!, { vote: id, choice: 4 }, undefined], // the wrong shape
      [phones[5]!, { vote: id, choice: true }, undefined], // the accused: the engine refuses
      [phones[1]!, { vote: id, choice: true }, pickBound(phones[1]!.token)], // sealed as a pick
      [phones[1]!, { vote: id, choice: true }, voteBound(phones[2]!.token)], // sealed for another phone
      [phones[1]!, { vote: id, choice: true, voter: 4 }, undefined], // a field it may not send
    ] as const) {
      const r = await vote(origin, p, ballot, bound)
      expect(r.status).toBe(409)
      refusals.push(r.body)
    }
    // The referee reads the engine's refusal (the accused voting), whose; the phone was told nothing more.
    expect(h.refereeAppView().lan.voteRefused).toMatchObject([{ seats: [5], error: { reason: 'may-not-vote' } }])
    // One answer, byte for byte, whatever the reason.
    expect(new Set(refusals).size).toBe(1)
    expect(JSON.stringify(game().vote)).toBe(before)
    expect(h.refereeAppView().log.length).toBe(logLength)
    // A body that is no sealed vote.
    expect((await call(origin, '/room/vote', { method: 'POST', headers: { 'x-room-token': phones[1]!.token }, body: { sealed: 'x' } })).body).toBe(refusals[0])
  })
  it('while the operator plays blind, the referee still reads whose phone vote was refused and why (the vote is open)', { timeout: 30_000 }, async () => {
    host = makeRoomHost('127.0.0.1')
    const h = host
    const req = votesOnPhones()
    req.ruleset = { ...req.ruleset, options: { ...req.ruleset.options, firstDeadBecomesReferee: true } }
    const { origin, phones } = await seatedRoom(h, req)
    expect(h.refereeAppView().game?.blind, 'the operator plays blind').toBe(true)
    expect(h.invoke('play', { type: 'endNightStep' })).toMatchObject({ ok: true })
    expect(h.invoke('play', { type: 'accuse', accused: 5 })).toMatchObject({ ok: true })
    const id = `${h.refereeAppView().game!.projector.dayNumber}.guilty.5`
    expect((await vote(origin, phones[0]!, { vote: id, choice: true })).status).toBe(204)
    expect(h.refereeAppView().game!.projector.vote?.candidates[0]?.voters, 'the projector names the voter').toEqual([0])
    // The accused votes from the phone: the engine refuses it, and the referee is told whose and why.
    expect((await vote(origin, phones[5]!, { vote: id, choice: true })).status).toBe(409)
    expect(h.refereeAppView().lan.voteRefused).toMatchObject([{ seats: [5], error: { reason: 'may-not-vote' } }])
  })
})
