/**
 * Scenarios for RULES.md, preset 2 — "Estonian". Each test name cites the bullet it checks.
 * Table used unless said otherwise: 10 players, seats 0–1 mafia (aces), 2 police (king),
 * 3 doctor (queen), 4–9 villagers (number cards).
 */
import { describe, expect, it } from 'vitest'
import { preset } from '../rulesets'
import { setupProblems, setupWarnings, suggestCounts } from '../setup'
import { Scripted, seatNames } from '../testing'

const TABLE = 'MM I D CCCCCC'
const start = (options = {}, deal = TABLE) => Scripted.of('estonian', deal, { options })
/** Night 1 with a kill of `victim` and no save; day 1 follows. */
const day1 = (victim = 9, options = {}, deal = TABLE) => start(options, deal).night({ target: victim, investigate: 4, heal: 3 === victim ? 4 : 3 })

describe('Estonian — players and cards', () => {
  it('Estonian: no hard player limit; over 20 players the text advises two separate games', () => {
    const r = preset('estonian')
    for (const n of [20, 21, 30, 40]) expect(setupProblems(r, seatNames(n), suggestCounts(r, n))).toEqual([])
    expect(setupWarnings(r, 20, suggestCounts(r, 20))).toEqual([])
    expect(setupWarnings(r, 21, suggestCounts(r, 21)).join(' ')).toMatch(/two separate games/)
  })

  it('Estonian: roles by playing card — mafia = ace, police = king, doctor = queen, villager = number card', () => {
    const r = preset('estonian')
    expect(r.names.en.roleNames).toEqual({ mafia: 'Mafia', investigator: 'Police officer', doctor: 'Doctor', citizen: 'Villager' })
    expect(r.options).toMatchObject({ hasInvestigator: true, hasDoctor: true, nightOrder: ['mafia', 'investigator', 'doctor'] })
    const g = start()
    expect(g.referee.script).toContainEqual({ key: 'night.group.wakeFirst', params: {} })
  })

  it('Estonian: police and doctors may be several — they act as a group: one answer, one heal a night', () => {
    const g = start({}, 'MMM II DD CCCCC').do({ type: 'chooseTarget', target: 9 }).endStep()
    g.refuse({ type: 'investigate', target: 4 }, 'not-allowed') // a fellow police officer
    g.do({ type: 'investigate', target: 0 })
    g.refuse({ type: 'investigate', target: 1 }, 'not-allowed') // the group already pointed
    g.endStep()
    g.do({ type: 'heal', target: 9 }, { type: 'heal', target: 10 }) // the group's choice, corrected
    expect(g.referee.night?.heal).toBe(10)
    g.endStep()
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [9] })
    expect(g.state.investigations).toEqual([{ night: 1, target: 0, isMafia: true }])
  })

  it('Estonian: several police recorded at one call with a physical deal (up to the number of kings)', () => {
    const g = Scripted.of('estonian', 'MMM II DD CCCCC', { physical: true })
    g.do({ type: 'identifyRole', role: 'mafia', players: [0, 1, 2] }, { type: 'chooseTarget', target: 11 }).endStep()
    g.refuse({ type: 'identifyRole', role: 'investigator', players: [3, 4, 8] }, 'not-allowed')
    g.do({ type: 'identifyRole', role: 'investigator', players: [3, 4] }, { type: 'investigate', target: 5 }).endStep()
    expect(g.referee.legal.identify).toMatchObject({ role: 'doctor', count: 2, exact: false })
    g.do({ type: 'identifyRole', role: 'doctor', players: [5, 6] }, { type: 'heal', target: 10 }).endStep()
    expect(g.state.roles).toEqual(['mafia', 'mafia', 'mafia', 'investigator', 'investigator', 'doctor', 'doctor', ...Array(5).fill('citizen')])
  })
})

describe('Estonian — night', () => {
  it('Estonian: mafia wake and agree on one target (group target, not shots)', () => {
    const g = start()
    g.refuse({ type: 'shoot', shooter: 0, target: 5 }, 'not-allowed')
    g.refuse({ type: 'endNightStep' }, 'step-incomplete')
    g.refuse({ type: 'chooseTarget', target: 1 }, 'not-allowed') // one of their own
    g.do({ type: 'chooseTarget', target: 5 }, { type: 'chooseTarget', target: 6 })
    expect(g.referee.night?.target).toBe(6)
    g.endStep()
    expect(g.step).toBe('investigator')
  })

  it('Estonian: group target, police answer, doctor saves the target', () => {
    const g = start().do({ type: 'chooseTarget', target: 5 }).endStep()
    g.do({ type: 'investigate', target: 0 })
    expect(g.referee.script).toContainEqual({ key: 'night.investigator.answerMafia', params: { name: 'Anna' } })
    g.endStep().do({ type: 'heal', target: 5 })
    expect(g.referee.night?.outcome).toBeNull()
    g.endStep()
    expect(g.state.alive.every(Boolean)).toBe(true)
    expect(g.projector.announcements).toEqual([{ kind: 'nightResult', night: 1, deaths: [] }])
  })

  it('Estonian: police answer thumb down for anyone not mafia (the doctor too)', () => {
    const g = start().do({ type: 'chooseTarget', target: 5 }).endStep().do({ type: 'investigate', target: 3 })
    expect(g.referee.night?.investigation).toEqual({ target: 3, isMafia: false })
    expect(g.referee.script).toContainEqual({ key: 'night.investigator.answerNotMafia', params: { name: 'Dani' } })
  })

  it('Estonian: doctors are told nothing — the doctor call shows no outcome, the heal stays secret', () => {
    const g = start().do({ type: 'chooseTarget', target: 5 }).endStep().do({ type: 'investigate', target: 4 }).endStep()
    g.do({ type: 'heal', target: 5 })
    expect(g.referee.script.map((l) => l.key)).toEqual(['night.doctor.wake', 'night.doctor.sleep', 'night.end'])
    g.endStep()
    expect(JSON.stringify(g.projector)).not.toMatch(/heal|target/)
  })

  it('Estonian: a heal on someone else does not stop the kill', () => {
    const g = start().night({ target: 5, investigate: 4, heal: 6 })
    expect(g.state.alive[5]).toBe(false)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [5] })
  })
})

describe('Estonian — day', () => {
  it('Estonian: the referee says who died, or that nobody died, and nothing else', () => {
    const g = day1(7)
    const p = g.projector
    expect(p.announcements).toEqual([{ kind: 'nightResult', night: 1, deaths: [7] }])
    expect(p.seats.every((s) => s.role === null)).toBe(true)
    expect(p).toMatchObject({ phase: 'day', dayNumber: 1, stage: 'nominating', nominees: [], vote: null, accused: null, speaker: null, clock: null })
    expect(g.referee.script).toEqual([
      { key: 'day.death', params: { name: 'Hanna' } },
      { key: 'day.nominatingMax', params: { day: 1, max: 3 } },
    ])
  })

  it('Estonian: up to three suspects; fourth rejected', () => {
    const g = day1().do({ type: 'nominate', player: 4 }, { type: 'nominate', player: 5 }, { type: 'nominate', player: 0 })
    g.refuse({ type: 'nominate', player: 6 }, 'not-allowed')
    g.refuse({ type: 'nominate', player: 4 }, 'not-allowed') // already a suspect
    g.refuse({ type: 'nominate', player: 9 }, 'not-alive')
    expect(g.projector.nominees).toEqual([4, 5, 0])
    g.do({ type: 'withdrawNomination', player: 5 }, { type: 'nominate', player: 6 })
    expect(g.projector.nominees).toEqual([4, 0, 6])
  })

  it('Estonian: each main suspect gives a defence speech (time-limited), then the vote', () => {
    const g = day1().do({ type: 'nominate', player: 4 }, { type: 'nominate', player: 5 }, { type: 'closeNominations' })
    expect(g.projector).toMatchObject({ stage: 'defence', speaker: 4, clock: { kind: 'defence', durationMs: 60_000 } })
    g.do({ type: 'endDefence' })
    expect(g.projector).toMatchObject({ stage: 'defence', speaker: 5 })
    g.do({ type: 'endDefence' })
    expect(g.projector.vote).toMatchObject({
      kind: 'plurality',
      candidates: [
        { seat: 4, votes: 0 },
        { seat: 5, votes: 0 },
      ],
      eligible: 9,
      revote: false,
    })
  })

  it('Estonian: the referee may skip the remaining defences and open the vote at once (skipDefences)', () => {
    const g = day1().do({ type: 'nominate', player: 4 }, { type: 'nominate', player: 5 }, { type: 'nominate', player: 0 }, { type: 'closeNominations' })
    expect(g.referee.legal.skipDefences).toBe(true)
    g.do({ type: 'skipDefences' })
    expect(g.projector.vote).toMatchObject({ kind: 'plurality', candidates: [{ seat: 4 }, { seat: 5 }, { seat: 0 }], revote: false })
    expect(g.referee.lastStep).toEqual({ key: 'step.skipDefences', params: { type: 'skipDefences' } })
    g.refuse({ type: 'skipDefences' }, 'wrong-step') // the vote is open
    // At the last nominee's defence there is nothing left to skip: that defence is simply ended.
    const h = day1().do({ type: 'nominate', player: 4 }, { type: 'nominate', player: 5 }, { type: 'closeNominations' }, { type: 'endDefence' })
    expect(h.referee.legal.skipDefences).toBe(false)
    h.refuse({ type: 'skipDefences' }, 'not-allowed')
  })

  it('Estonian: everybody has one vote; the one with most votes is executed and announces their role', () => {
    const g = day1().do(
      { type: 'nominate', player: 4 },
      { type: 'nominate', player: 0 },
      { type: 'closeNominations' },
      { type: 'endDefence' },
      { type: 'endDefence' },
    )
    g.do({ type: 'castVote', voter: 2, choice: 4 }, { type: 'castVote', voter: 2, choice: 0 }) // a changed vote counts once
    g.refuse({ type: 'castVote', voter: 9, choice: 0 }, 'vote-invalid') // the dead do not vote
    g.refuse({ type: 'castVote', voter: 3, choice: 5 }, 'vote-invalid') // not a suspect
    g.refuse({ type: 'castVote', voter: 3, choice: true }, 'vote-invalid')
    g.plurality({ 3: 0, 5: 0, 6: 4, 7: 4, 8: null })
    expect(g.state.alive[0]).toBe(false)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'executed', day: 1, player: 0, role: 'mafia' })
    expect(g.projector.seats[0]?.role).toBe('mafia')
    expect(g.state.phase).toBe('night')
  })

  it('Estonian: the one with most votes is executed and announces their role — the referee is prompted to say it before night', () => {
    const g = day1().do(
      { type: 'nominate', player: 4 },
      { type: 'nominate', player: 0 },
      { type: 'closeNominations' },
      { type: 'endDefence' },
      { type: 'endDefence' },
    )
    g.plurality({ 3: 0, 5: 0, 6: 4, 7: 0, 8: null })
    expect(g.state.phase).toBe('night')
    expect(g.referee.script.slice(0, 3)).toEqual([
      { key: 'day.executedRole', params: { name: 'Anna', role: 'mafia' } },
      { key: 'day.nightFalls', params: {} },
      { key: 'night.begin', params: { night: 2 } },
    ])
    // Only the first call of the night repeats the day's end.
    g.do({ type: 'chooseTarget', target: 8 }).endStep()
    expect(g.referee.script.map((l) => l.key)).not.toContain('day.executedRole')
  })

  it("Estonian: executed player's role is revealed on the projector; night victims' are not", () => {
    const g = day1(7).lynch(5)
    expect(g.projector.seats[5]?.role).toBe('citizen')
    expect(g.projector.seats[7]?.role).toBeNull()
    g.night({ target: 6, investigate: 4, heal: 3 })
    expect(g.projector.seats[6]).toMatchObject({ alive: false, role: null })
    expect(g.projector.announcements.filter((a) => a.kind === 'executed')).toEqual([{ kind: 'executed', day: 1, player: 5, role: 'citizen' }])
  })

  it('Estonian: a lone suspect still faces the vote', () => {
    const g = day1().do({ type: 'nominate', player: 4 }, { type: 'closeNominations' }, { type: 'endDefence' })
    expect(g.projector.vote).toMatchObject({ kind: 'plurality', candidates: [{ seat: 4, votes: 0 }] })
    g.do({ type: 'closeVote' })
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'noExecution', day: 1, reason: 'noVotes' })
    expect(g.state.phase).toBe('night')
  })

  it('Estonian: no suspect named → nobody is executed and night falls', () => {
    const g = day1().do({ type: 'closeNominations' })
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'noExecution', day: 1, reason: 'noNominees' })
    expect(g.state.phase).toBe('night')
    expect(g.state.night?.number).toBe(2)
  })

  it('Estonian: ties (the text is silent → option tieRule, default one revote among the tied, then nobody)', () => {
    const g = day1().do({ type: 'nominate', player: 4 }, { type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'closeNominations' })
    g.do({ type: 'endDefence' }, { type: 'endDefence' }, { type: 'endDefence' })
    g.plurality({ 0: 4, 1: 4, 2: 5, 3: 5, 7: 6 })
    expect(g.projector.vote).toMatchObject({
      kind: 'plurality',
      revote: true,
      tiedAt: 2,
      candidates: [
        { seat: 4, votes: 0 },
        { seat: 5, votes: 0 },
      ],
    })
    g.refuse({ type: 'castVote', voter: 0, choice: 6 }, 'vote-invalid')
    g.plurality({ 0: 4, 1: 5 })
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'noExecution', day: 1, reason: 'tie', tie: { seats: [4, 5], votes: 1 } })
    expect(g.state.phase).toBe('night')
    expect(g.state.alive.filter(Boolean)).toHaveLength(9)
  })
})

describe('Estonian — dead roles and the end', () => {
  it('Estonian: when the police or doctors are all dead the referee still calls their turn', () => {
    const g = day1(3) // the doctor dies on night 1
    g.lynch(2) // the police officer is executed on day 1
    expect(g.state.night?.steps).toEqual(['mafia', 'investigator', 'doctor'])
    g.do({ type: 'chooseTarget', target: 4 }).endStep()
    expect(g.referee.night?.steps.map((s) => [s.kind, s.deadCall])).toEqual([
      ['mafia', false],
      ['investigator', true],
      ['doctor', true],
    ])
    expect(g.referee.script).toContainEqual({ key: 'night.deadCall', params: {} })
    g.refuse({ type: 'investigate', target: 0 }, 'not-allowed')
    g.endStep()
    g.refuse({ type: 'heal', target: 4 }, 'not-allowed')
    g.endStep()
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 2, deaths: [4] })
  })

  it('Estonian: town wins when all mafia are executed', () => {
    const g = day1().lynch(0)
    expect(g.state.phase).toBe('night')
    g.night({ target: 4, investigate: 5, heal: 3 })
    g.lynch(1)
    expect(g.projector.winner).toBe('town')
    expect(g.projector.seats.every((s) => s.role !== null)).toBe(true)
  })

  it('Estonian: mafia win only when more than the rest (parity option off)', () => {
    // 2 mafia, police 2, doctor 3, villagers 4–5.
    const g = start({}, 'MM I D CC').night({ target: 4, investigate: 0, heal: 3 })
    g.lynch(5) // 2 mafia v 2 town: parity, the game goes on
    expect(g.state.phase).toBe('night')
    expect(g.state.winner).toBeNull()
    g.night({ target: 2, investigate: 0, heal: 3 })
    expect(g.projector.winner).toBe('mafia')
  })
})
