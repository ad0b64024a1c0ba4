import { describe, expect, it } from 'vitest'
import { PRESET_IDS, type PresetId } from '../../shared/ruleset'
import { playerView } from '../../engine'
import { randomGame } from '../../engine/testing'
import { phoneStream, shapeDifference, shapeOf } from '../../../test/support/phone-stream'

/**
 * What an observer of sizes sees of the phones' streams (issue 31: from one update's byte length
 * an observer named 36 roles of 36): every seat's stream, whatever its role, has the same shape —
 * the same number of messages, each of the same byte length — because the secrets are sealed at
 * one length (room-seal.ts) and a phone is sent its screen at moments that are the same for every
 * seat (seal.ts, pushKey). The twins' side of it (one seat, other seats' secrets permuted) is in
 * engine/player-view.test.ts.
 */
const GAMES = 25

describe.each(PRESET_IDS)('%s: every seat’s stream has one shape, whatever its role', (id: PresetId) => {
  it(`across the seats of ${GAMES} random games, mafia, inspector, doctor and citizens alike`, { timeout: 60_000 }, () => {
    let compared = 0
    const rolesSeen = new Set<string>()
    for (let seed = 1; seed <= GAMES; seed++) {
      const run = randomGame(seed, id)
      const seats = run.states[0]!.setup.players.length
      const streams = Array.from({ length: seats }, (_, p) => phoneStream(run.states, p))
      for (let p = 1; p < seats; p++) {
        const end = run.states.at(-1)!
        rolesSeen.add(String(end.roles[p]))
        expect(shapeDifference(streams[0]!, streams[p]!), `seed ${seed}: seat 0 (${end.roles[0]}) and seat ${p} (${end.roles[p]})`).toBeNull()
        compared++
      }
      expect(streams[0]!.length).toBeGreaterThan(3)
    }
    expect(compared).toBeGreaterThan(GAMES * 5)
    expect(rolesSeen.has('mafia') && rolesSeen.has('citizen')).toBe(true)
  })
})

describe('the shape test can fail', () => {
  const run = randomGame(3, 'maffiasig')
  const mafioso = run.states.at(-1)!.roles.indexOf('mafia')
  const citizen = run.states.at(-1)!.roles.indexOf('citizen')
  const a = phoneStream(run.states, mafioso)
  const b = phoneStream(run.states, citizen)

  it('one message one byte longer, or one message more, is a different shape', () => {
    expect(shapeDifference(a, b)).toBeNull()
    const longer = [...b]
    longer[2] = `${longer[2]!} `
    expect(shapeDifference(a, longer)).toBe(`message 2: ${shapeOf(a)[2]} bytes against ${shapeOf(a)[2]! + 1}`)
    expect(shapeDifference(a, [...b, b[0]!])).toMatch(/messages against/)
  })

  it('unsealed, the same screens would tell the roles by their sizes (as the attack of issue 31 did)', () => {
    const plain = (seat: number) => run.states.map((st) => JSON.stringify(playerView(st, seat)))
    expect(shapeDifference(plain(mafioso), plain(citizen))).not.toBeNull()
  })
})
