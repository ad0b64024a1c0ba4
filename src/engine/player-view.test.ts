/**
 * Noninterference per seat: the phone of seat s shows the room's view, s's own role and (a mafioso,
 * once the mafia have met) the partners — nothing that depends on any other seat's secret. Twin
 * games (testing/twins.ts) deal the other seats' roles permuted and make other secret choices with
 * the same public outcome; seat s's view must be byte-identical at every step (at the end, when
 * every card is shown, up to π on the board). When s is a mafioso who has met the mafia by the
 * horizon, π keeps the mafia among themselves: the partners are what s may know. And on the
 * network (test/support/phone-stream.ts: the room's push rule and seal), s's stream has the same
 * shape — count and byte length of every message — in both twins and as another seat's.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS, type PresetId } from '../shared/ruleset'
import type { PlayerView } from '../shared/views'
import type { GameState } from './state'
import { Rng, randomGame } from './testing'
import { expectedAtEnd, permutationOn, playTwin } from './testing/twins'
import { mafiaHaveMet, playerView } from './views/player'
import { phoneStream, shapeDifference } from '../../test/support/phone-stream'

const GAMES = 150
const TIMEOUT = 120_000
const master: Record<PresetId, number> = { maffiasig: 0x9a7e1, estonian: 0x9a7e2, swedish: 0x9a7e3 }

const text = (v: PlayerView) => JSON.stringify(v)

type Run = ReturnType<typeof randomGame>

/**
 * Seat s's view in A and in a twin whose other seats' secrets are permuted (π fixes s): byte-identical
 * at every step up to `horizon`. π keeps the mafia among themselves only when s is a mafioso who was
 * at the mafia's first call by the horizon (alive when the mafia first met): the partners are then
 * what s may know; otherwise they are not, and π mixes them with everyone else.
 */
function twinOfSeat(A: Run, horizon: number, s: number, rng: Rng, label: string) {
  const out = { steps: 0, partnersShown: 0, partnersHidden: 0, permuted: false, statesA: [] as GameState[], statesB: [] as GameState[] }
  const end = A.states[horizon] as GameState
  const n = end.alive.length
  const movable = end.alive.flatMap((x, p) => (x && p !== s ? [p] : []))
  const known = (p: number) => A.setup.deal.roles[p] !== null
  let groups = A.setup.deal.mode === 'physical' ? [movable.filter(known), movable.filter((p) => !known(p))] : [movable]
  const firstMet = A.states.findIndex((st) => mafiaHaveMet(st))
  const atTheCall = firstMet >= 0 && firstMet <= horizon && (A.states[firstMet] as GameState).alive[s] === true
  if (A.cards[s] === 'mafia' && atTheCall) groups = groups.flatMap((g) => [g.filter((p) => A.cards[p] === 'mafia'), g.filter((p) => A.cards[p] !== 'mafia')])
  const pi = permutationOn(rng, n, groups)
  expect(pi[s]).toBe(s)
  out.permuted = pi.some((q, p) => q !== p && A.cards[p] !== A.cards[q])
  playTwin(
    A,
    horizon,
    pi,
    rng,
    (i, c, sa, sb) => {
      const va = playerView(sa, s)
      const expected = sa.phase === 'over' ? { ...va, board: expectedAtEnd(va.board, pi) } : va
      const vb = playerView(sb, s)
      out.statesA.push(sa)
      out.statesB.push(sb)
      out.steps++
      if (va.partners) out.partnersShown++
      else if (va.role === 'mafia') out.partnersHidden++
      if (text(expected) !== text(vb)) expect(vb, `${label}, seat ${s}: after A's step ${i} ${JSON.stringify(c)}`).toStrictEqual(expected)
    },
    label,
  )
  return out
}

/** Games that open with a day in which a mafioso is executed on day 1 and the game goes on into the night: that seat never woke with the mafia. */
function deadBeforeTheCall(id: PresetId, want: number): { A: Run; seat: number; seed: number }[] {
  const found: { A: Run; seat: number; seed: number }[] = []
  for (let seed = 1; seed <= 20_000 && found.length < want; seed++) {
    const A = randomGame(seed, id, { progress: 1 })
    if (A.setup.ruleset.options.firstPhase !== 'day') continue
    const seat = A.states.at(-1)?.announcements.find((a) => a.kind === 'executed' && a.day === 1 && A.cards[a.player] === 'mafia')
    if (seat && A.states.some((st) => st.phase === 'night')) found.push({ A, seat: (seat as { player: number }).player, seed })
  }
  return found
}

describe.each(PRESET_IDS)('%s: a phone sees only its own secret', (id) => {
  it(`twin games differing in other seats' secrets → byte-identical view of seat s at every step (${GAMES} pairs)`, { timeout: TIMEOUT }, () => {
    let steps = 0
    let permuted = 0
    let partnersShown = 0
    let partnersHidden = 0
    let streams = 0
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fffffff }), (seed) => {
        const A = randomGame(seed, id)
        const rng = new Rng(seed ^ 0x9b0e)
        const len = A.game.log.length
        const horizon = rng.chance(0.3) ? len : rng.range(Math.floor(len / 3), len)
        const mafia = A.cards.flatMap((r, p) => (r === 'mafia' ? [p] : []))
        // Seat s: a mafioso half the time, so the partners are compared often.
        const s = rng.chance(0.5) && mafia.length ? (rng.pick(mafia) as number) : rng.int((A.states[horizon] as GameState).alive.length)
        const r = twinOfSeat(A, horizon, s, rng, `seed ${seed}`)
        steps += r.steps
        partnersShown += r.partnersShown
        partnersHidden += r.partnersHidden
        if (r.permuted) permuted++
        // What crosses the network: s's stream has one shape in both twins, and the same as another seat's (of another role, often).
        // A third of the pairs (sealing every message is the slow part; host/room/phone-shape.test.ts compares every seat of its games).
        if (!rng.chance(1 / 3)) return
        const n = r.statesA[0]!.setup.players.length
        const other = (s + 1 + rng.int(n - 1)) % n
        const stream = phoneStream(r.statesA, s)
        for (const [what, b] of [
          ['twin', phoneStream(r.statesB, s)],
          [`seat ${other}`, phoneStream(r.statesA, other)],
        ] as const) {
          const d = shapeDifference(stream, b)
          if (d !== null) expect.fail(`seed ${seed}, seat ${s} against its ${what}: ${d}`)
        }
        streams++
      }),
      { seed: master[id], numRuns: GAMES, endOnFailure: true },
    )
    expect(steps).toBeGreaterThan(500)
    expect(permuted).toBeGreaterThan(GAMES * 0.4)
    expect(partnersShown).toBeGreaterThan(100)
    expect(partnersHidden).toBeGreaterThan(0)
    expect(streams).toBeGreaterThan(GAMES / 5)
  })

  it('a mafioso executed on day 1 of a game that opens with a day is never told the partners: twins mixing the mafia with the others', () => {
    const cases = deadBeforeTheCall(id, 4)
    expect(cases.length).toBeGreaterThan(0)
    for (const { A, seat, seed } of cases) {
      const r = twinOfSeat(A, A.game.log.length, seat, new Rng(seed ^ 0xdead), `seed ${seed} (dead before the call)`)
      expect(r.partnersShown).toBe(0)
      expect(r.partnersHidden).toBeGreaterThan(0)
    }
  })

  it("a mafioso is told the partners from the mafia's first call, and nobody else ever is", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const A = randomGame(seed, id)
      const firstMet = A.states.find((st) => mafiaHaveMet(st))
      for (const st of A.states) {
        const met = mafiaHaveMet(st)
        st.roles.forEach((r, p) => {
          const v = playerView(st, p)
          expect(v.role).toBe(r)
          if (r !== 'mafia' || !met || !firstMet?.alive[p]) expect(v.partners).toBeNull()
          else expect(v.partners).toStrictEqual(st.roles.flatMap((q, k) => (q === 'mafia' && k !== p && firstMet.alive[k] ? [k] : [])))
        })
      }
    }
  })
})
