import type { GameEvent } from './events'
import type { Announcement, DayState, GameState, NightState, TimerState } from './state'
import { newTimer } from './timers'

/**
 * apply(state, event) → the next state. Pure and total: events are facts that decide() has already
 * checked. Only the parts that change are copied, so a whole game stays cheap (see bench/).
 */
export function apply(s: GameState, e: GameEvent): GameState {
  switch (e.type) {
    case 'roleIdentified': {
      const roles = s.roles.slice()
      for (const p of e.players) roles[p] = e.role
      for (const p of e.citizens) roles[p] = 'citizen'
      return withNight(patched(s, { roles }), { identified: true })
    }
    case 'readingStartSet':
      return withNight(s, { readingStart: e.player })
    case 'shotRecorded':
      return withNight(s, { shots: { ...night(s).shots, [e.shooter]: e.target } })
    case 'shotCleared': {
      const shots = { ...night(s).shots }
      delete shots[e.shooter]
      return withNight(s, { shots })
    }
    case 'targetChosen':
      return withNight(s, { target: e.target })
    case 'investigated':
      return patched(withNight(s, { investigation: { target: e.target, isMafia: e.isMafia } }), {
        investigations: [...s.investigations, { night: night(s).number, target: e.target, isMafia: e.isMafia }],
      })
    case 'investigationSkipped':
      return withNight(s, { investigationSkipped: true })
    case 'healChosen':
      return withNight(s, { heal: e.target })
    case 'nightStepEnded':
      return withNight(s, { stepIndex: night(s).stepIndex + 1, identified: false })
    case 'nightEnded': {
      const alive = s.alive.slice()
      const revealed = s.revealed.slice()
      for (const p of e.deaths) {
        alive[p] = false
        if (e.revealed) revealed[p] = true
      }
      const announcements = e.announced ? announce(s, { kind: 'nightResult', night: night(s).number, deaths: [...e.deaths] }) : s.announcements
      return patched(s, { alive, revealed, announcements })
    }
    case 'dayStarted': {
      const d: DayState = {
        number: e.number,
        accused: null,
        accuser: null,
        stage: e.stage,
        nominees: [],
        defenceIndex: 0,
        vote: null,
        deathToday: false,
        lastWordsBy: null,
      }
      return patched(s, { phase: 'day', night: null, day: d, dayNumber: e.number, dayTimer: newTimer('day', e.timeLimit), defenceTimer: null })
    }
    case 'nightStarted': {
      const n: NightState = {
        number: e.number,
        steps: [...e.steps],
        stepIndex: 0,
        readingStart: e.readingStart,
        shots: {},
        target: null,
        investigation: null,
        investigationSkipped: false,
        heal: null,
        identified: false,
      }
      return patched(s, { phase: 'night', night: n, day: null, dayTimer: null, defenceTimer: null, nightNumber: e.number })
    }
    case 'accused':
      return withDay(s, { accused: e.accused, accuser: e.accuser })
    case 'accusationWithdrawn':
      return patched(withDay(s, { accused: null, accuser: null, vote: null, stage: 'discussion' }), { defenceTimer: null })
    case 'voteOpened':
      return withDay(s, { vote: e.vote, stage: 'vote' })
    case 'voteCast': {
      const v = vote(s)
      return withDay(s, { vote: { ...v, ballots: { ...v.ballots, [e.voter]: e.choice } } })
    }
    case 'voteCountSet': {
      const v = vote(s)
      return withDay(s, { vote: { ...v, counts: { ...v.counts, [e.key]: e.count } } })
    }
    case 'voteClosed': {
      const d = day(s)
      const base = withDay(s, { vote: null })
      if (e.kind === 'plurality') return base
      const accused = e.winner ?? d.accused ?? -1
      const a: Announcement = { kind: 'voteResult', day: d.number, vote: e.kind, player: accused, yes: e.yes, needed: e.needed, passed: e.passed }
      const next = patched(base, { announcements: announce(s, a) })
      return e.passed ? next : withDay(next, { stage: 'discussion', accused: null, accuser: null })
    }
    case 'noExecution':
      return patched(withDay(s, { vote: null, nominees: [], stage: 'nominating' }), { announcements: announce(s, { kind: 'noExecution', day: day(s).number, reason: e.reason, ...(e.tie ? { tie: { seats: [...e.tie.seats], votes: e.tie.votes } } : {}) }) })
    case 'defenceStarted':
      return patched(withDay(s, { stage: 'defence', defenceIndex: e.index }), {
        defenceTimer: newTimer('defence', e.timeLimit),
      })
    case 'defenceEnded':
      return patched(s, { defenceTimer: null })
    case 'nominated':
      return withDay(s, { nominees: [...day(s).nominees, e.player] })
    case 'nominationWithdrawn':
      return withDay(s, { nominees: day(s).nominees.filter((p) => p !== e.player) })
    case 'playerDied': {
      const d = day(s)
      const alive = s.alive.slice()
      alive[e.player] = false
      const revealed = s.revealed.slice()
      if (e.revealed) revealed[e.player] = true
      const role = e.revealed ? (s.roles[e.player] ?? null) : null
      const a: Announcement =
        e.cause === 'execution'
          ? { kind: 'executed', day: d.number, player: e.player, role }
          : { kind: 'randomDeath', day: d.number, player: e.player, role }
      return withDay(
        patched(s, { alive, revealed, announcements: announce(s, a), defenceTimer: null }),
        { deathToday: true, vote: null, accused: null, accuser: null, nominees: [], stage: e.lastWords ? 'lastWords' : d.stage, lastWordsBy: e.lastWords ? e.player : null },
      )
    }
    case 'lastWordsEnded':
      return withDay(s, { lastWordsBy: null })
    case 'timerStarted':
      return withTimer(s, e.timer, (t) => ({ ...t, deadline: e.at + t.remainingMs }))
    case 'timerPaused':
      // Clamped: a host clock that stepped back (restart, clock change) cannot give a clock more than its duration.
      return withTimer(s, e.timer, (t) => ({ ...t, deadline: null, remainingMs: Math.min(t.durationMs, Math.max(0, (t.deadline ?? e.at) - e.at)) }))
    case 'timeAdded':
      return withTimer(s, e.timer, (t) =>
        t.deadline === null
          ? { ...t, remainingMs: t.remainingMs + e.ms, durationMs: t.durationMs + e.ms }
          : { ...t, deadline: t.deadline + e.ms, durationMs: t.durationMs + e.ms },
      )
    case 'timerExpired':
      return withTimer(s, e.timer, (t) => ({ ...t, deadline: null, remainingMs: 0, expired: true }))
    case 'noteSet': {
      const notes = s.notes.slice()
      notes[e.player] = e.text
      return patched(s, { notes })
    }
    case 'refereeHandedOver':
      return patched(s, { operatorBlind: false, refereePlayer: e.player, announcements: announce(s, { kind: 'refereeHandover', player: e.player }) })
    case 'gameOver':
      return patched(s, {
        phase: 'over',
        winner: e.winner,
        night: null,
        day: null,
        dayTimer: null,
        defenceTimer: null,
        operatorBlind: false,
        announcements: announce(s, { kind: 'gameOver', winner: e.winner }),
      })
  }
}

const announce = (s: GameState, a: Announcement): Announcement[] => [...s.announcements, a]

function night(s: GameState): NightState {
  if (!s.night) throw new Error('engine invariant: no night state')
  return s.night
}
function day(s: GameState): DayState {
  if (!s.day) throw new Error('engine invariant: no day state')
  return s.day
}
function vote(s: GameState) {
  const v = day(s).vote
  if (!v) throw new Error('engine invariant: no open vote')
  return v
}

/*
 * Copies of the state go through these helpers, which list every field in one object literal,
 * instead of object spread ({ ...s, x }). Same values, same result — but V8 gives each spread site's
 * result its own hidden class, so with a dozen sites feeding one another every copy went through a
 * megamorphic slow path; one literal per type keeps one shape. A whole simulated game got about 3×
 * faster (see docs/estimator.md). A field missing here is a type error, so they cannot fall behind.
 */
const withNight = (s: GameState, patch: Partial<NightState>): GameState => {
  const next = copyState(s)
  next.night = Object.assign(copyNight(night(s)), patch)
  return next
}
const withDay = (s: GameState, patch: Partial<DayState>): GameState => {
  const next = copyState(s)
  next.day = Object.assign(copyDay(day(s)), patch)
  return next
}
/** The state with some fields replaced: { ...s, ...patch }. */
const patched = (s: GameState, patch: Partial<GameState>): GameState => Object.assign(copyState(s), patch)

function copyState(s: GameState): GameState {
  return {
    setup: s.setup,
    roles: s.roles,
    alive: s.alive,
    revealed: s.revealed,
    phase: s.phase,
    night: s.night,
    day: s.day,
    dayTimer: s.dayTimer,
    defenceTimer: s.defenceTimer,
    dayNumber: s.dayNumber,
    nightNumber: s.nightNumber,
    announcements: s.announcements,
    investigations: s.investigations,
    winner: s.winner,
    operatorBlind: s.operatorBlind,
    refereePlayer: s.refereePlayer,
    notes: s.notes,
  }
}
const copyNight = (n: NightState): NightState => ({
  number: n.number,
  steps: n.steps,
  stepIndex: n.stepIndex,
  readingStart: n.readingStart,
  shots: n.shots,
  target: n.target,
  investigation: n.investigation,
  investigationSkipped: n.investigationSkipped,
  heal: n.heal,
  identified: n.identified,
})
const copyDay = (d: DayState): DayState => ({
  number: d.number,
  accused: d.accused,
  accuser: d.accuser,
  stage: d.stage,
  nominees: d.nominees,
  defenceIndex: d.defenceIndex,
  vote: d.vote,
  deathToday: d.deathToday,
  lastWordsBy: d.lastWordsBy,
})

function withTimer(s: GameState, which: 'day' | 'defence', f: (t: TimerState) => TimerState): GameState {
  const t = which === 'day' ? s.dayTimer : s.defenceTimer
  if (!t) return s
  return which === 'day' ? patched(s, { dayTimer: f(t) }) : patched(s, { defenceTimer: f(t) })
}
