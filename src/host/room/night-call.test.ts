import { describe, expect, it } from 'vitest'
import { PRESET_IDS, type PresetId } from '../../shared/ruleset'
import type { PlayerScreen } from '../../shared/room'
import type { GameState } from '../../engine'
import { Rng, randomGame } from '../../engine/testing'
import { permutationOn, playTwin } from '../../engine/testing/twins'
import { mafiaHaveMet } from '../../engine/views/player'
import { callStream, shapeDifference } from '../../../test/support/phone-stream'

/**
 * The night on the phones, its twin property (issue 32): for random games with both options on (the
 * night and the day's votes on the phones),
 * - twin deals that differ in other seats' roles (engine/testing/twins.ts) give seat s's phone the
 *   same calls — the same public part, the same own part — at the same moments, the only difference
 *   allowed being what s itself learns (the investigator's answer about whom it inspected), and the
 *   same day's votes (the open vote's id, its own vote);
 * - across seats of different roles, every call's messages are the same count and the same byte
 *   length at the same moments (the seat's part of a call is sealed at one length: room-seal.ts).
 * And the test can fail: one message one byte longer, or the push rule of a phone's own part alone.
 */
const GAMES = 25

const calls = (screens: PlayerScreen[], inspector: boolean) =>
  screens.map((s) => {
    const c = s.kind === 'game' ? s.call : null
    // What the investigator learns is its own (in a twin it inspected by the twin's own commands): not compared.
    return c && inspector ? { ...c, mine: { ...c.mine, answer: null } } : c
  })

const shape = (s: { wire: string[]; at: number[] }) => s.wire.map((m, i) => `${s.at[i]}:${Buffer.byteLength(m)}`)

describe.each(PRESET_IDS)('%s: the night on the phones', (id: PresetId) => {
  it(`twin games: seat s's phone gets the same calls at the same moments, and every seat's stream one shape (${GAMES} games)`, { timeout: 120_000 }, () => {
    let compared = 0
    let callsSeen = 0
    let answers = 0
    let partnersSeen = 0
    let votesSeen = 0
    const roles = new Set<string>()
    for (let seed = 1; seed <= GAMES; seed++) {
      const A = randomGame(seed, id)
      const rng = new Rng(seed ^ 0x32c0)
      const horizon = A.game.log.length
      const end = A.states[horizon] as GameState
      const n = end.alive.length
      const mafia = A.cards.flatMap((r, p) => (r === 'mafia' ? [p] : []))
      const s = rng.chance(0.5) && mafia.length ? rng.pick(mafia) : rng.int(n)
      // π moves the other seats' roles; a mafioso who met the mafia keeps its partners (what it may know).
      const movable = end.alive.flatMap((x, p) => (x && p !== s ? [p] : []))
      const firstMet = A.states.findIndex((st) => mafiaHaveMet(st))
      const met = firstMet >= 0 && (A.states[firstMet] as GameState).alive[s] === true
      const known = (p: number) => A.setup.deal.roles[p] !== null
      let groups = A.setup.deal.mode === 'physical' ? [movable.filter(known), movable.filter((p) => !known(p))] : [movable]
      if (A.cards[s] === 'mafia' && met) groups = groups.flatMap((g) => [g.filter((p) => A.cards[p] === 'mafia'), g.filter((p) => A.cards[p] !== 'mafia')])
      const pi = permutationOn(rng, n, groups)
      const statesA: GameState[] = []
      const statesB: GameState[] = []
      playTwin(A, horizon, pi, rng, (_, __, sa, sb) => (statesA.push(sa), statesB.push(sb)), `seed ${seed}`)

      const a = callStream(statesA, s)
      const b = callStream(statesB, s)
      const inspector = A.cards[s] === 'investigator'
      expect(calls(b.screens, inspector), `seed ${seed}, seat ${s} (${A.cards[s]}): its calls in the twin`).toStrictEqual(calls(a.screens, inspector))
      expect(b.at, `seed ${seed}: the moments`).toStrictEqual(a.at)
      expect(shape(b)).toStrictEqual(shape(a))
      callsSeen += a.screens.filter((x) => x.kind === 'game' && x.call).length
      answers += a.screens.filter((x) => x.kind === 'game' && x.call?.mine.answer).length
      partnersSeen += a.screens.filter((x) => x.kind === 'game' && x.call?.mine.partners?.length).length
      votesSeen += a.screens.filter((x) => x.kind === 'game' && x.vote).length
      expect(
        b.screens.map((x) => (x.kind === 'game' ? x.vote : null)),
        `seed ${seed}, seat ${s}: the day's votes on its phone in the twin`,
      ).toStrictEqual(a.screens.map((x) => (x.kind === 'game' ? x.vote : null)))
      // Another seat of each role (sealing every seat's stream of every game is the slow part): the same messages at the same moments, of the same byte length.
      const others = [...new Set(A.cards)].map((r) => A.cards.findIndex((c, p) => c === r && p !== s)).filter((p) => p >= 0)
      for (const p of others) {
        const other = callStream(statesA, p)
        roles.add(String(A.cards[p]))
        const d = shapeDifference(a.wire, other.wire)
        if (d !== null || shape(a).join() !== shape(other).join())
          expect.fail(`seed ${seed}: seat ${s} (${A.cards[s]}) against seat ${p} (${A.cards[p]}): ${d ?? 'another moment'}`)
        compared++
      }
    }
    expect(compared).toBeGreaterThan(GAMES * 2)
    expect(callsSeen).toBeGreaterThan(GAMES * 3)
    expect(roles.has('mafia') && roles.has('citizen') && roles.has('investigator')).toBe(true)
    if (id !== 'maffiasig') expect(partnersSeen).toBeGreaterThan(0)
    expect(votesSeen, "the day's votes on the phones are in the streams compared").toBeGreaterThan(GAMES)
    void answers
  })
})

describe('the night on the phones: the tests can fail', () => {
  const run = randomGame(5, 'estonian')
  const states = run.states
  const inspector = run.cards.indexOf('investigator')
  const citizen = run.cards.indexOf('citizen')

  it('one message one byte longer is another shape', () => {
    const a = callStream(states, inspector)
    const b = callStream(states, citizen)
    expect(shapeDifference(a.wire, b.wire)).toBeNull()
    const k = b.screens.findIndex((x) => x.kind === 'game' && x.call?.done)
    expect(k).toBeGreaterThan(0)
    const longer = [...b.wire]
    longer[k] = `${longer[k]!} `
    expect(shapeDifference(a.wire, longer)).toMatch(new RegExp(`^message ${k}: `))
  })

  it('a phone pushed when only its own part of a call changes would tell its role by its stream', () => {
    const a = callStream(states, inspector, { ownEpoch: true })
    const b = callStream(states, citizen, { ownEpoch: true })
    // The inspector's answer comes as a message of its own; a citizen's pick noted changes nothing more.
    expect(a.screens.some((x) => x.kind === 'game' && x.call?.mine.answer)).toBe(true)
    expect(shape(a).join()).not.toBe(shape(b).join())
  })
})
