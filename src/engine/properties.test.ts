/**
 * Properties over thousands of random games of every preset (random table sizes, deals, digital and
 * physical, random option tweaks). Each game comes from one integer seed that fast-check draws from a
 * fixed master seed, so a failure prints a seed that reproduces it: randomGame(seed, preset).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SEAT_COMMANDS, type Command, type SeatCommandType } from '../shared/commands'
import { PRESET_IDS, type PresetId } from '../shared/ruleset'
import { decide } from './decide'
import { dispatch, parseGameFile, replay, toGameFile, undo, type Game } from './game'
import { livingWithRole, winnerOf } from './queries'
import type { GameState } from './state'
import { Rng, randomGame, type RandomRun, type RandomSetup } from './testing'
import { projectorView } from './views/projector'
import { legalActions } from './views/referee'

const GAMES = 1000
const SEEDS = fc.integer({ min: 1, max: 0x7fffffff })
const params = (seed: number) => ({ seed, numRuns: GAMES, endOnFailure: true })
const TIMEOUT = 120_000
/** Each preset gets its own master seed, so the games differ between presets. */
const master: Record<PresetId, number> = { maffiasig: 0x5eed01, estonian: 0x5eed02, swedish: 0x5eed03 }

const living = (s: GameState) => s.alive.flatMap((a, i) => (a ? [i] : []))
const dead = (s: GameState) => s.alive.flatMap((a, i) => (a ? [] : [i]))

describe.each(PRESET_IDS)('%s: properties over random games', (id) => {
  it(`(a) every game ends, within a bound on steps, and keeps its invariants (${GAMES} games)`, { timeout: TIMEOUT }, () => {
    let over = 0
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        expect(run.stuck, `seed ${seed}`).toBeNull()
        expect(run.ended, `seed ${seed}: not over after ${run.attempts} attempts`).toBe(true)
        checkInvariants(run, seed)
        over++
      }),
      params(master[id]),
    )
    expect(over).toBe(GAMES)
  })

  it(`(b) no action by or on a dead player is accepted where the rules forbid it (${GAMES} games)`, { timeout: TIMEOUT }, () => {
    let tried = 0
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        const rng = new Rng(seed ^ 0xdead)
        for (let k = 0; k < 6; k++) {
          const s = rng.pick(run.states)
          for (const c of deadPlayerCommands(s, rng)) {
            tried++
            const r = decide(s, c)
            expect(r.ok, `seed ${seed}: ${JSON.stringify(c)} accepted at ${s.phase} ${JSON.stringify(s.night ?? s.day)}`).toBe(false)
          }
        }
      }),
      params(master[id] + 1),
    )
    expect(tried).toBeGreaterThan(GAMES)
  })

  it(`(c) replay(setup, commands) reproduces the exact final state, also through a JSON game file (${GAMES} games)`, { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        const commands = run.game.log.map((e) => e.command)
        const r = replay(run.setup, commands)
        if (!r.ok) throw new Error(`seed ${seed}: replay refused command ${r.error.index}: ${r.error.message}`)
        expect(r.value.state).toStrictEqual(run.game.state)
        expect(r.value.log).toStrictEqual(run.game.log)
        const file = parseGameFile(JSON.parse(JSON.stringify(toGameFile(run.game))))
        if (!file.ok) throw new Error(`seed ${seed}: ${file.error.message}`)
        const r2 = replay(file.value.setup, file.value.commands)
        if (!r2.ok) throw new Error(`seed ${seed}: file replay refused command ${r2.error.index}: ${r2.error.message}`)
        expect(r2.value.state).toStrictEqual(run.game.state)
      }),
      params(master[id] + 2),
    )
  })

  it(`(d) undo(n) restores the exact state from n steps earlier (${GAMES} games)`, { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        const rng = new Rng(seed ^ 0x0d0)
        const g = run.game
        const len = g.log.length
        expect(undo(g, len + 1).ok).toBe(false)
        expect(undo(g, 0).ok).toBe(false)
        for (let k = 0; k < 3; k++) {
          // From the end, and from a point in the middle reached by undo itself.
          const at = k === 0 ? len : rng.range(1, len)
          const mid = at === len ? g : unwrap(undo(g, len - at))
          expect(mid.state).toStrictEqual(run.states[at])
          const n = rng.range(1, at)
          const back = unwrap(undo(mid, n))
          expect(back.state).toStrictEqual(run.states[at - n])
          expect(back.log).toHaveLength(at - n)
          // Redoing the undone commands lands on the same state again.
          let redo: Game = back
          for (const e of g.log.slice(at - n, at)) redo = unwrap(dispatch(redo, e.command))
          expect(redo.state).toStrictEqual(run.states[at])
        }
      }),
      params(master[id] + 3),
    )
  })

  it(`legal actions are sound: everything legalActions() offers is accepted (${GAMES / 4} games)`, { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        const rng = new Rng(seed ^ 0x1e9)
        for (let k = 0; k < 4; k++) {
          const s = rng.pick(run.states)
          for (const c of offered(s)) expect(decide(s, c).ok, `seed ${seed}: offered ${JSON.stringify(c)} refused`).toBe(true)
        }
      }),
      { ...params(master[id] + 4), numRuns: GAMES / 4 },
    )
  })

  it(`legal actions are complete: every seat command decide accepts is offered (${GAMES / 40} games)`, { timeout: TIMEOUT }, () => {
    let accepted = 0
    fc.assert(
      fc.property(SEEDS, (seed) => {
        const run = randomGame(seed, id)
        const rng = new Rng(seed ^ 0xc0e)
        for (let k = 0; k < 6; k++) {
          const s = rng.pick(run.states)
          const l = legalActions(s)
          const seats = s.setup.players.map((_, i) => i)
          const at = `seed ${seed} at ${s.phase} ${JSON.stringify(s.night ?? s.day)}`
          for (const [type, field] of Object.entries(SEAT_COMMANDS) as [SeatCommandType, string][])
            for (const p of seats) {
              if (!decide(s, { type, [field]: p } as Command).ok) continue
              accepted++
              expect(l[type], `${at}: ${type} ${p} accepted, not offered`).toContain(p)
            }
          // The one two-seat command: a mafioso's shot (or their recorded "did not shoot").
          for (const shooter of seats)
            for (const target of [...seats, null]) {
              if (!decide(s, { type: 'shoot', shooter, target }).ok) continue
              accepted++
              const offer = target === null ? l.noShot : (l.shoot[shooter] ?? [])
              expect(offer, `${at}: shoot ${shooter} → ${target} accepted, not offered`).toContain(target ?? shooter)
            }
        }
      }),
      { ...params(master[id] + 5), numRuns: GAMES / 40 },
    )
    expect(accepted).toBeGreaterThan(GAMES / 40)
  })
})

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/** Invariants between consecutive states of a game (plain checks: they run on every state of every game). */
function checkInvariants(run: RandomRun & RandomSetup, seed: number): void {
  const { states } = run
  const check = (cond: boolean, what: string, i: number) => {
    if (!cond) throw new Error(`seed ${seed}, state ${i}: ${what}`)
  }
  const o = run.setup.ruleset.options
  for (let i = 0; i < states.length; i++) {
    const s = states[i] as GameState
    const p = projectorView(s)
    // The projector shows a role only where the rules reveal it, or at the end.
    for (const seat of p.seats) check(seat.role === null || s.phase === 'over' || s.revealed[seat.seat] === true, 'projector shows an unrevealed role', i)
    check((s.winner !== null) === (s.phase === 'over'), 'winner set exactly when the game is over', i)
    check(s.phase === 'over' ? s.winner === winnerOf(s) : winnerOf(s) === null, 'a won game is over at once', i)
    for (const t of [s.dayTimer, s.defenceTimer])
      // A running clock is its deadline; a stopped one holds between nothing and its (extended) duration.
      if (t)
        check(t.deadline !== null ? !t.expired : t.remainingMs >= 0 && t.remainingMs <= t.durationMs, 'a stopped clock never holds more than its duration', i)
    if (s.phase === 'day' && s.day) {
      const d = s.day
      check(d.accused === null || s.alive[d.accused] === true, 'the accused is alive', i)
      check(
        d.nominees.every((n) => s.alive[n]),
        'nominees are alive',
        i,
      )
      check(!d.vote || d.vote.eligible.every((v) => s.alive[v]), 'voters are alive', i)
      check(!d.vote || d.vote.kind === 'plurality' || !d.vote.eligible.includes(d.vote.candidates[0] as number), 'the accused may not vote', i)
      check(d.lastWordsBy === null || s.alive[d.lastWordsBy] === false, 'last words come from the dead', i)
    }
    if (i === 0) continue
    const prev = states[i - 1] as GameState
    let died = 0
    for (let k = 0; k < s.alive.length; k++) {
      check(prev.alive[k] || !s.alive[k], 'nobody comes back', i)
      if (prev.alive[k] && !s.alive[k]) died++
      check(!prev.revealed[k] || s.revealed[k] === true, 'a revealed role stays revealed', i)
      check(prev.roles[k] === null || s.roles[k] === prev.roles[k], 'a recorded role never changes', i)
    }
    check(died <= 1, 'at most one death per command', i)
    check(s.dayNumber >= prev.dayNumber && s.nightNumber >= prev.nightNumber, 'day and night numbers only grow', i)
    check(
      s.announcements.length >= prev.announcements.length && prev.announcements.every((a, k) => s.announcements[k] === a),
      'announcements are only appended',
      i,
    )
    // A day whose rules demand a death (accusation procedure) never turns into night without one.
    if (o.dayMustEndWithDeath && o.dayProcedure === 'accusation' && prev.phase === 'day' && s.phase === 'night')
      check(died === 1 || prev.day?.deathToday === true, 'the day ended with a death', i)
  }
}

/** Commands that act by or on a dead player; the rules allow none of them. */
function deadPlayerCommands(s: GameState, rng: Rng): Command[] {
  const gone = dead(s)
  const alive = living(s)
  if (gone.length === 0 || alive.length === 0) return []
  const d = rng.pick(gone)
  const a = rng.pick(alive)
  const m = livingWithRole(s, 'mafia')[0] ?? a
  const out: Command[] = [
    { type: 'shoot', shooter: d, target: a },
    { type: 'shoot', shooter: m, target: d },
    { type: 'chooseTarget', target: d },
    { type: 'investigate', target: d },
    { type: 'heal', target: d },
    { type: 'setReadingStart', player: d },
    { type: 'accuse', accused: d },
    { type: 'accuse', accused: a, accuser: d },
    { type: 'nominate', player: d },
    { type: 'withdrawNomination', player: d },
    { type: 'castVote', voter: d, choice: true },
    { type: 'castVote', voter: d, choice: false },
    { type: 'castVote', voter: d, choice: a },
    { type: 'castVote', voter: d, choice: null },
    { type: 'castVote', voter: a, choice: d },
    { type: 'setVoteCount', count: 0, candidate: d },
  ]
  // A dead role's call is made for show only: its players can do nothing.
  const n = s.night
  const step = n?.steps[n.stepIndex]
  if (step === 'investigator' && livingWithRole(s, 'investigator').length === 0 && s.roles.includes('investigator'))
    out.push(...alive.map((t): Command => ({ type: 'investigate', target: t })))
  if (step === 'doctor' && livingWithRole(s, 'doctor').length === 0 && s.roles.includes('doctor'))
    out.push(...alive.map((t): Command => ({ type: 'heal', target: t })))
  if (step === 'mafia') for (const g of gone) if (s.roles[g] === 'mafia') out.push({ type: 'shoot', shooter: g, target: a })
  return out
}

/** Every concrete command the referee window would offer. */
function offered(s: GameState): Command[] {
  const l = legalActions(s)
  const out: Command[] = []
  for (const [sh, ts] of Object.entries(l.shoot)) for (const t of ts) out.push({ type: 'shoot', shooter: Number(sh), target: t })
  for (const p of l.setReadingStart) out.push({ type: 'setReadingStart', player: p })
  for (const t of l.chooseTarget) out.push({ type: 'chooseTarget', target: t })
  for (const t of l.investigate) out.push({ type: 'investigate', target: t })
  for (const t of l.heal) out.push({ type: 'heal', target: t })
  if (l.endNightStep) out.push({ type: 'endNightStep' })
  for (const p of l.accuse) out.push({ type: 'accuse', accused: p })
  if (l.withdrawAccusation) out.push({ type: 'withdrawAccusation' })
  if (l.endDefence) out.push({ type: 'endDefence' })
  for (const p of l.nominate) out.push({ type: 'nominate', player: p })
  for (const p of l.withdrawNomination) out.push({ type: 'withdrawNomination', player: p })
  if (l.closeNominations) out.push({ type: 'closeNominations' })
  if (l.closeVote) out.push({ type: 'closeVote', draw: 12345 })
  if (l.endLastWords) out.push({ type: 'endLastWords' })
  if (l.drawRandomDeath) out.push({ type: 'drawRandomDeath', draw: 0xffffffff })
  const v = s.day?.vote
  if (v) for (const voter of l.castVote) out.push({ type: 'castVote', voter, choice: v.kind === 'plurality' ? (v.candidates[0] as number) : true })
  if (l.setVoteCount && v)
    out.push(v.kind === 'plurality' ? { type: 'setVoteCount', count: 0, candidate: v.candidates[0] as number } : { type: 'setVoteCount', count: 0 })
  if (l.startTimer) out.push({ type: 'startTimer', at: 1000 })
  if (l.pauseTimer) out.push({ type: 'pauseTimer', at: 1000 })
  if (l.addTime) out.push({ type: 'addTime', seconds: 30, at: 0 })
  if (l.identify) {
    const { role, count, candidates, exact } = l.identify
    if (exact) {
      // Only the true mafia make a valid record; the offer itself must be a valid shape.
      expect(candidates.length).toBeGreaterThanOrEqual(count)
    } else out.push({ type: 'identifyRole', role, players: [] })
  }
  return out
}
