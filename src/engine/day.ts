import type { CommandOf, CommandType, SeatCommandType } from '../shared/commands'
import type { RulesetOptions } from '../shared/ruleset'
import type { DeathByDay } from '../shared/views'
import { seatName, seatNumber } from '../shared/seat-name'
import { Emitter } from './emitter'
import { ok, refuse, refused, type Refused, type Result } from './errors'
import type { GameEvent } from './events'
import { startNightEvents } from './phases'
import { countFor, isPlayer, living, pick, strictMajority, winnerOf, YES } from './queries'
import { publicRule, seatCommandsOf, type SeatRule } from './seat-rule'
import type { DayState, GameState, VoteState } from './state'

/** The day: accusations with two majority votes, or nominations with a plurality vote; deaths by day; last words. */

type DayResult = Result<GameEvent[]>

type Refusal = Refused | null
/** The day and its options, or the refusal when it is not day: the first check of every day rule (fouls.ts's too). */
export const dayNow = (s: GameState): { d: DayState; o: RulesetOptions } | Refused =>
  s.phase !== 'day' || !s.day ? refuse('not-day') : { d: s.day, o: s.setup.ruleset.options }

/**
 * The one-seat day commands (`SeatRule`, seat-rule.ts). Nothing a day rule checks reads a role, so
 * the blind operator is offered the same seats (`publicRule`).
 */
export const DAY_SEAT_RULES = {
  accuse: publicRule({
    now(s: GameState): Refusal {
      const at = dayNow(s)
      if (refused(at)) return at
      if (at.o.dayProcedure !== 'accusation') return refuse('uses-nominations')
      return stage(at.d, 'discussion') ?? (at.d.deathToday ? refuse('executed-today') : null)
    },
    seat: (s: GameState, p: number): Refusal => needAlive(s, p),
  }),
  nominate: publicRule({
    now(s: GameState): Refusal {
      const at = dayNow(s)
      if (refused(at)) return at
      if (at.o.dayProcedure !== 'nomination') return refuse('uses-accusations')
      return stage(at.d, 'nominating')
    },
    seat(s: GameState, p: number): Refusal {
      const d = s.day as DayState
      const max = s.setup.ruleset.options.maxNominees
      const e = needAlive(s, p)
      if (e) return e
      if (d.nominees.includes(p)) return refuse('already-nominated', { name: name(s, p) })
      return max !== null && d.nominees.length >= max ? refuse('max-nominees', { count: max }) : null
    },
  }),
  withdrawNomination: publicRule({
    now(s: GameState): Refusal {
      const at = dayNow(s)
      return refused(at) ? at : stage(at.d, 'nominating')
    },
    seat: (s: GameState, p: number): Refusal => ((s.day as DayState).nominees.includes(p) ? null : refuse('not-nominated', { name: name(s, p) })),
  }),
} satisfies { [T in SeatCommandType]?: SeatRule }

/** The day's commands: these and the one-seat ones of DAY_SEAT_RULES; their union and decide's table (decide.ts) are built from this list. */
export const DAY_COMMANDS = [
  'withdrawAccusation',
  'endDefence',
  'closeNominations',
  'skipDefences',
  'castVote',
  'setVoteCount',
  'closeVote',
  'endLastWords',
  'drawRandomDeath',
  'endDay',
  ...seatCommandsOf(DAY_SEAT_RULES),
] as const satisfies readonly CommandType[]
export type DayCommandType = (typeof DAY_COMMANDS)[number]

export function decideDay(s: GameState, c: CommandOf<DayCommandType>): DayResult {
  const d = s.day
  if (s.phase !== 'day' || !d) return refuse('not-day')
  const o = s.setup.ruleset.options

  switch (c.type) {
    case 'accuse': {
      const e = DAY_SEAT_RULES.accuse.now(s) ?? DAY_SEAT_RULES.accuse.seat(s, c.accused) ?? (c.accuser === undefined ? null : needAlive(s, c.accuser))
      if (e) return e
      if (c.accuser === c.accused) return refuse('self-accusation')
      const em = new Emitter(s)
      em.emit({ type: 'accused', accused: c.accused, accuser: c.accuser ?? null })
      em.emit({ type: 'voteOpened', vote: yesNoVote(em.state, 'guilty', c.accused) })
      return ok(em.events)
    }
    case 'withdrawAccusation': {
      if (o.dayProcedure !== 'accusation' || d.accused === null) return refuse('no-accusation')
      if (d.stage === 'lastWords') return refuse('day-stage', { stage: d.stage })
      return ok([{ type: 'accusationWithdrawn' }])
    }
    case 'endDefence': {
      const e = stage(d, 'defence')
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
      const e = stage(d, 'nominating')
      if (e) return e
      return closeNominations(s, d)
    }
    case 'skipDefences': {
      // Nominations only: the remaining nominees' defences are skipped and the vote opens.
      const e = o.dayProcedure === 'nomination' ? stage(d, 'defence') : refuse('nominees-only-defend')
      if (e) return e
      if (d.defenceIndex + 1 >= d.nominees.length) return refuse('last-nominee')
      const em = new Emitter(s)
      em.emit({ type: 'defenceEnded' })
      em.emit({ type: 'voteOpened', vote: pluralityVote(em.state, d.nominees, false) })
      return ok(em.events)
    }
    case 'castVote': {
      const v = d.vote
      if (d.stage !== 'vote' || !v) return refuse('no-vote')
      if (!v.eligible.includes(c.voter)) return refuse('may-not-vote', { name: name(s, c.voter) })
      if (v.kind === 'plurality') {
        if (typeof c.choice === 'boolean') return refuse('vote-for-nominee')
        if (c.choice !== null && !v.candidates.includes(c.choice)) return refuse('not-candidate', { name: name(s, c.choice) })
      } else if (typeof c.choice !== 'boolean') return refuse('vote-yes-no')
      const previous = v.ballots[c.voter]
      return ok([
        previous === undefined ? { type: 'voteCast', voter: c.voter, choice: c.choice } : { type: 'voteCast', voter: c.voter, choice: c.choice, previous },
      ])
    }
    case 'setVoteCount': {
      const v = d.vote
      if (d.stage !== 'vote' || !v) return refuse('no-vote')
      if (c.count > v.eligible.length) return refuse('count-over', { count: v.eligible.length })
      if (v.kind === 'plurality') {
        if (c.candidate === undefined || !v.candidates.includes(c.candidate)) return refuse('count-which')
        return ok([{ type: 'voteCountSet', key: c.candidate, count: c.count }])
      }
      if (c.candidate !== undefined) return refuse('count-no-candidate')
      return ok([{ type: 'voteCountSet', key: YES, count: c.count }])
    }
    case 'closeVote': {
      const v = d.vote
      if (d.stage !== 'vote' || !v) return refuse('no-vote')
      return closeVote(s, d, v, c.draw)
    }
    case 'endLastWords': {
      const e = stage(d, 'lastWords')
      if (e) return e
      const em = new Emitter(s)
      em.emit({ type: 'lastWordsEnded' })
      startNightEvents(em)
      return ok(em.events)
    }
    case 'endDay': {
      // Where a day need not end with a death, the referee may close it without one.
      if (o.dayMustEndWithDeath) return refuse('day-ends-with-death')
      if (d.stage !== 'discussion' && d.stage !== 'nominating') return refuse('day-cannot-end', { stage: d.stage })
      const em = new Emitter(s)
      em.emit({ type: 'noExecution', reason: 'dayEnded' })
      startNightEvents(em)
      return ok(em.events)
    }
    case 'drawRandomDeath': {
      if (o.dayTimeoutAction !== 'randomDeath') return refuse('no-random-death')
      if (d.deathToday) return refuse('died-today')
      if (d.stage === 'lastWords') return refuse('last-words')
      if (s.dayTimer && s.dayTimer.deadline !== null && !s.dayTimer.expired) return refuse('day-clock-running')
      return randomDeath(s, c.draw)
    }
  }
}

const name = (s: GameState, p: number): string => seatName(s.setup.players, p)
/** Null for a living player's seat, else why not (no such seat, dead). */
export function needAlive(s: GameState, p: number): Refusal {
  if (!isPlayer(s, p)) return refuse('no-seat', { seat: seatNumber(p) })
  return s.alive[p] ? null : refuse('dead', { name: name(s, p) })
}
/** Null when the day is at `want`, else the refusal (naming the stage the day is at). */
function stage(d: DayState, want: DayState['stage']): Refusal {
  return d.stage === want ? null : refuse('day-stage', { stage: d.stage })
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
    if (!o.noNominationGoesToNight) return refuse('no-nominee')
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
  if (total > v.eligible.length) return refuse('votes-over', { total, count: v.eligible.length })
  const top = Math.max(...v.candidates.map((c) => countFor(v, c)))
  const leaders = top === 0 ? [] : v.candidates.filter((c) => countFor(v, c) === top)
  let winner: number | null = leaders.length === 1 ? (leaders[0] as number) : null
  if (leaders.length > 1 && o.tieRule === 'random') {
    if (draw === undefined) return refuse('tie-draw')
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
  if (draw === undefined) return refuse('death-draw')
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
export function dieByDay(em: Emitter, player: number, cause: DeathByDay): void {
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
