import type { CommandOf, CommandType } from '../../shared/commands'
import type { RulesetOptions } from '../../shared/ruleset'
import { seatName, seatNumber } from '../../shared/seat-name'
import { Emitter } from './emitter'
import { fail, ok, type EngineError, type Result } from './errors'
import type { GameEvent } from './events'
import { startNightEvents } from './phases'
import { countFor, isPlayer, living, pick, strictMajority, winnerOf, YES } from './queries'
import type { DayState, GameState, VoteState } from './state'

/** The day: accusations with two majority votes, or nominations with a plurality vote; deaths by day; last words. */

type DayResult = Result<GameEvent[]>

/** The day's commands; their union and decide's table (decide.ts) are built from this list. */
export const DAY_COMMANDS = [
  'accuse',
  'withdrawAccusation',
  'endDefence',
  'nominate',
  'withdrawNomination',
  'closeNominations',
  'skipDefences',
  'castVote',
  'setVoteCount',
  'closeVote',
  'endLastWords',
  'drawRandomDeath',
  'endDay',
] as const satisfies readonly CommandType[]
export type DayCommandType = (typeof DAY_COMMANDS)[number]

type Refusal = { ok: false; error: EngineError } | null
const dayNow = (s: GameState): { d: DayState; o: RulesetOptions } | { ok: false; error: EngineError } =>
  s.phase !== 'day' || !s.day ? fail('wrong-phase', 'It is not day.') : { d: s.day, o: s.setup.ruleset.options }
const refused = (x: object): x is { ok: false; error: EngineError } => 'ok' in x

/**
 * The one-seat day commands, checked the way decide checks them: first what does not depend on the
 * seat (`now`), then the seat (`seat`). decideDay runs both; the referee's legal actions run `now`
 * once and `seat` for every seat, so they never offer a seat decide would refuse.
 */
export const DAY_SEAT_RULES = {
  accuse: {
    now(s: GameState): Refusal {
      const at = dayNow(s)
      if (refused(at)) return at
      if (at.o.dayProcedure !== 'accusation') return fail('not-allowed', 'This ruleset uses nominations, not accusations.')
      return stage(at.d, 'discussion', 'An accusation') ?? (at.d.deathToday ? fail('not-allowed', 'There was already an execution today.') : null)
    },
    seat: (s: GameState, p: number): Refusal => needAlive(s, p, 'Accused'),
  },
  nominate: {
    now(s: GameState): Refusal {
      const at = dayNow(s)
      if (refused(at)) return at
      if (at.o.dayProcedure !== 'nomination') return fail('not-allowed', 'This ruleset uses accusations, not nominations.')
      return stage(at.d, 'nominating', 'A nomination')
    },
    seat(s: GameState, p: number): Refusal {
      const d = s.day as DayState
      const max = s.setup.ruleset.options.maxNominees
      const e = needAlive(s, p, 'Nominee')
      if (e) return e
      if (d.nominees.includes(p)) return fail('not-allowed', `${name(s, p)} is already nominated.`)
      return max !== null && d.nominees.length >= max ? fail('not-allowed', `At most ${max} suspects a day.`) : null
    },
  },
  withdrawNomination: {
    now(s: GameState): Refusal {
      const at = dayNow(s)
      return refused(at) ? at : stage(at.d, 'nominating', 'Withdrawing a nomination')
    },
    seat: (s: GameState, p: number): Refusal => ((s.day as DayState).nominees.includes(p) ? null : fail('not-allowed', `${name(s, p)} is not nominated.`)),
  },
} satisfies Partial<Record<DayCommandType, { now(s: GameState): Refusal; seat(s: GameState, p: number): Refusal }>>

export function decideDay(s: GameState, c: CommandOf<DayCommandType>): DayResult {
  const d = s.day
  if (s.phase !== 'day' || !d) return fail('wrong-phase', 'It is not day.')
  const o = s.setup.ruleset.options

  switch (c.type) {
    case 'accuse': {
      const e =
        DAY_SEAT_RULES.accuse.now(s) ?? DAY_SEAT_RULES.accuse.seat(s, c.accused) ?? (c.accuser === undefined ? null : needAlive(s, c.accuser, 'Accuser'))
      if (e) return e
      if (c.accuser === c.accused) return fail('not-allowed', 'Nobody may accuse themselves.')
      const em = new Emitter(s)
      em.emit({ type: 'accused', accused: c.accused, accuser: c.accuser ?? null })
      em.emit({ type: 'voteOpened', vote: yesNoVote(em.state, 'guilty', c.accused) })
      return ok(em.events)
    }
    case 'withdrawAccusation': {
      if (o.dayProcedure !== 'accusation' || d.accused === null) return fail('not-allowed', 'There is no accusation to withdraw.')
      if (d.stage === 'lastWords') return fail('wrong-step', 'Nothing to withdraw now.')
      return ok([{ type: 'accusationWithdrawn' }])
    }
    case 'endDefence': {
      const e = stage(d, 'defence', 'Ending a defence')
      if (e) return e
      const em = new Emitter(s)
      em.emit({ type: 'defenceEnded' })
      if (o.dayProcedure === 'accusation' && d.accused !== null) {
        em.emit({ type: 'voteOpened', vote: yesNoVote(em.state, 'execute', d.accused) })
      } else if (d.defenceIndex + 1 < d.nominees.length) {
        em.emit({ type: 'defenceStarted', index: d.defenceIndex + 1, timeLimit: o.defenceTimeLimit })
      } else {
        em.emit({ type: 'voteOpened', vote: pluralityVote(em.state, d.nominees, false) })
      }
      return ok(em.events)
    }
    case 'nominate':
      return DAY_SEAT_RULES.nominate.now(s) ?? DAY_SEAT_RULES.nominate.seat(s, c.player) ?? ok([{ type: 'nominated', player: c.player }])
    case 'withdrawNomination':
      return (
        DAY_SEAT_RULES.withdrawNomination.now(s) ??
        DAY_SEAT_RULES.withdrawNomination.seat(s, c.player) ??
        ok([{ type: 'nominationWithdrawn', player: c.player }])
      )
    case 'closeNominations': {
      const e = stage(d, 'nominating', 'Closing the nominations')
      if (e) return e
      return closeNominations(s, d)
    }
    case 'skipDefences': {
      // Nominations only: the remaining nominees' defences are skipped and the vote opens.
      const e =
        o.dayProcedure === 'nomination' ? stage(d, 'defence', 'Skipping the defences') : fail('not-allowed', 'Only nominees give defences one after another.')
      if (e) return e
      if (d.defenceIndex + 1 >= d.nominees.length) return fail('not-allowed', 'No other nominee is still to speak: end this defence.')
      const em = new Emitter(s)
      em.emit({ type: 'defenceEnded' })
      em.emit({ type: 'voteOpened', vote: pluralityVote(em.state, d.nominees, false) })
      return ok(em.events)
    }
    case 'castVote': {
      const v = d.vote
      if (d.stage !== 'vote' || !v) return fail('wrong-step', 'No vote is open.')
      if (!v.eligible.includes(c.voter)) return fail('vote-invalid', `${name(s, c.voter)} may not vote in this vote.`)
      if (v.kind === 'plurality') {
        if (typeof c.choice === 'boolean') return fail('vote-invalid', 'This vote is for a nominee, not yes/no.')
        if (c.choice !== null && !v.candidates.includes(c.choice)) return fail('vote-invalid', `${name(s, c.choice)} is not a candidate.`)
      } else if (typeof c.choice !== 'boolean') return fail('vote-invalid', 'This vote is yes or no.')
      const previous = v.ballots[c.voter]
      return ok([
        previous === undefined ? { type: 'voteCast', voter: c.voter, choice: c.choice } : { type: 'voteCast', voter: c.voter, choice: c.choice, previous },
      ])
    }
    case 'setVoteCount': {
      const v = d.vote
      if (d.stage !== 'vote' || !v) return fail('wrong-step', 'No vote is open.')
      if (c.count > v.eligible.length) return fail('vote-invalid', `Only ${v.eligible.length} may vote.`)
      if (v.kind === 'plurality') {
        if (c.candidate === undefined || !v.candidates.includes(c.candidate)) return fail('vote-invalid', 'Say which nominee the count is for.')
        return ok([{ type: 'voteCountSet', key: c.candidate, count: c.count }])
      }
      if (c.candidate !== undefined) return fail('vote-invalid', 'A yes/no vote has no candidate.')
      return ok([{ type: 'voteCountSet', key: YES, count: c.count }])
    }
    case 'closeVote': {
      const v = d.vote
      if (d.stage !== 'vote' || !v) return fail('wrong-step', 'No vote is open.')
      return closeVote(s, d, v, c.draw)
    }
    case 'endLastWords': {
      const e = stage(d, 'lastWords', 'Ending last words')
      if (e) return e
      const em = new Emitter(s)
      em.emit({ type: 'lastWordsEnded' })
      startNightEvents(em)
      return ok(em.events)
    }
    case 'endDay': {
      // Where a day need not end with a death, the referee may close it without one.
      if (o.dayMustEndWithDeath) return fail('not-allowed', 'In this ruleset every day must end with a death.')
      if (d.stage !== 'discussion' && d.stage !== 'nominating') return fail('wrong-step', `The day cannot end now (the day is at: ${d.stage}).`)
      const em = new Emitter(s)
      em.emit({ type: 'noExecution', reason: 'dayEnded' })
      startNightEvents(em)
      return ok(em.events)
    }
    case 'drawRandomDeath': {
      if (o.dayTimeoutAction !== 'randomDeath') return fail('not-allowed', 'This ruleset has no random death.')
      if (d.deathToday) return fail('not-allowed', 'Somebody already died today.')
      if (d.stage === 'lastWords') return fail('wrong-step', 'Last words are being said.')
      if (s.dayTimer && s.dayTimer.deadline !== null && !s.dayTimer.expired)
        return fail('not-allowed', 'The day clock is still running; pause it first to end the day early.')
      return randomDeath(s, c.draw)
    }
  }
}

const name = (s: GameState, p: number): string => seatName(s.setup.players, p)
function needAlive(s: GameState, p: number, what: string): Refusal {
  if (!isPlayer(s, p)) return fail('unknown-player', `${what}: there is no seat ${seatNumber(p)}.`)
  return s.alive[p] ? null : fail('not-alive', `${what}: ${name(s, p)} is dead.`)
}
/** Null when the day is at `want`, else the refusal. */
function stage(d: DayState, want: DayState['stage'], what: string): Refusal {
  return d.stage === want ? null : fail('wrong-step', `${what} is not possible now (the day is at: ${d.stage}).`)
}

export function yesNoVote(s: GameState, kind: 'guilty' | 'execute', accused: number): VoteState {
  const eligible: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && p !== accused) eligible.push(p)
  return { kind, candidates: [accused], eligible, ballots: {}, counts: {}, revote: false }
}

function pluralityVote(s: GameState, candidates: number[], revote: boolean, tiedAt?: number): VoteState {
  return { kind: 'plurality', candidates: [...candidates], eligible: living(s), ballots: {}, counts: {}, revote, ...(tiedAt !== undefined ? { tiedAt } : {}) }
}

function closeNominations(s: GameState, d: DayState): DayResult {
  const o = s.setup.ruleset.options
  const em = new Emitter(s)
  if (d.nominees.length === 0) {
    if (!o.noNominationGoesToNight) return fail('step-incomplete', 'Nominate at least one suspect.')
    em.emit({ type: 'noExecution', reason: 'noNominees' })
    startNightEvents(em)
    return ok(em.events)
  }
  const lone = d.nominees.length === 1 && o.singleNomineeExecuted ? (d.nominees[0] as number) : null
  if (lone !== null) dieByDay(em, lone, 'execution')
  else if (o.nomineeDefence) em.emit({ type: 'defenceStarted', index: 0, timeLimit: o.defenceTimeLimit })
  else em.emit({ type: 'voteOpened', vote: pluralityVote(s, d.nominees, false) })
  return ok(em.events)
}

function closeVote(s: GameState, d: DayState, v: VoteState, draw: number | undefined): DayResult {
  const o = s.setup.ruleset.options
  const em = new Emitter(s)
  if (v.kind !== 'plurality') {
    const accused = v.candidates[0] as number
    const yes = countFor(v, YES)
    const needed = strictMajority(v.eligible.length)
    const passed = yes >= needed
    em.emit({ type: 'voteClosed', kind: v.kind, yes, needed, passed, winner: passed ? accused : null })
    if (passed && v.kind === 'guilty') em.emit({ type: 'defenceStarted', index: 0, timeLimit: o.defenceTimeLimit })
    if (passed && v.kind === 'execute') dieByDay(em, accused, 'execution')
    return ok(em.events)
  }
  const total = v.candidates.reduce((n, c) => n + countFor(v, c), 0)
  if (total > v.eligible.length) return fail('vote-invalid', `${total} votes counted but only ${v.eligible.length} may vote.`)
  const top = Math.max(...v.candidates.map((c) => countFor(v, c)))
  const leaders = top === 0 ? [] : v.candidates.filter((c) => countFor(v, c) === top)
  let winner: number | null = leaders.length === 1 ? (leaders[0] as number) : null
  if (leaders.length > 1 && o.tieRule === 'random') {
    if (draw === undefined) return fail('draw-required', 'A tie is broken by a random draw; the host must supply it.')
    winner = leaders[pick(draw, leaders.length)] as number
  }
  em.emit({ type: 'voteClosed', kind: 'plurality', yes: top, needed: 0, passed: winner !== null, winner })
  if (winner !== null) {
    dieByDay(em, winner, 'execution')
    return ok(em.events)
  }
  if (leaders.length > 1 && o.tieRule === 'revote' && !v.revote) {
    em.emit({ type: 'voteOpened', vote: pluralityVote(em.state, leaders, true, top) })
    return ok(em.events)
  }
  em.emit(leaders.length > 1 ? { type: 'noExecution', reason: 'tie', tie: { seats: [...leaders], votes: top } } : { type: 'noExecution', reason: 'noVotes' })
  if (!o.dayMustEndWithDeath) startNightEvents(em)
  return ok(em.events)
}

/** The day's timeout: a uniformly drawn living player dies (MaffiaSIG). */
export function randomDeath(s: GameState, draw: number | undefined): DayResult {
  if (draw === undefined) return fail('draw-required', 'A random death needs a draw from the host.')
  const alive = living(s)
  const em = new Emitter(s)
  dieByDay(em, alive[pick(draw, alive.length)] as number, 'randomDeath')
  return ok(em.events)
}

/**
 * A death by day: the role revealed when the ruleset says so (any death by day, executed or drawn:
 * `revealOnExecution`), hand-over (variant), win check, then last words (a random death, where the
 * ruleset has them) or night.
 */
function dieByDay(em: Emitter, player: number, cause: 'execution' | 'randomDeath'): void {
  const o = em.state.setup.ruleset.options
  const wasBlind = em.state.operatorBlind
  const lastWords = cause === 'randomDeath' && o.lastWords
  em.emit({ type: 'playerDied', player, cause, revealed: o.revealOnExecution, lastWords })
  if (wasBlind) em.emit({ type: 'refereeHandedOver', player })
  const w = winnerOf(em.state)
  if (w) {
    em.emit({ type: 'gameOver', winner: w })
    return
  }
  if (lastWords) return // the day waits at its last words (endLastWords starts the night)
  startNightEvents(em)
}
