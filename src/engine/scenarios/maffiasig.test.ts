/**
 * Scenarios for RULES.md, preset 1 — "MaffiaSIG". Each test name cites the bullet it checks.
 * Table used unless said otherwise: 12 players, seats 0–2 mafia, 3 the inspector, 4–11 citizens.
 */
import { describe, expect, it } from 'vitest'
import { fillTemplate, SCRIPT_EN } from '../../shared/script-en'
import { preset } from '../rulesets'
import { setupProblems, setupWarnings, suggestCounts } from '../setup'
import { Scripted, seatNames, setupOf } from '../testing'

const TABLE = 'MMMI CCCC CCCC'
const start = (options = {}) => Scripted.of('maffiasig', TABLE, { options })
/** Past night 0: day 1 discussion. */
const day1 = (options = {}) => start(options).endStep()

describe('MaffiaSIG — players and roles', () => {
  it('9–18 players recommended: warnings outside, none inside with the suggested deal', () => {
    const r = preset('maffiasig')
    for (let n = 9; n <= 18; n++) expect(setupWarnings(r, n, suggestCounts(r, n))).toEqual([])
    expect(setupWarnings(r, 8, suggestCounts(r, 8)).join(' ')).toMatch(/9–18/)
    expect(setupWarnings(r, 19, suggestCounts(r, 19)).join(' ')).toMatch(/9–18/)
  })

  it('a lopsided deal is warned about; a deal that does not fit the table (no players yet) is not weighed', () => {
    const r = preset('maffiasig')
    expect(setupWarnings(r, 12, { mafia: 1, investigator: 1, doctor: 0, citizen: 10 }).join(' ')).toMatch(/Town 11 to mafia 1/)
    expect(setupWarnings(r, 12, { mafia: 5, investigator: 1, doctor: 0, citizen: 6 }).join(' ')).toMatch(/Town 7 to mafia 5/)
    expect(setupWarnings(r, 0, { mafia: 1, investigator: 1, doctor: 0, citizen: 0 }).join(' ')).not.toMatch(/Town/)
  })

  it('roles: mafioso, one inspector, citizens — no doctor (Hungarian deal: red cards, the joker, the rest)', () => {
    const r = preset('maffiasig')
    expect(r.options.hasInvestigator).toBe(true)
    expect(r.options.hasDoctor).toBe(false)
    for (let n = 9; n <= 15; n++) expect(suggestCounts(r, n)).toMatchObject({ investigator: 1, doctor: 0 })
    expect(setupProblems(r, seatNames(10), { mafia: 2, investigator: 1, doctor: 1, citizen: 6 }).map((p) => p.code)).toContain('counts')
  })

  it('roles: one inspector — the suggested deal keeps a single inspector on every recommended table (9–18)', () => {
    const r = preset('maffiasig')
    for (let n = 9; n <= 18; n++) expect(suggestCounts(r, n), `${n} players`).toMatchObject({ investigator: 1, doctor: 0 })
  })

  it('suggested deals: balanced when town ≈ 3 × mafia (Japanese: 2 mafia for 8–10 players, 3 for 12–14)', () => {
    const r = preset('maffiasig')
    for (let n = 9; n <= 18; n++) {
      const c = suggestCounts(r, n)
      const town = n - c.mafia
      expect(c.mafia + c.investigator + c.citizen).toBe(n)
      expect(town / c.mafia).toBeGreaterThanOrEqual(2.5)
      expect(town / c.mafia).toBeLessThanOrEqual(4)
    }
    for (const n of [8, 9, 10]) expect(suggestCounts(r, n).mafia).toBe(2)
    for (const n of [12, 13, 14]) expect(suggestCounts(r, n).mafia).toBe(3)
  })
})

describe('MaffiaSIG — night 0', () => {
  it('night 0: no kill, no inspection; mafia meet; day 1 follows', () => {
    const g = start()
    expect(g.state.phase).toBe('night')
    expect(g.state.night?.number).toBe(0)
    expect(g.state.night?.steps).toEqual(['mafiaMeet'])
    g.refuse({ type: 'shoot', shooter: 0, target: 5 }, 'wrong-step')
    g.refuse({ type: 'investigate', target: 0 }, 'wrong-step')
    g.refuse({ type: 'chooseTarget', target: 5 }, 'wrong-step')
    expect(g.referee.script.map((l) => l.key)).toEqual(['night.begin', 'night.mafiaMeet.wake', 'night.mafiaMeet.count', 'night.mafiaMeet.sleep', 'night.end'])
    g.endStep()
    expect(g.state.phase).toBe('day')
    expect(g.projector.dayNumber).toBe(1)
    expect(g.state.alive.every(Boolean)).toBe(true)
    expect(g.projector.announcements).toEqual([]) // night 0 kills nobody by rule: nothing to announce
    expect(g.state.investigations).toEqual([])
  })

  it('night 0: the referee checks that exactly as many heads rose as there are mafiosi', () => {
    const g = Scripted.of('maffiasig', TABLE, { physical: true })
    expect(g.referee.script).toContainEqual({ key: 'night.mafiaMeet.count', params: { count: 3 } })
    expect(g.referee.legal.identify).toMatchObject({ role: 'mafia', count: 3, exact: true })
    g.refuse({ type: 'endNightStep' }, 'identify-first')
    g.refuse({ type: 'identifyRole', role: 'mafia', players: [0, 1] }, 'not-allowed')
    g.refuse({ type: 'identifyRole', role: 'mafia', players: [0, 1, 2, 3] }, 'not-allowed')
    g.refuse({ type: 'identifyRole', role: 'mafia', players: [0, 1, 1] })
    g.do({ type: 'identifyRole', role: 'mafia', players: [0, 1, 2] }).endStep()
    expect(g.state.phase).toBe('day')
  })
})

describe('MaffiaSIG — day: accusations, two votes, one execution', () => {
  it('any player may accuse another; vote 1 asks "is the accused guilty?" of all living players except the accused', () => {
    const g = day1().do({ type: 'accuse', accused: 5, accuser: 7 })
    const v = g.projector.vote
    expect(g.projector.accused).toBe(5)
    expect(v).toMatchObject({ kind: 'guilty', eligible: 11, needed: 6, yes: 0, candidates: [{ seat: 5, votes: 0 }] })
    expect(g.referee.vote?.eligibleSeats).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11])
  })

  it("vote 2 on the execution: same majority rule — the accused may not vote, and the referee's words say so", () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(11).do({ type: 'endDefence' })
    g.refuse({ type: 'castVote', voter: 5, choice: true }, 'vote-invalid')
    const line = g.referee.script.find((l) => l.key === 'day.vote.execute')
    expect(line).toBeDefined()
    expect(fillTemplate(SCRIPT_EN['day.vote.execute'] as string, line?.params ?? {})).toBe(
      'Shall Feri be executed? Everyone but Feri, raise your hand now. 6 of 11 needed.',
    )
  })

  it('the accused may not vote', () => {
    const g = day1().do({ type: 'accuse', accused: 5 })
    g.refuse({ type: 'castVote', voter: 5, choice: false }, 'vote-invalid')
    expect(g.referee.legal.castVote).not.toContain(5)
  })

  it('nobody may accuse themselves', () => {
    day1().refuse({ type: 'accuse', accused: 5, accuser: 5 }, 'not-allowed')
  })

  it('vote passes with more than half of eligible voters (6 of 11)', () => {
    const g = day1().do({ type: 'accuse', accused: 5 })
    g.voteYesExcept([0, 1, 2, 3, 4]).do({ type: 'closeVote' })
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'voteResult', day: 1, vote: 'guilty', player: 5, yes: 6, needed: 6, passed: true })
    expect(g.projector.stage).toBe('defence')
  })

  it('exactly half fails (5 of 10 eligible)', () => {
    // 11 players: the accused cannot vote, 10 are eligible, 6 are needed.
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCC').endStep().do({ type: 'accuse', accused: 4 })
    expect(g.projector.vote).toMatchObject({ eligible: 10, needed: 6 })
    g.voteCount(5)
    expect(g.projector.announcements.at(-1)).toMatchObject({ kind: 'voteResult', yes: 5, needed: 6, passed: false })
    expect(g.state.alive[4]).toBe(true)
    expect(g.projector.stage).toBe('discussion')
  })

  it('failed guilty vote: the day goes on as if nothing happened', () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(3)
    expect(g.state.phase).toBe('day')
    expect(g.projector).toMatchObject({ stage: 'discussion', accused: null, vote: null, speaker: null })
    expect(g.state.alive.every(Boolean)).toBe(true)
    g.do({ type: 'accuse', accused: 6 })
    expect(g.projector.accused).toBe(6)
  })

  it('passed guilty vote → defence speech: only the accused speaks, ended by the referee, time-limited', () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(11)
    expect(g.projector).toMatchObject({ stage: 'defence', speaker: 5, vote: null })
    expect(g.projector.clock).toMatchObject({ kind: 'defence', durationMs: 120_000, deadline: null })
    g.do({ type: 'startTimer', at: 1000 }, { type: 'timerExpired', at: 121_000 })
    expect(g.projector.clock).toMatchObject({ kind: 'defence', expired: true })
    expect(g.state.phase).toBe('day')
    g.do({ type: 'endDefence' })
    expect(g.projector.vote).toMatchObject({ kind: 'execute', eligible: 11, needed: 6 })
  })

  it('execution vote passes → the accused dies at once and night falls immediately', () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(11).do({ type: 'endDefence' }).voteCount(6)
    expect(g.state.alive[5]).toBe(false)
    expect(g.state.phase).toBe('night')
    expect(g.projector.nightNumber).toBe(1)
    expect(g.projector.announcements.slice(-2)).toEqual([
      { kind: 'voteResult', day: 1, vote: 'execute', player: 5, yes: 6, needed: 6, passed: true },
      { kind: 'executed', day: 1, player: 5, role: null },
    ])
  })

  it('execution vote passes → night falls immediately (silence): the referee says the execution, no role, then night', () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(11).do({ type: 'endDefence' }).voteCount(6)
    expect(g.referee.script.slice(0, 3)).toEqual([
      { key: 'day.executed', params: { name: 'Feri' } },
      { key: 'day.nightFalls', params: {} },
      { key: 'night.begin', params: { night: 1 } },
    ])
  })

  it('failed execution vote: the day goes on', () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(11).do({ type: 'endDefence' }).voteCount(5)
    expect(g.state.phase).toBe('day')
    expect(g.projector.stage).toBe('discussion')
    expect(g.state.alive[5]).toBe(true)
  })

  it('the same person may be accused again the same day; any number of accusations and defences', () => {
    const g = day1()
    for (let k = 0; k < 3; k++) g.do({ type: 'accuse', accused: 5 }).voteCount(11).do({ type: 'endDefence' }).voteCount(0)
    g.do({ type: 'accuse', accused: 6 }).voteCount(0)
    expect(g.state.phase).toBe('day')
    expect(g.projector.announcements.filter((a) => a.kind === 'voteResult')).toHaveLength(7)
    g.do({ type: 'accuse', accused: 5 })
    expect(g.projector.accused).toBe(5)
  })

  it('an accusation may be withdrawn (back to free talk)', () => {
    const g = day1().do({ type: 'accuse', accused: 5 }).voteCount(11)
    g.do({ type: 'withdrawAccusation' })
    expect(g.projector).toMatchObject({ stage: 'discussion', accused: null, clock: { kind: 'day' } })
    g.refuse({ type: 'withdrawAccusation' }, 'not-allowed')
  })

  it('a second execution in a day is rejected', () => {
    const g = day1().execute(5)
    g.refuse({ type: 'accuse', accused: 6 }, 'wrong-phase')
    g.refuse({ type: 'drawRandomDeath', draw: 7 }, 'wrong-phase')
    // After a random death (last words), no further accusation or death that day either.
    const h = day1().do({ type: 'drawRandomDeath', draw: 0 })
    expect(h.projector.stage).toBe('lastWords')
    h.refuse({ type: 'accuse', accused: 6 })
    h.refuse({ type: 'drawRandomDeath', draw: 7 }, 'not-allowed')
  })

  it('every day must end with a death: nothing ends a MaffiaSIG day without one', () => {
    const g = day1()
    g.refuse({ type: 'closeNominations' })
    g.refuse({ type: 'endNightStep' }, 'wrong-phase')
    g.refuse({ type: 'nominate', player: 4 }, 'not-allowed')
    g.do({ type: 'accuse', accused: 4 }).voteCount(0)
    expect(g.state.phase).toBe('day')
    g.execute(4)
    expect(g.state.phase).toBe('night')
  })
})

describe('MaffiaSIG — day time limit', () => {
  it('day time limit (option, 20 min): the clock warns as time runs low', () => {
    const g = day1()
    expect(g.projector.clock).toEqual({ kind: 'day', deadline: null, remainingMs: 1_200_000, durationMs: 1_200_000, warningMs: 120_000, expired: false })
    const h = day1({ dayTimeLimit: 600, dayWarning: 30 })
    expect(h.projector.clock).toMatchObject({ durationMs: 600_000, warningMs: 30_000 })
    expect(day1({ dayTimeLimit: null }).projector.clock).toBeNull()
  })

  it('day timeout → random living player dies + last words, drawn from `draw`', () => {
    const g = day1().do({ type: 'startTimer', at: 5_000 })
    g.refuse({ type: 'timerExpired', at: 1_204_999, draw: 0 }, 'timer-invalid')
    g.refuse({ type: 'timerExpired', at: 1_205_000 }, 'draw-required')
    // draw 0x80000000 is the middle of [0, 2^32): seat 6 of 12.
    g.do({ type: 'timerExpired', at: 1_205_000, draw: 0x80000000 })
    expect(g.state.alive[6]).toBe(false)
    expect(g.projector).toMatchObject({ stage: 'lastWords', speaker: 6, phase: 'day' })
    expect(g.projector.clock).toMatchObject({ expired: true, remainingMs: 0 })
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'randomDeath', day: 1, player: 6, role: null })
    g.do({ type: 'endLastWords' })
    expect(g.state.phase).toBe('night')
  })

  it('the draw picks uniformly among the living only: lowest draw → first living, highest → last living', () => {
    const base = day1().execute(0)
    base.night({ shots: { 1: 11, 2: 11 }, investigate: 1 })
    expect(base.state.alive[0] || base.state.alive[11]).toBe(false)
    const lo = base.fork()
    lo.do({ type: 'drawRandomDeath', draw: 0 })
    expect(lo.projector.announcements.at(-1)).toMatchObject({ kind: 'randomDeath', player: 1 })
    const hi = base.fork()
    hi.do({ type: 'drawRandomDeath', draw: 0xffffffff })
    expect(hi.projector.announcements.at(-1)).toMatchObject({ kind: 'randomDeath', player: 10 })
  })

  it('endDay: a MaffiaSIG day cannot be closed without a death; with the option off it can, during free talk only', () => {
    day1().refuse({ type: 'endDay' }, 'not-allowed')
    const g = day1({ dayMustEndWithDeath: false })
    expect(g.referee.legal.endDay).toBe(true)
    g.do({ type: 'accuse', accused: 4 })
    g.refuse({ type: 'endDay' }, 'wrong-step')
    expect(g.referee.legal.endDay).toBe(false)
    g.do({ type: 'withdrawAccusation' }, { type: 'endDay' })
    expect(g.state.phase).toBe('night')
    expect(g.state.alive.every(Boolean)).toBe(true)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'noExecution', day: 1, reason: 'dayEnded' })
  })

  it('the random death waits for the clock: refused while the day clock runs with time left, allowed once paused', () => {
    const g = day1().do({ type: 'startTimer', at: 1_000 })
    g.refuse({ type: 'drawRandomDeath', draw: 0 }, 'not-allowed')
    g.do({ type: 'pauseTimer', at: 2_000 })
    g.do({ type: 'drawRandomDeath', draw: 0 })
    expect(g.state.alive[0]).toBe(false)
  })

  it('last words are optional: with the option off, night falls after the random death', () => {
    const g = day1({ lastWords: false }).do({ type: 'drawRandomDeath', draw: 0 })
    expect(g.state.alive[0]).toBe(false)
    expect(g.state.phase).toBe('night')
  })

  it('a timeout with "none" as its action only marks the clock', () => {
    const g = day1({ dayTimeoutAction: 'none' }).do({ type: 'startTimer', at: 0 }, { type: 'timerExpired', at: 1_200_000, draw: 5 })
    expect(g.state.alive.every(Boolean)).toBe(true)
    expect(g.projector.clock?.expired).toBe(true)
    g.refuse({ type: 'drawRandomDeath', draw: 0 }, 'not-allowed')
  })
})

describe('MaffiaSIG — night n ≥ 1: shots by strict majority, the inspector', () => {
  /** Night 1 after executing the last seat (a citizen) on day 1. */
  const night1 = (deal = TABLE) => {
    const g = Scripted.of('maffiasig', deal).endStep()
    return g.execute(g.state.alive.length - 1)
  }

  it('the referee reads the names of all living players in seating order from a chosen start', () => {
    const g = night1()
    const order = g.referee.night?.readingOrder ?? []
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    g.do({ type: 'setReadingStart', player: 7 })
    expect(g.referee.night?.readingOrder).toEqual([7, 8, 9, 10, 0, 1, 2, 3, 4, 5, 6])
    expect(g.referee.script).toContainEqual({
      key: 'night.shots.read',
      params: {
        names: seatNames(12)
          .filter((_, i) => i !== 11)
          .slice(7)
          .concat(seatNames(12).slice(0, 7))
          .join(', '),
      },
    })
    g.refuse({ type: 'setReadingStart', player: 11 }, 'not-alive')
  })

  it('with name reading off (option), the referee asks the mafia to point instead and reads no names', () => {
    const g = Scripted.of('maffiasig', TABLE, { options: { readNamesAtShots: false } }).endStep()
    g.execute(g.state.alive.length - 1)
    const keys = g.referee.script.map((l) => l.key)
    expect(keys).toContain('night.shots.explainPoint')
    expect(keys).not.toContain('night.shots.read')
    expect(keys).not.toContain('night.shots.explain')
    g.refuse({ type: 'setReadingStart', player: 3 }, 'not-allowed')
  })

  it('each living mafioso signals exactly once: the call cannot end before every shot', () => {
    const g = night1().do({ type: 'shoot', shooter: 0, target: 5 }, { type: 'shoot', shooter: 1, target: 5 })
    const e = g.refuse({ type: 'endNightStep' }, 'step-incomplete')
    expect(e.message).toContain(seatNames(12)[2])
    g.refuse({ type: 'shoot', shooter: 4, target: 5 }, 'not-allowed')
  })

  it('3 mafia, 2 shoot A and 1 shoots B → A dies (3→2)', () => {
    const g = night1().night({ shots: { 0: 5, 1: 5, 2: 6 }, investigate: 4 })
    expect(g.state.alive[5]).toBe(false)
    expect(g.state.alive[6]).toBe(true)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [5] })
  })

  it('3 mafia split 1–1–1 → nobody dies', () => {
    const g = night1().night({ shots: { 0: 5, 1: 6, 2: 7 }, investigate: 4 })
    expect(g.state.alive.filter(Boolean)).toHaveLength(11)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [] })
  })

  it('4 mafia: 3 on one target kill (4→3)', () => {
    const g = night1('MMMM I CCCCCCCCCCC').night({ shots: { 0: 5, 1: 5, 2: 5, 3: 6 }, investigate: 0 })
    expect(g.state.alive[5]).toBe(false)
  })

  it('4 mafia split 2–2 → nobody dies', () => {
    const g = night1('MMMM I CCCCCCCCCCC').night({ shots: { 0: 5, 1: 5, 2: 6, 3: 6 }, investigate: 0 })
    expect(g.state.alive[5] && g.state.alive[6]).toBe(true)
    expect(g.projector.announcements.at(-1)).toMatchObject({ deaths: [] })
  })

  it('2 mafia must agree (2→2): 1–1 → nobody dies, 2 on one → dies', () => {
    const split = night1('MM I CCCCCC').night({ shots: { 0: 4, 1: 5 }, investigate: 0 })
    expect(split.projector.announcements.at(-1)).toMatchObject({ deaths: [] })
    const agree = night1('MM I CCCCCC').night({ shots: { 0: 4, 1: 4 }, investigate: 0 })
    expect(agree.projector.announcements.at(-1)).toMatchObject({ deaths: [4] })
  })

  it('1 mafioso: the one shot kills (1→1)', () => {
    const g = night1('M I CCCCCC').night({ shots: { 0: 3 }, investigate: 0 })
    expect(g.state.alive[3]).toBe(false)
  })

  it('a dead mafioso has no shot: the majority counts living mafiosi only', () => {
    // Mafioso 2 executed on day 1: 2 living mafia, both needed.
    const g = Scripted.of('maffiasig', TABLE).endStep().execute(2)
    g.refuse({ type: 'shoot', shooter: 2, target: 5 }, 'not-alive')
    g.do({ type: 'shoot', shooter: 0, target: 5 })
    expect(g.referee.night).toMatchObject({ livingMafia: 2, needed: 2, outcome: null })
    g.do({ type: 'shoot', shooter: 1, target: 5 })
    expect(g.referee.night?.outcome).toBe(5)
  })

  it('nobody may shoot themselves', () => {
    night1().refuse({ type: 'shoot', shooter: 0, target: 0 }, 'not-allowed')
  })

  it('a mafioso may shoot another mafioso — and a majority on a mafioso kills them', () => {
    const g = night1().night({ shots: { 0: 2, 1: 2, 2: 5 }, investigate: 4 })
    expect(g.state.alive[2]).toBe(false)
    expect(g.projector.announcements.at(-1)).toMatchObject({ deaths: [2] })
    // With the option off the shot is refused.
    Scripted.of('maffiasig', TABLE, { options: { mafiaMayTargetMafia: false } })
      .endStep()
      .execute(11)
      .refuse({ type: 'shoot', shooter: 0, target: 1 }, 'not-allowed')
  })

  it('a shot may be changed or cleared before the call ends (the referee corrects a mistake)', () => {
    const g = night1().do({ type: 'shoot', shooter: 0, target: 5 }, { type: 'shoot', shooter: 0, target: 6 }, { type: 'clearShot', shooter: 0 })
    expect(g.referee.night?.shots).toEqual([])
    g.refuse({ type: 'clearShot', shooter: 0 }, 'not-allowed')
  })

  it('the inspector silently points at one player; the answer is mafia or not mafia', () => {
    const g = night1().shots({ 0: 5, 1: 5, 2: 5 })
    expect(g.step).toBe('investigator')
    g.refuse({ type: 'endNightStep' }, 'step-incomplete')
    g.refuse({ type: 'investigate', target: 3 }, 'not-allowed')
    g.do({ type: 'investigate', target: 1 })
    expect(g.referee.night?.investigation).toEqual({ target: 1, isMafia: true })
    expect(g.referee.script).toContainEqual({ key: 'night.investigator.answerMafia', params: { name: seatNames(12)[1] as string } })
    // One point a night: the answer has been given.
    g.refuse({ type: 'investigate', target: 6 }, 'not-allowed')
    g.endStep()
    g.execute(10).night({ shots: { 0: 6, 1: 6, 2: 6 }, investigate: 7 })
    expect(g.referee.investigations).toEqual([
      { night: 1, target: 1, isMafia: true },
      { night: 2, target: 7, isMafia: false },
    ])
    // The answer is for the referee only.
    expect(JSON.stringify(g.projector)).not.toContain('isMafia')
  })

  it('then the referee ends the night and announces whether someone died', () => {
    const g = night1().night({ shots: { 0: 7, 1: 7, 2: 7 }, investigate: 4 })
    expect(g.state.phase).toBe('day')
    expect(g.referee.script[0]).toEqual({ key: 'day.death', params: { name: seatNames(12)[7] as string } })
    const h = night1().night({ shots: { 0: 7, 1: 8, 2: 9 }, investigate: 4 })
    expect(h.referee.script[0]).toEqual({ key: 'day.noDeath', params: {} })
  })
})

describe('MaffiaSIG — nobody can be made to point: "did not shoot" and "did not ask"', () => {
  const night1 = (deal = TABLE) => {
    const g = Scripted.of('maffiasig', deal).endStep()
    return g.execute(g.state.alive.length - 1)
  }
  const names = seatNames(12)

  it('3 mafia, one does not shoot, two agree → the night ends and the target dies (2 of 3 living needed)', () => {
    const g = night1().do({ type: 'shoot', shooter: 0, target: 5 }, { type: 'shoot', shooter: 1, target: 5 })
    expect(g.referee.legal.endNightStep).toBe(false)
    expect(g.referee.legal.endNightStepWhy).toEqual({ reason: 'shots-missing', params: { names: names[2] } })
    expect(g.referee.legal.noShot).toEqual([0, 1, 2])
    g.do({ type: 'shoot', shooter: 2, target: null })
    expect(g.referee.legal.endNightStep).toBe(true)
    expect(g.referee.legal.endNightStepWhy).toBeNull()
    expect(g.referee.night?.shots).toContainEqual({ shooter: 2, target: null })
    expect(g.referee.night).toMatchObject({ needed: 2, livingMafia: 3, outcome: 5 })
    expect(g.referee.lastStep).toEqual({ key: 'step.noShot', params: { type: 'shoot', shooter: names[2] } })
    expect(g.referee.script).toContainEqual({ key: 'night.shots.none', params: { names: names[2], count: 1 } })
    expect(g.referee.script).toContainEqual({ key: 'night.shots.kill', params: { name: names[5] } })
    g.endStep().do({ type: 'investigate', target: 4 }).endStep()
    expect(g.state.alive[5]).toBe(false)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [5] })
  })

  it('a missing shot counts toward no one: 1 shot of 3 does not reach the majority of the living', () => {
    const g = night1().night({ shots: { 0: 5, 1: null, 2: null }, investigate: 4 })
    expect(g.state.alive[5]).toBe(true)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [] })
  })

  it('nobody shoots at all → nobody dies; a lone mafioso who does not shoot kills nobody', () => {
    const g = night1().night({ shots: { 0: null, 1: null, 2: null }, investigate: 4 })
    expect(g.projector.announcements.at(-1)).toMatchObject({ deaths: [] })
    const lone = night1('M I CCCCCC').night({ shots: { 0: null }, investigate: 0 })
    expect(lone.projector.announcements.at(-1)).toMatchObject({ deaths: [] })
  })

  it('"did not shoot" may be changed into a shot or cleared (the referee corrects a mistake); only a living mafioso has one', () => {
    const g = night1().do({ type: 'shoot', shooter: 0, target: null })
    g.refuse({ type: 'shoot', shooter: 0, target: null }, 'not-allowed')
    g.refuse({ type: 'shoot', shooter: 4, target: null }, 'not-allowed')
    g.refuse({ type: 'shoot', shooter: 11, target: null }, 'not-alive')
    g.do({ type: 'shoot', shooter: 0, target: 6 })
    expect(g.referee.night?.shots).toEqual([{ shooter: 0, target: 6 }])
    g.do({ type: 'shoot', shooter: 0, target: null }, { type: 'clearShot', shooter: 0 })
    expect(g.referee.night?.shots).toEqual([])
    g.undo()
    expect(g.referee.night?.shots).toEqual([{ shooter: 0, target: null }])
  })

  it('the inspector may ask ("rákérdezhet"): "did not ask" ends the call without an answer, and is logged', () => {
    const g = night1().shots({ 0: 5, 1: 5, 2: 5 })
    expect(g.referee.legal.endNightStepWhy).toEqual({ reason: 'no-investigation', params: { role: 'investigator' } })
    expect(g.referee.legal.skipInvestigation).toBe(true)
    g.do({ type: 'investigate', target: null })
    expect(g.referee.lastStep).toEqual({ key: 'step.noInvestigation', params: { type: 'investigate' } })
    expect(g.referee.night).toMatchObject({ investigation: null, investigationSkipped: true })
    expect(g.referee.script.map((l) => l.key)).toContain('night.investigator.skipped')
    expect(g.referee.legal.investigate).toEqual([])
    expect(g.referee.legal.skipInvestigation).toBe(false)
    g.refuse({ type: 'investigate', target: 6 }, 'not-allowed')
    g.endStep()
    expect(g.state.phase).toBe('day')
    expect(g.state.investigations).toEqual([])
    expect(JSON.stringify(g.projector)).not.toContain('Skipped')
  })

  it('the next night the investigators may ask again', () => {
    const g = night1().night({ shots: { 0: 5, 1: 5, 2: 5 }, investigate: null })
    g.execute(10)
    expect(g.referee.legal.skipInvestigation).toBe(false) // the mafia's call first
    g.shots({ 0: 6, 1: 6, 2: 6 })
    expect(g.referee.legal.investigate.length).toBeGreaterThan(0)
    expect(g.referee.legal.skipInvestigation).toBe(true)
  })
})

describe('MaffiaSIG — no role is revealed on death', () => {
  it('executed, killed at night or drawn at random: the projector shows no role', () => {
    const g = day1().execute(0)
    g.night({ shots: { 1: 3, 2: 3 }, investigate: 1 })
    g.do({ type: 'drawRandomDeath', draw: 0 })
    const dead = [0, 3, 1]
    expect(dead.map((p) => g.state.alive[p])).toEqual([false, false, false])
    for (const p of dead) expect(g.projector.seats[p]?.role).toBeNull()
    for (const a of g.projector.announcements) if ('role' in a) expect(a.role).toBeNull()
    // The referee still sees every card.
    expect(dead.map((p) => g.referee.seats[p]?.role)).toEqual(['mafia', 'investigator', 'mafia'])
  })
})

describe('MaffiaSIG — end of the game', () => {
  it('town wins when all mafia are dead', () => {
    const g = Scripted.of('maffiasig', 'M I CCCCCCC').endStep().execute(0)
    expect(g.state.phase).toBe('over')
    expect(g.projector.winner).toBe('town')
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'gameOver', winner: 'town' })
    // At the end every card is shown.
    expect(g.projector.seats.map((s) => s.role)).toEqual(['mafia', 'investigator', ...Array(7).fill('citizen')])
    g.refuse({ type: 'accuse', accused: 1 }, 'game-over')
  })

  it('mafia win when town ≤ mafia (Hungarian: parity is enough)', () => {
    // 2 mafia, 4 town; day 1 executes a citizen (2 v 3), night 1 kills one (2 v 2).
    const g = Scripted.of('maffiasig', 'MM I CCC').endStep().execute(5)
    g.night({ shots: { 0: 4, 1: 4 }, investigate: 0 })
    expect(g.state.phase).toBe('over')
    expect(g.projector.winner).toBe('mafia')
  })

  it('Japanese reading, option "mafia win at parity" off: parity goes on, mafia win only when more', () => {
    const g = Scripted.of('maffiasig', 'MM I CCC', { options: { mafiaWinAtParity: false } })
      .endStep()
      .execute(5)
    g.night({ shots: { 0: 4, 1: 4 }, investigate: 0 })
    expect(g.state.phase).toBe('day')
    g.execute(3)
    expect(g.projector.winner).toBe('mafia')
  })
})

describe('MaffiaSIG variant — the first player executed becomes the referee', () => {
  const blind = () => Scripted.of('maffiasig', TABLE, { options: { firstDeadBecomesReferee: true } })

  it('MaffiaSIG variant: the first player executed becomes referee; referee view hides roles until then', () => {
    const g = blind()
    let v = g.referee
    expect(v.blind).toBe(true)
    expect(v.seats.every((s) => s.role === null)).toBe(true)
    expect(v.night).toBeNull()
    expect(v.script[0]).toEqual({ key: 'blind.note', params: {} })
    g.endStep()
    v = g.referee
    expect(v.seats.every((s) => s.role === null)).toBe(true)
    expect(v.investigations).toEqual([])
    g.execute(6)
    v = g.referee
    expect(v.blind).toBe(false)
    expect(g.state.refereePlayer).toBe(6)
    expect(v.seats.map((s) => s.role)).toEqual(['mafia', 'mafia', 'mafia', 'investigator', ...Array(8).fill('citizen')])
    expect(g.projector.announcements.slice(-2)).toEqual([
      { kind: 'executed', day: 1, player: 6, role: null },
      { kind: 'refereeHandover', player: 6 },
    ])
    expect(v.night?.number).toBe(1)
  })

  it('MaffiaSIG variant: the referee view while blind is the same whatever the deal', () => {
    const a = Scripted.of('maffiasig', TABLE, { options: { firstDeadBecomesReferee: true } })
    const b = Scripted.of('maffiasig', 'CCCC MCMC ICMC', { options: { firstDeadBecomesReferee: true } })
    for (const g of [a, b]) g.endStep().do({ type: 'accuse', accused: 4 }).voteCount(11).do({ type: 'endDefence' })
    expect(a.referee).toStrictEqual(b.referee)
  })

  it('MaffiaSIG variant: a random death on day 1 hands over too', () => {
    const g = blind().endStep().do({ type: 'drawRandomDeath', draw: 0 })
    expect(g.state.refereePlayer).toBe(0)
    expect(g.referee.blind).toBe(false)
  })

  it('MaffiaSIG variant: needs night 0 (or a day first) and a first day that must end with a death', () => {
    const r = (o: object) => ({ ...preset('maffiasig'), options: { ...preset('maffiasig').options, firstDeadBecomesReferee: true, ...o } })
    const counts = suggestCounts(preset('maffiasig'), 12)
    expect(setupProblems(r({}), seatNames(12), counts)).toEqual([])
    expect(setupProblems(r({ firstPhase: 'night' }), seatNames(12), counts).map((p) => p.code)).toEqual(['ruleset'])
    expect(setupProblems(r({ dayProcedure: 'nomination', noNominationGoesToNight: true }), seatNames(12), counts).map((p) => p.code)).toEqual(['ruleset'])
    expect(setupProblems(r({ dayProcedure: 'nomination', noNominationGoesToNight: false, dayMustEndWithDeath: true }), seatNames(12), counts)).toEqual([])
  })
})

describe('physical deal', () => {
  it('physical deal: mafia discovered on night 0 via identifyRole; citizens inferred', () => {
    const g = Scripted.start(setupOf('maffiasig', 'MMMI CCCC CCCC', { physical: true }))
    expect(g.referee.seats.every((s) => s.role === null)).toBe(true)
    expect(g.referee.dealMode).toBe('physical')
    g.do({ type: 'identifyRole', role: 'mafia', players: [0, 1, 2] }).endStep()
    expect(g.state.roles.slice(0, 4)).toEqual(['mafia', 'mafia', 'mafia', null])
    g.execute(11)
    // Night 1: the mafia are known; the inspector is recorded at their call.
    g.shots({ 0: 5, 1: 5, 2: 5 })
    expect(g.referee.legal.identify).toMatchObject({ role: 'investigator', count: 1, exact: false })
    g.refuse({ type: 'investigate', target: 0 }, 'identify-first')
    g.refuse({ type: 'identifyRole', role: 'investigator', players: [0] }, 'not-allowed')
    g.do({ type: 'identifyRole', role: 'investigator', players: [3] })
    // Every special card recorded: the rest hold number cards.
    expect(g.state.roles).toEqual(['mafia', 'mafia', 'mafia', 'investigator', ...Array(8).fill('citizen')])
    g.do({ type: 'investigate', target: 0 })
    expect(g.state.investigations).toEqual([{ night: 1, target: 0, isMafia: true }])
  })

  it('physical deal: nobody wins before the mafia are recorded', () => {
    const g = Scripted.start(setupOf('maffiasig', 'M I CCC', { physical: true, options: { firstPhase: 'day' } })).execute(0)
    // The only mafioso is dead, but nobody knows it yet: the game goes on to night 1.
    expect(g.state.phase).toBe('night')
    expect(g.state.winner).toBeNull()
    // Recording the card decides it: the town had already won.
    g.do({ type: 'identifyRole', role: 'mafia', players: [0] })
    expect(g.state.phase).toBe('over')
    expect(g.projector.winner).toBe('town')
  })

  it('physical deal: roles known up front count towards the record', () => {
    const g = Scripted.start(setupOf('maffiasig', 'MCI CCC', { physical: true, known: [null, null, 'investigator', null, null, null] }))
    g.refuse({ type: 'identifyRole', role: 'mafia', players: [2] }, 'not-allowed')
    g.do({ type: 'identifyRole', role: 'mafia', players: [0] })
    expect(g.state.roles).toEqual(['mafia', 'citizen', 'investigator', 'citizen', 'citizen', 'citizen'])
  })

  it('physical deal, day first: an unrecorded mafioso executed on day 1 can still be recorded at night 1', () => {
    const g = Scripted.start(setupOf('maffiasig', 'MMI CCCCCC', { physical: true, options: { firstPhase: 'day' } }))
    expect(g.state.phase).toBe('day')
    g.execute(0)
    expect(g.state.phase).toBe('night')
    expect(g.referee.legal.identify?.candidates).toContain(0)
    g.refuse({ type: 'identifyRole', role: 'mafia', players: [1] }, 'not-allowed')
    g.do({ type: 'identifyRole', role: 'mafia', players: [1, 0] })
    g.night({ shots: { 1: 5 }, identify: { investigator: [2] }, investigate: 3 })
    expect(g.state.roles).toEqual(['mafia', 'mafia', 'investigator', ...Array(6).fill('citizen')])
    expect(g.projector.announcements.at(-1)).toMatchObject({ kind: 'nightResult', night: 1, deaths: [5] })
    expect(g.state.phase).toBe('day')
  })

  it('physical deal with the blind operator: night 0 needs no record; the mafia are recorded at night 1 (the new referee knows their own card)', () => {
    const g = Scripted.start(setupOf('maffiasig', 'MMMI CCCC CCCC', { physical: true, options: { firstDeadBecomesReferee: true } }))
    expect(g.referee.script.map((l) => l.key)).not.toContain('night.identify')
    g.endStep().execute(2)
    expect(g.state.refereePlayer).toBe(2)
    g.refuse({ type: 'shoot', shooter: 0, target: 5 }, 'identify-first')
    g.do({ type: 'identifyRole', role: 'mafia', players: [0, 1, 2] })
    g.night({ shots: { 0: 5, 1: 5 }, identify: { investigator: [3] }, investigate: 4 })
    expect(g.projector.announcements.at(-1)).toMatchObject({ kind: 'nightResult', deaths: [5] })
  })
})
