/**
 * Noninterference: the projector shows only public facts. Two games with the same public history
 * but different secrets must give the same projector view at every step.
 *
 * Pair construction. Game A is a random game, compared up to a random horizon (often its end). Let S
 * be the players still alive at the horizon: their roles are never revealed before it (unless the game
 * is over), and as they are alive throughout, permuting their roles
 * (π) changes neither who dies nor any count the win conditions look at. Game B is dealt the
 * permuted roles and replays A's commands: public ones (day, votes, clocks, night-step ends) as
 * they are, secret ones mapped through π (the shot of mafioso m at t becomes the shot of π(m) at π(t)).
 * At random night calls B makes DIFFERENT choices with the same public outcome instead: another
 * spread of shots with the same victim, another heal that saves nobody (or the same save), another
 * investigation. The projector views must agree at every step (at the end, when all cards are
 * shown, up to π), and while the operator is blind (variant) so must the whole referee view.
 * The compared views name who raised a hand in each vote (the default room setting): hands go up in
 * front of the room, so they are public like the counts, and the pairs prove no secret shapes them.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RoleId } from '../../shared/roles'
import { PRESET_IDS, type PresetId } from '../../shared/ruleset'
import type { GameState, NightState } from './state'
import { Rng, randomGame } from './testing'
import { expectedAtEnd, permutationOn, playTwin } from './testing/twins'
import { projectorView } from './views/projector'
import { refereeView } from './views/referee'

const GAMES = 1000
const TIMEOUT = 120_000
const master: Record<PresetId, number> = { maffiasig: 0xa11ce1, estonian: 0xa11ce2, swedish: 0xa11ce3 }
const SEEDS = fc.integer({ min: 1, max: 0x7fffffff })

function same<T>(a: T, b: T, what: string): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) expect(b, what).toStrictEqual(a)
}

describe.each(PRESET_IDS)('%s: noninterference', (id) => {
  it(`same public history, different secrets → identical projector at every step (${GAMES} game pairs)`, { timeout: TIMEOUT }, () => {
    let varied = 0
    let permuted = 0
    // Steps whose compared view names raised hands (who voted is public: it must be compared too).
    let namedHands = 0
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const A = randomGame(seed, id)
        const rng = new Rng(seed ^ 0x5ec2e7)
        // Compare the whole game, or (more often) a prefix of it: more players are alive mid-game, so
        // more roles can be swapped.
        const len = A.game.log.length
        const horizon = rng.chance(0.3) ? len : rng.range(Math.floor(len / 3), len)
        const end = A.states[horizon] as GameState
        const n = end.alive.length
        // Alive at the end; for a physical deal keep recorded-up-front seats apart, as the operator entered those.
        const S = end.alive.flatMap((x, p) => (x ? [p] : []))
        const known = (p: number) => A.setup.deal.roles[p] !== null
        const groups = A.setup.deal.mode === 'physical' ? [S.filter(known), S.filter((p) => !known(p))] : [S]
        const pi = permutationOn(rng, n, groups)
        if (pi.some((q, p) => q !== p && A.cards[p] !== A.cards[q])) permuted++
        const { varied: v, B } = playTwin(A, horizon, pi, rng, (i, c, sa2, sb) => {
          const pa = projectorView(sa2)
          if (i < 0) return same(pa, projectorView(sb), `seed ${seed}: initial projector`)
          if (pa.vote?.candidates.some((c) => c.voters?.length)) namedHands++
          same(sa2.phase === 'over' ? expectedAtEnd(pa, pi) : pa, projectorView(sb), `seed ${seed}: projector after A's step ${i} ${JSON.stringify(c)}`)
          if (sa2.operatorBlind || sb.operatorBlind) same(refereeView(sa2), refereeView(sb), `seed ${seed}: blind referee view after step ${i}`)
        }, `seed ${seed}`)
        varied += v
        expect(B.state.phase).toBe(end.phase)
        expect(B.state.winner).toBe(end.winner)
      }),
      { seed: master[id], numRuns: GAMES, endOnFailure: true },
    )
    // The test is only real if secrets really differ in most pairs.
    expect(permuted).toBeGreaterThan(GAMES * 0.7)
    expect(varied).toBeGreaterThan(GAMES)
    expect(namedHands).toBeGreaterThan(GAMES / 2)
  })

  it(`mutating any secret field leaves projectorView unchanged (${GAMES} games)`, { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        const rng = new Rng(seed ^ 0x3117)
        for (let k = 0; k < 5; k++) {
          const s = rng.pick(run.states)
          const m = mutateSecrets(s, rng)
          same(projectorView(s), projectorView(m), `seed ${seed}: projector after mutating secrets`)
          same(refereeView(s).projector, refereeView(m).projector, `seed ${seed}: referee preview`)
          if (s.operatorBlind && s.phase === 'day') same(refereeView(s), refereeView(m), `seed ${seed}: blind referee view`)
        }
      }),
      { seed: master[id] + 7, numRuns: GAMES, endOnFailure: true },
    )
  })
})

const ROLES: (RoleId | null)[] = ['mafia', 'investigator', 'doctor', 'citizen', null]

/** A copy of the state with every secret field scrambled. */
function mutateSecrets(s: GameState, rng: Rng): GameState {
  const n = s.alive.length
  const seat = () => rng.int(n)
  const over = s.phase === 'over'
  const roles = s.roles.map((r, p) => (over || s.revealed[p] ? r : rng.pick(ROLES)))
  const dealRoles = s.setup.deal.roles.map((r, p) => (over || s.revealed[p] ? r : rng.pick(ROLES)))
  const night: NightState | null = s.night
    ? {
        ...s.night,
        shots: Object.fromEntries(Array.from({ length: rng.int(5) }, () => [seat(), seat()])),
        target: rng.chance(0.3) ? null : seat(),
        heal: rng.chance(0.3) ? null : seat(),
        investigation: rng.chance(0.3) ? null : { target: seat(), isMafia: rng.chance(0.5) },
        identified: rng.chance(0.5),
      }
    : null
  return {
    ...s,
    roles,
    setup: { ...s.setup, deal: { ...s.setup.deal, roles: dealRoles } },
    night,
    investigations: Array.from({ length: rng.int(6) }, () => ({ night: rng.int(10), target: seat(), isMafia: rng.chance(0.5) })),
  }
}
