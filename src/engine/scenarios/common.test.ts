/**
 * Scenarios for RULES.md, "What follows for the app", and the options every preset shares:
 * rulesets as data, projector secrecy, night prompts and dead calls, tie rules, setup validation,
 * clocks, undo and replay.
 */
import { describe, expect, it } from 'vitest'
import { rulesetSchema, PRESET_IDS } from '../../shared/ruleset'
import { fillTemplate, SCRIPT_EN } from '../../shared/script-en'
import { createGame, parseGameFile, replay, toGameFile, undo } from '../game'
import { PRESETS, preset } from '../rulesets'
import { dealFromOrder, physicalDeal, setupProblems, suggestCounts } from '../setup'
import type { GameState } from '../state'
import { Scripted, randomGame, rulesetWith, seatNames, setupOf } from '../testing'
import { projectorView } from '../views/projector'
import { refereeView } from '../views/referee'
import { describeCommand as describeStep, stepMeta } from '../views/step-line'

describe('a ruleset is data', () => {
  it('every preset is a valid ruleset; preset() hands out a fresh copy a club may change', () => {
    for (const id of PRESET_IDS) {
      expect(rulesetSchema.safeParse(PRESETS[id]).success).toBe(true)
      const r = preset(id)
      expect(r).toStrictEqual(PRESETS[id])
      r.options.nightOrder.push('doctor')
      r.options.tieRule = 'random'
      r.names.en.roleNames.mafia = 'Wolf'
      expect(PRESETS[id].options.tieRule).not.toBe('random')
      expect(PRESETS[id].names.en.roleNames.mafia).not.toBe('Wolf')
      expect(PRESETS[id].options.nightOrder).not.toEqual(r.options.nightOrder)
    }
  })

  it('any option can be changed from any preset: MaffiaSIG with nominations, a doctor and a day first', () => {
    const g = Scripted.of('maffiasig', 'MM I D CCCCC', {
      options: { firstPhase: 'day', dayProcedure: 'nomination', hasDoctor: true, nightOrder: ['mafia', 'doctor', 'investigator'], dayMustEndWithDeath: false },
    })
    expect(g.projector).toMatchObject({ phase: 'day', dayNumber: 1, stage: 'nominating' })
    g.lynch(8)
    expect(g.state.night?.steps).toEqual(['mafia', 'doctor', 'investigator'])
    g.night({ shots: { 0: 5, 1: 5 }, heal: 5, investigate: 0 })
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'nightResult', night: 1, deaths: [] })
  })

  it('option: reveal the role of night victims (revealOnNightDeath)', () => {
    const g = Scripted.of('swedish', 'MMM I D CCCC', { options: { revealOnNightDeath: true } }).night({ target: 4, investigate: 0, heal: 5 })
    expect(g.projector.seats[4]?.role).toBe('doctor')
  })

  it('option: reveal the role on execution in an accusation game (revealOnExecution)', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC', { options: { revealOnExecution: true } })
      .endStep()
      .execute(3)
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'executed', day: 1, player: 3, role: 'investigator' })
    expect(g.projector.seats[3]?.role).toBe('investigator')
  })
})

describe('the projector shows only what the referee would say aloud', () => {
  it('roles only where the rules reveal them (Estonian execution) and every role at game end', () => {
    const g = Scripted.of('estonian', 'M I D CCCC').night({ target: 6, investigate: 0, heal: 2 })
    expect(g.projector.seats.filter((s) => s.role !== null)).toEqual([])
    g.lynch(5)
    expect(g.projector.seats.filter((s) => s.role !== null).map((s) => s.seat)).toEqual([5])
    g.night({ target: 4, investigate: 3, heal: 2 }).lynch(0)
    expect(g.projector.phase).toBe('over')
    expect(g.projector.seats.map((s) => s.role)).toEqual(['mafia', 'investigator', 'doctor', 'citizen', 'citizen', 'citizen', 'citizen'])
  })

  it('open vote counts are public: the projector follows the raised hands', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    g.do({ type: 'castVote', voter: 0, choice: true }, { type: 'castVote', voter: 1, choice: true }, { type: 'castVote', voter: 2, choice: false })
    expect(g.projector.vote).toEqual({
      kind: 'guilty',
      candidates: [{ seat: 5, votes: 2, voters: [0, 1] }],
      yes: 2,
      needed: 6,
      eligible: 11,
      revote: false,
      tiedAt: null,
    })
    g.do({ type: 'castVote', voter: 1, choice: false })
    expect(g.projector.vote?.yes).toBe(1)
    expect(g.projector.vote?.candidates[0]?.voters).toEqual([0])
    g.do({ type: 'setVoteCount', count: 7 })
    expect(g.projector.vote?.yes).toBe(7)
    // A count typed in as a number names nobody.
    expect(g.projector.vote?.candidates[0]).toEqual({ seat: 5, votes: 7, voters: null })
  })

  it('who raised a hand is named only when the room settings allow it', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    g.do({ type: 'castVote', voter: 3, choice: true }, { type: 'castVote', voter: 0, choice: true })
    expect(projectorView(g.state).vote?.candidates[0]?.voters).toEqual([0, 3])
    expect(projectorView(g.state, { showVoters: false }).vote?.candidates[0]).toEqual({ seat: 5, votes: 2, voters: null })
  })

  it('plurality: the hands per nominee, in seating order', () => {
    const g = Scripted.of('swedish', 'MMM I D CCCC')
      .night({ target: 8, investigate: 0, heal: 4 })
      .do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'closeNominations' })
    g.do(
      { type: 'castVote', voter: 7, choice: 5 },
      { type: 'castVote', voter: 1, choice: 5 },
      { type: 'castVote', voter: 2, choice: 6 },
      { type: 'castVote', voter: 3, choice: null },
    )
    expect(g.projector.vote?.candidates).toEqual([
      { seat: 5, votes: 2, voters: [1, 7] },
      { seat: 6, votes: 1, voters: [2] },
    ])
  })

  it('during the night the projector only knows that it is night', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep().execute(11)
    const before = g.projector
    g.do({ type: 'shoot', shooter: 0, target: 5 }, { type: 'shoot', shooter: 1, target: 5 }, { type: 'shoot', shooter: 2, target: 5 }).endStep()
    g.do({ type: 'investigate', target: 0 })
    expect(g.projector).toStrictEqual(before)
    expect(before).toMatchObject({ phase: 'night', stage: null, vote: null, clock: null, speaker: null })
  })
})

describe('night prompts and dead calls', () => {
  it('dead roles are still called at night (callDeadRoles) and the step is a dead call', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep().execute(3) // the inspector
    expect(g.state.night?.steps).toEqual(['mafia', 'investigator'])
    g.shots({ 0: 5, 1: 5, 2: 5 })
    const step = g.referee.night?.steps[1]
    expect(step).toEqual({ kind: 'investigator', deadCall: true, identify: false, state: 'current' })
    expect(g.referee.script.map((l) => l.key)).toEqual(['night.investigator.wake', 'night.deadCall', 'night.investigator.sleep', 'night.end'])
    expect(g.referee.legal.investigate).toEqual([])
    g.refuse({ type: 'investigate', target: 0 }, 'not-allowed')
    g.endStep()
    expect(g.state.phase).toBe('day')
  })

  it('with callDeadRoles off a dead role is not called', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC', { options: { callDeadRoles: false } })
      .endStep()
      .execute(3)
    expect(g.state.night?.steps).toEqual(['mafia'])
  })

  it('every night step is prompted on the referee screen with words the club language has (English script)', () => {
    for (const id of PRESET_IDS) {
      for (let seed = 1; seed <= 30; seed++) {
        const run = randomGame(seed * 104729, id)
        for (const s of run.states) {
          const v = refereeView(s)
          if (s.phase === 'night') expect(v.script.length).toBeGreaterThan(0)
          for (const line of v.script) {
            const template = SCRIPT_EN[line.key]
            expect(template, line.key).toBeDefined()
            expect(fillTemplate(template as string, line.params)).not.toMatch(/\{\w+\}/)
          }
        }
      }
    }
  })
})

describe('the referee never tells the room a secret', () => {
  it('MaffiaSIG: the referee never gives information about roles — the night lines that are only for the referee\'s eyes (head count, shot tally, who the shots kill, a dead role\'s call) say "silently"', () => {
    for (const key of ['night.mafiaMeet.count', 'night.shots.tally', 'night.shots.kill', 'night.shots.noKill', 'night.deadCall'])
      expect(SCRIPT_EN[key], key).toMatch(/^\(Silently\) /)
  })
})

describe('tie options', () => {
  /** Swedish day 1 with nominees 5 and 6 and a vote open; 8 living voters. */
  const tie = (options = {}) =>
    Scripted.of('swedish', 'MMM I D CCCC', { options })
      .night({ target: 8, investigate: 0, heal: 4 })
      .do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'closeNominations' })

  it('tieRule noExecution: a tie executes nobody and night falls', () => {
    const g = tie({ tieRule: 'noExecution' }).plurality({ 0: 5, 1: 5, 2: 6, 3: 6 })
    // The reason, for the room: who tied, with how many votes each.
    expect(g.projector.announcements.at(-1)).toEqual({ kind: 'noExecution', day: 1, reason: 'tie', tie: { seats: [5, 6], votes: 2 } })
    expect(g.state.phase).toBe('night')
  })

  it('tieRule revote: one revote among the tied; a clear revote executes', () => {
    const g = tie({ tieRule: 'revote' }).plurality({ 0: 5, 1: 5, 2: 6, 3: 6 })
    expect(g.projector.vote?.revote).toBe(true)
    g.plurality({ 0: 6, 1: 6, 2: 6, 3: 5 })
    expect(g.state.alive[6]).toBe(false)
  })

  it("tieRule random: the tie is broken by the host's draw (required, recorded)", () => {
    const g = tie({ tieRule: 'random' }).do({ type: 'setVoteCount', count: 3, candidate: 5 }, { type: 'setVoteCount', count: 3, candidate: 6 })
    g.refuse({ type: 'closeVote' }, 'draw-required')
    const low = g.fork().do({ type: 'closeVote', draw: 0 })
    expect(low.state.alive[5]).toBe(false)
    const high = g.fork().do({ type: 'closeVote', draw: 0xffffffff })
    expect(high.state.alive[6]).toBe(false)
    expect(high.game.log.at(-1)?.command).toEqual({ type: 'closeVote', draw: 0xffffffff })
  })

  it('a tie when every day must end with a death: the day goes on and the suspects are named again', () => {
    const g = tie({ tieRule: 'noExecution', dayMustEndWithDeath: true }).plurality({ 0: 5, 1: 6 })
    expect(g.state.phase).toBe('day')
    expect(g.projector).toMatchObject({ stage: 'nominating', nominees: [] })
    g.lynch(7)
    expect(g.state.alive[7]).toBe(false)
  })

  it('vote counts may be entered directly (hands counted) but never more than the voters', () => {
    const g = tie()
    g.refuse({ type: 'setVoteCount', count: 9, candidate: 5 }, 'vote-invalid')
    g.refuse({ type: 'setVoteCount', count: 3 }, 'vote-invalid') // a plurality count names its nominee
    g.do({ type: 'setVoteCount', count: 5, candidate: 5 }, { type: 'setVoteCount', count: 4, candidate: 6 })
    g.refuse({ type: 'closeVote' }, 'vote-invalid') // 9 votes from 8 voters
    g.do({ type: 'setVoteCount', count: 3, candidate: 6 }, { type: 'closeVote' })
    expect(g.state.alive[5]).toBe(false)
  })
})

describe('setup validation', () => {
  const problems = (id: 'maffiasig' | 'estonian' | 'swedish', n: number, counts = suggestCounts(preset(id), n), options = {}) =>
    setupProblems(rulesetWith(id, options), seatNames(n), counts)

  it('"Swedish with 3 players" gives a clear error; too many players too', () => {
    expect(problems('swedish', 3, { mafia: 1, investigator: 0, doctor: 0, citizen: 2 })).toMatchObject([
      { code: 'players', message: 'Swedish needs at least 4 players; 3 given.' },
    ])
    expect(problems('swedish', 31).map((p) => p.message)).toContain('Swedish allows at most 30 players; 31 given.')
  })

  it('role counts: must add up, need a mafioso, and only roles the ruleset has', () => {
    expect(problems('maffiasig', 10, { mafia: 2, investigator: 1, doctor: 0, citizen: 6 })).toMatchObject([
      { code: 'counts', message: 'The roles add up to 9 but there are 10 players.' },
    ])
    expect(problems('maffiasig', 10, { mafia: 0, investigator: 1, doctor: 0, citizen: 9 }).map((p) => p.message)).toContain(
      'At least one player must be in the mafia.',
    )
    // The windows show the same by line id in their language; a role parameter is a role id.
    expect(problems('maffiasig', 10, { mafia: 2, investigator: 1, doctor: 1, citizen: 6 })).toEqual([
      { code: 'counts', key: 'problem.roleNotInRuleset', params: { ruleset: 'MaffiaSIG', role: 'doctor' }, message: 'MaffiaSIG has no doctor.' },
    ])
    expect(problems('maffiasig', 10, { mafia: 2, investigator: 1, doctor: 1, citizen: 6 }).map((p) => p.message)).toEqual(['MaffiaSIG has no doctor.'])
    expect(problems('maffiasig', 10, { mafia: 2, investigator: 1, doctor: 0, citizen: 7 }, { hasInvestigator: false }).map((p) => p.message)).toEqual([
      'MaffiaSIG has no inspector.',
    ])
  })

  it('a deal the mafia have already won is refused (parity rule respected)', () => {
    expect(problems('maffiasig', 4, { mafia: 2, investigator: 0, doctor: 0, citizen: 2 }, { minPlayers: 4 }).map((p) => p.code)).toEqual(['balance'])
    expect(problems('estonian', 4, { mafia: 2, investigator: 0, doctor: 0, citizen: 2 })).toEqual([])
  })

  it('names: every seat needs one, and no two alike', () => {
    const r = preset('swedish')
    const c = suggestCounts(r, 7)
    expect(setupProblems(r, ['A', 'B', ' ', 'D', 'E', 'F', 'G'], c)).toMatchObject([{ code: 'names', message: 'Seat 3 has no name.' }])
    expect(setupProblems(r, ['A', 'B', 'anna', 'D', 'E', 'F', 'Anna '], c)).toMatchObject([
      { code: 'names', message: '"Anna" (seat 7) looks the same as "anna" (seat 3): give one of them a name the room can tell apart.' },
    ])
  })

  it('a ruleset must be valid data and consistent', () => {
    const bad = { ...preset('swedish'), options: { ...preset('swedish').options, minPlayers: 2 } }
    expect(setupProblems(bad, seatNames(7), suggestCounts(preset('swedish'), 7))[0]?.code).toBe('ruleset')
    expect(setupProblems({ nonsense: true }, seatNames(7), suggestCounts(preset('swedish'), 7))[0]?.code).toBe('ruleset')
    expect(problems('swedish', 7, undefined, { minPlayers: 9, maxPlayers: 8 }).map((p) => p.message)).toContain(
      'The smallest table is larger than the largest.',
    )
    expect(problems('swedish', 7, undefined, { nightOrder: ['doctor', 'investigator'] }).map((p) => p.message)).toContain('The night must call the mafia.')
    expect(problems('swedish', 7, undefined, { nightOrder: ['mafia', 'doctor', 'mafia'] }).map((p) => p.message)).toContain(
      'A role is called twice in the night order.',
    )
  })

  it('the deal must match the counts and the table', () => {
    const s = setupOf('swedish', 'MM I D CCC')
    const wrong = createGame({ ...s, deal: { ...s.deal, roles: ['mafia', 'mafia', 'mafia', 'doctor', 'citizen', 'citizen', 'citizen'] } })
    expect(!wrong.ok && wrong.error.message).toBe('The game cannot start with this setup. The deal gives 3 mafia cards; the counts say 2.')
    const short = createGame({ ...s, deal: { ...s.deal, roles: s.deal.roles.slice(1) } })
    expect(!short.ok && short.error.message).toBe('The game cannot start with this setup. The deal has 6 cards for 7 players.')
    const phys = createGame({ ...s, deal: physicalDeal(s.deal.counts, ['doctor', 'doctor', null, null, null, null, null]) })
    expect(!phys.ok && phys.error.message).toBe('The game cannot start with this setup. The deal gives 2 doctor cards; the counts say 1.')
    const digitalGap = createGame({ ...s, deal: { ...s.deal, roles: [null, ...s.deal.roles.slice(1)] } })
    expect(digitalGap.ok).toBe(false)
  })

  it('dealFromOrder deals the sorted deck along a permutation of seats', () => {
    const d = dealFromOrder({ mafia: 2, investigator: 1, doctor: 1, citizen: 3 }, [6, 0, 3, 1, 2, 4, 5])
    expect(d.roles).toEqual(['mafia', 'doctor', 'citizen', 'investigator', 'citizen', 'citizen', 'mafia'])
    expect(d.mode).toBe('digital')
  })
})

describe('clocks', () => {
  /** Swedish day 1: a 5-minute day clock, not started. */
  const day = () => Scripted.of('swedish', 'MMM I D CCCC').night({ target: 8, investigate: 0, heal: 4 })

  it('clocks: start, pause, resume, add time; expiry only at or after the deadline', () => {
    const g = day().do({ type: 'startTimer', at: 1000 })
    expect(g.projector.clock).toMatchObject({ deadline: 301_000, durationMs: 300_000, expired: false })
    g.refuse({ type: 'startTimer', at: 2000 }, 'timer-invalid')
    g.do({ type: 'pauseTimer', at: 61_000 })
    expect(g.projector.clock).toMatchObject({ deadline: null, remainingMs: 240_000 })
    g.refuse({ type: 'pauseTimer', at: 62_000 }, 'timer-invalid')
    g.refuse({ type: 'timerExpired', at: 10_000_000 }, 'timer-invalid') // paused: time is left
    g.do({ type: 'addTime', seconds: 60, at: 70_000 })
    expect(g.projector.clock).toMatchObject({ deadline: null, remainingMs: 300_000, durationMs: 360_000 })
    g.do({ type: 'resumeTimer', at: 100_000 })
    expect(g.projector.clock?.deadline).toBe(400_000)
    g.do({ type: 'addTime', seconds: -30, at: 100_000 })
    expect(g.projector.clock).toMatchObject({ deadline: 370_000, durationMs: 330_000 })
    g.refuse({ type: 'addTime', seconds: 0, at: 100_000 }, 'timer-invalid')
    g.refuse({ type: 'addTime', seconds: -270, at: 100_000 }, 'timer-invalid') // would leave no time
    g.refuse({ type: 'timerExpired', at: 369_999 }, 'timer-invalid')
    g.do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'timerExpired', at: 370_000 })
    expect(g.projector.clock).toMatchObject({ expired: true, remainingMs: 0, deadline: null })
    // The Swedish expiry closed the nominations: the vote is open, the clock is spent.
    expect(g.projector.stage).toBe('vote')
    g.refuse({ type: 'timerExpired', at: 400_000 }, 'timer-invalid')
    g.refuse({ type: 'startTimer', at: 400_000 }, 'timer-invalid')
    g.refuse({ type: 'addTime', seconds: 60, at: 400_000 }, 'timer-invalid')
  })

  it('a clock paused after its deadline has no time left and may be resumed to expire', () => {
    const g = day().do({ type: 'startTimer', at: 0 }, { type: 'pauseTimer', at: 999_999 })
    expect(g.projector.clock).toMatchObject({ remainingMs: 0, expired: false })
    g.do({ type: 'resumeTimer', at: 1_000_000 }, { type: 'timerExpired', at: 1_000_000 })
    expect(g.state.phase).toBe('night')
  })

  it('a host clock that steps back (restart, clock change) cannot give a clock more than its duration', () => {
    const g = day().do({ type: 'startTimer', at: 1_000_000 }, { type: 'pauseTimer', at: 10 })
    expect(g.projector.clock).toMatchObject({ remainingMs: 300_000, durationMs: 300_000, deadline: null })
  })

  it('clocks run only by day, and only when the ruleset has one', () => {
    const night = Scripted.of('swedish', 'MMM I D CCCC')
    night.refuse({ type: 'startTimer', at: 0 }, 'wrong-phase')
    const estonian = Scripted.of('estonian', 'MM I D CCCCCC').night({ target: 9, investigate: 4, heal: 3 })
    estonian.refuse({ type: 'startTimer', at: 0 }, 'timer-invalid')
    expect(estonian.referee.legal.startTimer).toBe(false)
  })

  it('the defence clock is separate: the day clock keeps running, and its expiry still draws a death', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep().do({ type: 'startTimer', at: 0 }, { type: 'accuse', accused: 5 }).voteCount(11)
    expect(g.projector.clock?.kind).toBe('defence')
    expect(g.referee.legal.startTimer).toBe(true)
    g.do({ type: 'startTimer', at: 10_000 })
    expect(g.state.defenceTimer?.deadline).toBe(130_000)
    expect(g.state.dayTimer?.deadline).toBe(1_200_000)
    g.do({ type: 'pauseTimer', at: 20_000, timer: 'day' })
    expect(g.state.dayTimer).toMatchObject({ deadline: null, remainingMs: 1_180_000 })
    g.do({ type: 'resumeTimer', at: 20_000, timer: 'day' }, { type: 'timerExpired', at: 1_200_000, timer: 'day', draw: 0 })
    expect(g.state.alive[0]).toBe(false)
    expect(g.projector).toMatchObject({ stage: 'lastWords', speaker: 0, accused: null })
  })
})

describe('undo and replay', () => {
  /** A MaffiaSIG game into night 1 with every state kept. */
  function played() {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC')
    const states: GameState[] = [g.state]
    const step = (f: () => void) => {
      f()
      states.push(g.state)
    }
    step(() => g.endStep())
    step(() => g.do({ type: 'startTimer', at: 0 }))
    step(() => g.do({ type: 'accuse', accused: 5, accuser: 6 }))
    step(() => g.do({ type: 'castVote', voter: 0, choice: true }))
    step(() => g.do({ type: 'setVoteCount', count: 11 }))
    step(() => g.do({ type: 'closeVote' }))
    step(() => g.do({ type: 'endDefence' }))
    step(() => g.do({ type: 'setVoteCount', count: 11 }))
    step(() => g.do({ type: 'closeVote' })) // executed: night 1
    step(() => g.do({ type: 'shoot', shooter: 0, target: 7 }))
    step(() => g.do({ type: 'shoot', shooter: 1, target: 7 }))
    return { g, states }
  }

  it('undo of several steps restores the exact state from that many steps earlier, across day and night', () => {
    const { g, states } = played()
    const len = states.length - 1
    for (let n = 1; n <= len; n++) {
      const r = undo(g.game, n)
      if (!r.ok) throw new Error(r.error.message)
      expect(r.value.state).toStrictEqual(states[len - n])
      expect(r.value.log).toHaveLength(len - n)
    }
    g.undo(3)
    expect(g.state.phase).toBe('day')
    expect(g.state.alive[5]).toBe(true)
    expect(g.referee.undoable).toBe(len - 3)
    expect(g.referee.lastStep).toEqual({ key: 'step.setVoteCount', params: { type: 'setVoteCount', count: '11' } })
    // The game goes on from there.
    g.do({ type: 'setVoteCount', count: 0 }, { type: 'closeVote' })
    expect(g.projector.stage).toBe('discussion')
  })

  it('undo refuses zero, negative, fractional or too many steps', () => {
    const { g } = played()
    for (const n of [0, -1, 1.5, g.game.log.length + 1]) expect(undo(g.game, n).ok).toBe(false)
    const fresh = Scripted.of('swedish', 'MMM I D CCCC')
    const r = undo(fresh.game, 1)
    expect(!r.ok && r.error.code).toBe('nothing-to-undo')
  })

  it('the referee view describes the last step for the undo button', () => {
    const { g } = played()
    expect(g.referee.lastStep).toEqual({ key: 'step.shoot', params: { type: 'shoot', shooter: 'Bence', target: 'Hanna' } })
    g.undo(8)
    expect(g.referee.lastStep).toEqual({ key: 'step.accuseBy', params: { type: 'accuse', accused: 'Feri', accuser: 'Gabi' } })
  })

  it("the log says what came of a step: the night's death, a vote's result, an execution", () => {
    const g = Scripted.of('maffiasig', 'MM I CCCCCCCCC').endStep()
    const said = () => describeStep(stepMeta(g.state), g.game.log.at(-1)!.command, g.game.log.at(-1)!.events)
    g.do({ type: 'accuse', accused: 5 }).voteCount(3)
    expect(said()).toMatchObject({ key: 'step.closeVoteFailed', params: { yes: 3, needed: 6 } })
    g.do({ type: 'accuse', accused: 5 }).voteCount(6)
    expect(said()).toMatchObject({ key: 'step.closeVotePassed', params: { yes: 6, needed: 6 } })
    g.do({ type: 'endDefence' }).voteCount(7)
    expect(said()).toMatchObject({ key: 'step.closeVoteExecuted', params: { name: 'Feri' } })
    g.do(
      { type: 'shoot', shooter: 0, target: 4 },
      { type: 'shoot', shooter: 1, target: 4 },
      { type: 'endNightStep' },
      { type: 'investigate', target: 0 },
      { type: 'endNightStep' },
    )
    expect(said()).toMatchObject({ key: 'step.nightEndedDeath', params: { name: 'Eszter' } })
  })

  it('replay(setup, commands) reproduces the game; a refused command stops the replay with its index', () => {
    const { g } = played()
    const commands = g.game.log.map((e) => e.command)
    const r = replay(g.game.setup, commands)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.state).toStrictEqual(g.state)
    const broken = replay(g.game.setup, [...commands.slice(0, 4), { type: 'shoot', shooter: 0, target: 1 }, ...commands.slice(4)])
    expect(broken.ok).toBe(false)
    expect(!broken.ok && broken.error.index).toBe(4)
    // The failure carries the game as it stood before the refused command.
    const at4 = undo(g.game, commands.length - 4)
    if (!at4.ok || broken.ok) throw new Error('unreachable')
    expect(broken.game?.state).toStrictEqual(at4.value.state)
    const junk = replay(g.game.setup, [{ type: 'fly' }])
    expect(!junk.ok && junk.error).toMatchObject({ index: 0, code: 'invalid-command' })
  })

  it('a game file round-trips through JSON and replays to the same state', () => {
    const { g } = played()
    const file = JSON.parse(JSON.stringify(toGameFile(g.game, { id: 'g1', createdAt: '2024-01-01T20:00:00Z' })))
    expect(file).toMatchObject({ format: 'nightfall-game', version: 2, id: 'g1', players: seatNames(12) })
    const parsed = parseGameFile(file)
    if (!parsed.ok) throw new Error(parsed.error.message)
    const r = replay(parsed.value.setup, parsed.value.commands)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.state).toStrictEqual(g.state)
    expect(parseGameFile({ ...file, version: 99 }).ok).toBe(false)
  })
})
