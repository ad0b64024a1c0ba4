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
import type { RoleId } from '../shared/roles'
import { PRESET_IDS, type PresetId } from '../shared/ruleset'
import type { Command } from '../shared/commands'
import type { GameState, NightState } from './state'
import { createGame, dispatch, type Game } from './game'
import { progressCommand, randomCommand, randomGame, randomSetup, Rng, type Ctx, type RandomSetup } from './testing'
import { expectedAtEnd, mapCommand, permutationOn, permutedSetup, playTwin } from './testing/twins'
import { apply } from './apply'
import { describeHistory, describeLastStep, historySteps } from './history'
import { setupProblems } from './setup'
import { projectorView } from './views/projector'
import { refereeView } from './views/referee'
import { shownRefusal } from './views/blind'
import { blindLegalActions } from './views/legal'
import { decide } from './decide'
import type { LegalActions } from '../shared/views'

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
        const { varied: v, B } = playTwin(
          A,
          horizon,
          pi,
          rng,
          (i, c, sa2, sb) => {
            const pa = projectorView(sa2)
            if (i < 0) return same(pa, projectorView(sb), `seed ${seed}: initial projector`)
            if (pa.vote?.candidates.some((c) => c.voters?.length)) namedHands++
            same(sa2.phase === 'over' ? expectedAtEnd(pa, pi) : pa, projectorView(sb), `seed ${seed}: projector after A's step ${i} ${JSON.stringify(c)}`)
            if (sa2.operatorBlind || sb.operatorBlind) same(refereeView(sa2), refereeView(sb), `seed ${seed}: blind referee view after step ${i}`)
          },
          `seed ${seed}`,
        )
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

/**
 * The blind operator (variant `firstDeadBecomesReferee`): until the hand-over the referee window's
 * view — with the log, the undo line and the legal actions — must not depend on the deal at all.
 * Twin games: A is a random game of the variant (its days sometimes closed without a death, so
 * nights are run blind too); B is dealt A's roles permuted among the players still alive at the
 * hand-over and plays A's commands mapped through π. Before the hand-over every view of A and B must
 * be byte-identical (after it the new referee sees everything, and the twins may differ).
 */
const BLIND_GAMES = 200

/** A random setup of the variant, kept startable (the variant needs a day first, and a day that ends with a death). */
function blindSetup(rng: Rng, id: PresetId): RandomSetup {
  for (;;) {
    const r = randomSetup(rng, id)
    const o = { ...r.setup.ruleset.options, firstDeadBecomesReferee: true }
    o.firstPhase = rng.chance(0.5) ? 'night0' : 'day'
    // Half the games use accusations, whose days may close without a death: nights run blind too.
    if (rng.chance(0.5))
      Object.assign(o, { dayProcedure: 'accusation', dayTimeoutAction: o.dayTimeoutAction === 'closeNominations' ? 'randomDeath' : o.dayTimeoutAction })
    if (o.dayProcedure === 'nomination') Object.assign(o, { dayMustEndWithDeath: true, noNominationGoesToNight: false })
    else o.dayMustEndWithDeath = rng.chance(0.3)
    const ruleset = { ...r.setup.ruleset, options: o }
    if (setupProblems(ruleset, r.setup.players, r.setup.deal.counts).length) continue
    return { ...r, setup: { ...r.setup, ruleset } }
  }
}

/** The referee window's whole game view as the host builds it (table.ts): the view, its log and undo line. */
function windowView(g: Game): string {
  const steps = historySteps(g.log).length
  const last = g.log.at(-1)?.command ?? null
  return JSON.stringify({
    view: refereeView(g.state, { undoable: steps, last, lastStep: describeLastStep(g.state, g.log) }),
    log: describeHistory(g.state, g.log),
  })
}

/** The clicks the blind view offers (a sample), as commands: what the operator can press. */
function offered(legal: LegalActions, rng: Rng): Command[] {
  const all: Command[] = []
  for (const [m, targets] of Object.entries(legal.shoot)) for (const t of targets) all.push({ type: 'shoot', shooter: Number(m), target: t })
  for (const m of legal.noShot) all.push({ type: 'shoot', shooter: m, target: null })
  for (const t of legal.investigate) all.push({ type: 'investigate', target: t })
  for (const t of legal.heal) all.push({ type: 'heal', target: t })
  for (const t of legal.chooseTarget) all.push({ type: 'chooseTarget', target: t })
  for (const p of legal.setReadingStart) all.push({ type: 'setReadingStart', player: p })
  for (const p of legal.accuse) all.push({ type: 'accuse', accused: p })
  for (const p of legal.nominate) all.push({ type: 'nominate', player: p })
  if (legal.skipInvestigation) all.push({ type: 'investigate', target: null })
  if (legal.endNightStep) all.push({ type: 'endNightStep' })
  if (legal.closeNominations) all.push({ type: 'closeNominations' })
  return rng.shuffle(all).slice(0, 8)
}

/**
 * The refusals the blind operator reads, for twin states whose views are byte-identical: the same
 * click (offered by the view, or any command) refused in both must read the same — code, reason,
 * parameters and English words. That one twin refuses and the other accepts is inherent (the rules
 * still refuse what they do not allow: docs/engine.md) and only counted.
 */
const refusalCount = { both: 0, secretReason: 0, oneSided: 0 }
function sameRefusals(a: GameState, b: GameState, ctx: Ctx, what: string): void {
  const clicks = [...offered(blindLegalActions(a), ctx.rng), randomCommand(a, ctx), randomCommand(b, ctx)]
  for (const c of clicks) {
    const ra = decide(a, c)
    const rb = decide(b, c)
    if (ra.ok && rb.ok) continue
    if (ra.ok || rb.ok) {
      refusalCount.oneSided++
      continue
    }
    refusalCount.both++
    if (JSON.stringify(ra.error) !== JSON.stringify(rb.error)) refusalCount.secretReason++
    same(shownRefusal(a, c, ra.error), shownRefusal(b, c, rb.error), `${what}: the refusal of ${JSON.stringify(c)}`)
  }
}

describe.each(PRESET_IDS)('%s: the blind referee view', (id) => {
  it(
    `twin games with permuted deals give byte-identical blind views, and the same refusals, at every step before the hand-over (${BLIND_GAMES} pairs)`,
    { timeout: TIMEOUT },
    () => {
      Object.assign(refusalCount, { both: 0, secretReason: 0, oneSided: 0 })
      let compared = 0
      let nightSteps = 0
      let permuted = 0
      fc.assert(
        fc.property(SEEDS, (seed) => {
          const rng = new Rng(seed)
          const rs = blindSetup(rng, id)
          const created = createGame(rs.setup)
          if (!created.ok) throw new Error(`seed ${seed}: ${created.error.message}`)
          // Play A until the hand-over (or the end): random commands, the way on, and days closed early.
          let A: Game = created.value
          const ctx: Ctx = { rng, cards: rs.cards, now: rng.int(1_000_000) }
          for (let k = 0; k < 600 && A.state.operatorBlind; k++) {
            const s = A.state
            const c: Command | null =
              s.phase === 'day' && rng.chance(0.15) ? { type: 'endDay' } : k > 300 || rng.chance(0.3) ? progressCommand(s, ctx) : randomCommand(s, ctx)
            if (!c) break
            const r = dispatch(A, c)
            if (r.ok) A = r.value
          }
          // The steps taken blind; π moves roles among the players alive at the last of them.
          const states = [A.initial]
          for (const e of A.log) states.push(e.events.reduce(apply, states[states.length - 1] as GameState))
          const blindLen = states.findIndex((s) => !s.operatorBlind) - 1
          const horizon = blindLen < 0 ? A.log.length : blindLen
          const last = states[horizon] as GameState
          const S = last.alive.flatMap((x, p) => (x ? [p] : []))
          const known = (p: number) => rs.setup.deal.roles[p] !== null
          const groups = rs.setup.deal.mode === 'physical' ? [S.filter(known), S.filter((p) => !known(p))] : [S]
          const pi = permutationOn(rng, last.alive.length, groups)
          if (pi.some((q, p) => rs.cards[p] !== rs.cards[q])) permuted++
          const twin = createGame(permutedSetup(rs.setup, pi))
          if (!twin.ok) throw new Error(`seed ${seed}: ${twin.error.message}`)
          let B: Game = twin.value
          let a: Game = created.value
          same(windowView(a), windowView(B), `seed ${seed}: blind view at the start`)
          const clickCtx: Ctx = { rng: new Rng(seed ^ 0x5eed), cards: rs.cards, now: ctx.now }
          sameRefusals(a.state, B.state, clickCtx, `seed ${seed}: at the start`)
          for (let i = 0; i < horizon; i++) {
            const entry = A.log[i] as { command: Command }
            const rb = dispatch(B, mapCommand(entry.command, pi))
            if (!rb.ok) throw new Error(`seed ${seed}: B refused ${JSON.stringify(entry.command)} at step ${i}: ${rb.error.message}`)
            B = rb.value
            a = { ...A, log: A.log.slice(0, i + 1), state: states[i + 1] as GameState }
            if (!a.state.operatorBlind) break
            same(windowView(a), windowView(B), `seed ${seed}: blind view after step ${i} ${JSON.stringify(entry.command)}`)
            sameRefusals(a.state, B.state, clickCtx, `seed ${seed}: after step ${i}`)
            compared++
            if (a.state.phase === 'night' && (a.state.night?.number ?? 0) >= 1) nightSteps++
          }
        }),
        { seed: master[id] + 11, numRuns: BLIND_GAMES, endOnFailure: true },
      )
      const r = { ...refusalCount }
      console.log(`${id}: blind views compared at ${compared} steps (${nightSteps} at night 1 or later), ${permuted} pairs dealt differently`)
      console.log(
        `${id}: ${r.both} clicks refused in both twins read the same (${r.secretReason} with different engine reasons); ${r.oneSided} refused in one twin only`,
      )
      expect(compared).toBeGreaterThan(500)
      // Enough refusals compared, and the secrets did change the engine's own reasons: the words had to be hidden.
      expect(r.both).toBeGreaterThan(1000)
      expect(r.secretReason).toBeGreaterThan(5)
      expect(nightSteps).toBeGreaterThan(50)
      expect(permuted).toBeGreaterThan(BLIND_GAMES / 2)
    },
  )
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
