/**
 * Scenarios for RULES.md, preset 3 — "Swedish". Each test name cites the bullet it checks.
 * Table used unless said otherwise: 9 players as the recommended deal says — seats 0–2 mafia (aces),
 * 3 constable (king), 4 doctor (queen), 5–8 farmers.
 */
import { describe, expect, it } from 'vitest'
import { createGame } from '../game'
import { preset } from '../rulesets'
import { setupProblems, setupWarnings, suggestCounts } from '../setup'
import { SCRIPT_EN } from '../../shared/script-en'
import { Scripted, seatNames, setupOf } from '../testing'

const TABLE = 'MMM I D CCCC'
const start = (options = {}, deal = TABLE) => Scripted.of('swedish', deal, { options })

describe('Swedish — players and deal', () => {
  it('Swedish: at least 4 players — "Swedish with 3 players" gives a clear error', () => {
    const r = preset('swedish')
    const counts = { mafia: 1, investigator: 1, doctor: 0, citizen: 1 }
    expect(setupProblems(r, seatNames(3), counts)).toMatchObject([{ code: 'players', message: 'Swedish needs at least 4 players; 3 given.' }])
    const g = createGame(setupOf('swedish', 'M I C'))
    expect(g.ok).toBe(false)
    if (!g.ok) expect(g.error.message).toContain('Swedish needs at least 4 players; 3 given.')
    expect(setupProblems(r, seatNames(4), suggestCounts(r, 4))).toEqual([])
  })

  it('setup uses the same end rule as the game: 2 mafia against a constable and a living doctor may start (parity needs a dead doctor)', () => {
    const r = preset('swedish')
    expect(setupProblems(r, seatNames(4), { mafia: 2, investigator: 1, doctor: 0, citizen: 1 })).toMatchObject([
      { code: 'balance', message: 'With 2 mafia and 2 town the mafia would win before the game starts.' },
    ])
    expect(setupProblems(r, seatNames(4), { mafia: 2, investigator: 1, doctor: 1, citizen: 0 })).toEqual([])
  })

  it('Swedish: 7–15 recommended — warnings outside that range only', () => {
    const r = preset('swedish')
    for (let n = 7; n <= 15; n++) expect(setupWarnings(r, n, suggestCounts(r, n))).toEqual([])
    expect(setupWarnings(r, 6, suggestCounts(r, 6)).join(' ')).toMatch(/7–15/)
    expect(setupWarnings(r, 16, suggestCounts(r, 16)).join(' ')).toMatch(/7–15/)
  })

  it('Swedish: suggested deals are the recommended table exactly for 7–15 (mafia, constables, doctors, farmers)', () => {
    const table: Record<number, [number, number, number, number]> = {
      7: [2, 1, 1, 3],
      8: [2, 1, 1, 4],
      9: [3, 1, 1, 4],
      10: [3, 1, 1, 5],
      11: [3, 1, 1, 6],
      12: [4, 1, 1, 6],
      13: [4, 1, 1, 7],
      14: [4, 1, 1, 8],
      // The source's row for 15 reads 5, 2, 1, 8 — sixteen cards. The special cards are kept; farmers fill the table.
      15: [5, 2, 1, 7],
    }
    const r = preset('swedish')
    for (const [n, [mafia, investigator, doctor, citizen]] of Object.entries(table))
      expect(suggestCounts(r, Number(n))).toEqual({ mafia, investigator, doctor, citizen })
  })
})

describe('Swedish — night', () => {
  it('Swedish: starts with night; the mafia learn their partners on the first night', () => {
    const g = start()
    expect(g.projector).toMatchObject({ phase: 'night', nightNumber: 1, dayNumber: 0, announcements: [] })
    expect(g.state.night?.steps).toEqual(['mafia', 'investigator', 'doctor'])
    expect(g.referee.script.map((l) => l.key)).toEqual(['night.begin', 'night.group.wakeFirst', 'night.group.sleep'])
    g.night({ target: 8, investigate: 0, heal: 4 }).lynch(7)
    expect(g.referee.script.map((l) => l.key)).toContain('night.group.wake')
  })

  it('Swedish: the mafia point at one other, sleeping player (never one of their own)', () => {
    const g = start()
    g.refuse({ type: 'chooseTarget', target: 0 }, 'not-allowed')
    g.refuse({ type: 'chooseTarget', target: 2 }, 'not-allowed')
    g.refuse({ type: 'shoot', shooter: 0, target: 5 }, 'not-allowed')
    expect(g.referee.legal.chooseTarget).toEqual([3, 4, 5, 6, 7, 8])
  })

  it('Swedish: the constable points at a player; the referee signs good or evil (thumb down for evil, thumb up for good)', () => {
    const g = start().do({ type: 'chooseTarget', target: 5 }).endStep()
    expect(g.referee.script.map((l) => l.key)).toEqual(['night.investigator.wake', 'night.investigator.sleep'])
    g.do({ type: 'investigate', target: 2 })
    expect(g.referee.script).toContainEqual({ key: 'night.investigator.answerEvil', params: { name: 'Csilla' } })
    expect(SCRIPT_EN['night.investigator.answerEvil']).toMatch(/EVIL \(thumb down\)/)
    const h = start().do({ type: 'chooseTarget', target: 5 }).endStep().do({ type: 'investigate', target: 6 })
    expect(h.referee.script).toContainEqual({ key: 'night.investigator.answerGood', params: { name: 'Gabi' } })
    expect(SCRIPT_EN['night.investigator.answerGood']).toMatch(/GOOD \(thumb up\)/)
  })

  it('Swedish: doctor may heal self', () => {
    const g = start().night({ target: 4, investigate: 0, heal: 4 })
    expect(g.state.alive[4]).toBe(true)
    expect(g.projector.announcements).toEqual([{ kind: 'nightResult', night: 1, deaths: [] }])
    // With the option off the doctor must pick someone else.
    start({ doctorSelfHeal: false })
      .do({ type: 'chooseTarget', target: 5 })
      .endStep()
      .do({ type: 'investigate', target: 0 })
      .endStep()
      .refuse({ type: 'heal', target: 4 }, 'not-allowed')
  })

  it('Swedish: the doctor heals a sleeping player; the mafia target then survives', () => {
    const g = start().night({ target: 6, investigate: 0, heal: 6 })
    expect(g.state.alive.every(Boolean)).toBe(true)
  })
})

describe('Swedish — day', () => {
  it('Swedish: the referee tells whether there was a murder and who died', () => {
    const g = start().night({ target: 6, investigate: 0, heal: 4 })
    expect(g.projector.announcements).toEqual([{ kind: 'nightResult', night: 1, deaths: [6] }])
    expect(g.projector.seats[6]).toEqual({ seat: 6, name: 'Gabi', alive: false, role: null, fouls: 0 })
    expect(g.referee.script[0]).toEqual({ key: 'day.death', params: { name: 'Gabi' } })
  })

  it('attempted murder is never revealed (projector shows nobody died, no target)', () => {
    const saved = start().night({ target: 6, investigate: 0, heal: 6 })
    const other = start().night({ target: 7, investigate: 1, heal: 7 })
    const quiet = start().night({ target: 5, investigate: 0, heal: 5 })
    expect(saved.projector.announcements).toEqual([{ kind: 'nightResult', night: 1, deaths: [] }])
    // Different targets, the same projector: nothing of the attempt shows.
    expect(saved.projector).toStrictEqual(other.projector)
    expect(saved.projector).toStrictEqual(quiet.projector)
    expect(saved.referee.script[0]).toEqual({ key: 'day.noDeath', params: {} })
  })

  it('Swedish: a timer runs; when it expires the nominations close and the hand-raising vote starts', () => {
    const g = start().night({ target: 8, investigate: 0, heal: 4 })
    expect(g.projector.clock).toMatchObject({ kind: 'day', durationMs: 300_000, warningMs: 60_000, deadline: null })
    g.do({ type: 'startTimer', at: 10_000 }, { type: 'nominate', player: 5 }, { type: 'nominate', player: 6 })
    g.refuse({ type: 'timerExpired', at: 309_999 }, 'timer-invalid')
    g.do({ type: 'timerExpired', at: 310_000 })
    expect(g.projector).toMatchObject({
      stage: 'vote',
      vote: {
        kind: 'plurality',
        candidates: [
          { seat: 5, votes: 0 },
          { seat: 6, votes: 0 },
        ],
      },
    })
    expect(g.projector.clock).toMatchObject({ expired: true })
  })

  it('Swedish: no nomination → straight to night (by the referee, or when the time runs out)', () => {
    const g = start().night({ target: 8, investigate: 0, heal: 4 }).do({ type: 'closeNominations' })
    expect(g.state.phase).toBe('night')
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'noExecution', day: 1, reason: 'noNominees' })
    const h = start().night({ target: 8, investigate: 0, heal: 4 }).do({ type: 'startTimer', at: 0 }, { type: 'timerExpired', at: 300_000 })
    expect(h.state.phase).toBe('night')
    expect(h.state.night?.number).toBe(2)
  })

  it('Swedish: lone nominee executed; several → vote', () => {
    const before = start().night({ target: 8, investigate: 0, heal: 4 }).do({ type: 'nominate', player: 5 })
    // The window is told beforehand that closing executes the lone nominee (it says so and asks).
    expect(before.referee.legal.closeNominationsExecutes).toBe(5)
    const lone = before.do({ type: 'closeNominations' })
    expect(lone.state.alive[5]).toBe(false)
    expect(lone.projector.announcements.at(-1)).toEqual({ kind: 'executed', day: 1, player: 5, role: null })
    expect(lone.state.phase).toBe('night')
    const several = start()
      .night({ target: 8, investigate: 0, heal: 4 })
      .do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 0 }, { type: 'closeNominations' })
    expect(several.projector.stage).toBe('vote')
    several.plurality({ 1: 5, 2: 5, 3: 0, 4: 0, 6: 0 })
    expect(several.state.alive[0]).toBe(false)
    expect(several.projector.seats[0]?.role).toBeNull() // no reveal in the Swedish rules
  })

  it('Swedish: a nomination may be withdrawn before the vote', () => {
    const g = start()
      .night({ target: 8, investigate: 0, heal: 4 })
      .do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'withdrawNomination', player: 6 })
    g.refuse({ type: 'withdrawNomination', player: 6 }, 'not-allowed')
    g.do({ type: 'closeNominations' })
    expect(g.state.alive[5]).toBe(false)
  })

  it('Swedish: the dead may not take part — no vote, no nomination', () => {
    const g = start().night({ target: 8, investigate: 0, heal: 4 })
    g.refuse({ type: 'nominate', player: 8 }, 'not-alive')
    g.do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'closeNominations' })
    g.refuse({ type: 'castVote', voter: 8, choice: 5 }, 'vote-invalid')
    expect(g.projector.vote?.eligible).toBe(8)
  })
})

describe('Swedish — dead roles and the end', () => {
  it('Swedish: dead constable/doctor are still called at night so that their death is not revealed', () => {
    const g = start().night({ target: 3, investigate: 0, heal: 5 }) // the constable dies
    g.lynch(4) // the doctor is executed
    expect(g.state.night?.steps).toEqual(['mafia', 'investigator', 'doctor'])
    g.do({ type: 'chooseTarget', target: 5 }).endStep()
    expect(g.referee.night?.steps.filter((s) => s.deadCall).map((s) => s.kind)).toEqual(['investigator', 'doctor'])
    g.endStep().endStep()
    expect(g.projector.announcements.find((a) => a.kind === 'nightResult' && a.night === 2)).toEqual({ kind: 'nightResult', night: 2, deaths: [5] })
  })

  it('Swedish: mafia win when they are more than the town', () => {
    const g = start({}, 'MMM I D CC').night({ target: 5, investigate: 0, heal: 4 })
    expect(g.state.phase).toBe('day') // 3 v 3, doctor alive
    g.lynch(6)
    expect(g.projector.winner).toBe('mafia')
  })

  it('Swedish: mafia win at parity only while the doctor is dead', () => {
    const alive = start({}, 'MM I D CC').night({ target: 4, investigate: 0, heal: 3 }).lynch(5)
    expect(alive.state.phase).toBe('night') // 2 v 2 with the doctor alive: play on
    const dead = start({}, 'MM I D CCC').night({ target: 3, investigate: 0, heal: 4 }).lynch(4)
    expect(dead.state.phase).toBe('night') // 2 v 3
    dead.night({ target: 5, investigate: 1 })
    expect(dead.projector.winner).toBe('mafia') // 2 v 2, doctor dead
  })

  it('Swedish: the doctor and one mafioso left → draw', () => {
    const g = start({}, 'M D CC').night({ target: 2, heal: 3 })
    expect(g.state.phase).toBe('day')
    g.lynch(3)
    expect(g.projector.winner).toBe('draw')
    expect(g.referee.script.map((l) => l.key)).toEqual(['over.draw', 'over.reveal'])
    // Without the draw rule the game goes on (1 v 1 with the doctor alive).
    const h = start({ doctorMafiaDraw: false }, 'M D CC').night({ target: 2, heal: 3 }).lynch(3)
    expect(h.state.phase).toBe('night')
  })

  it('Swedish: town wins when all mafia are voted out', () => {
    const g = start({}, 'M I D CCCC').night({ target: 5, investigate: 0, heal: 4 }).lynch(0)
    expect(g.projector.winner).toBe('town')
    expect(g.projector.seats.map((s) => s.role)).toEqual(['mafia', 'investigator', 'doctor', 'citizen', 'citizen', 'citizen', 'citizen'])
  })
})
