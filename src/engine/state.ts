import type { RoleId, Winner, RoleCounts } from '../shared/roles'
import type { Ruleset } from '../shared/ruleset'
import type { PublicAnnouncement } from '../shared/views'

/** What a game starts from: the header of a game file. */
export interface GameSetup {
  ruleset: Ruleset
  /** Player names in seating order; a player is referred to by seat index. */
  players: string[]
  deal: Deal
}

/**
 * 'digital': the app dealt every role. 'physical': cards were dealt by hand; the referee
 * records roles as the players wake (null = not recorded yet).
 */
export interface Deal {
  mode: 'digital' | 'physical'
  counts: RoleCounts
  roles: (RoleId | null)[]
}

export type NightStepKind = 'mafiaMeet' | 'mafia' | 'investigator' | 'doctor'

export interface NightState {
  number: number
  /** The calls of this night, in order. Roles with no living player are still called when the ruleset says so. */
  steps: NightStepKind[]
  stepIndex: number
  /** Where the referee starts reading names (individual shots). */
  readingStart: number
  /** Individual shots: shooter seat → target seat, or null when the mafioso did not shoot. */
  shots: Record<number, number | null>
  /** Group target. */
  target: number | null
  investigation: { target: number; isMafia: boolean } | null
  /** The investigators did not ask tonight (recorded by the referee). */
  investigationSkipped: boolean
  heal: number | null
  /** The referee recorded who woke at this step (physical deals). */
  identified: boolean
}

export interface VoteState {
  /** 'guilty' and 'execute' are yes/no votes on the accused; 'plurality' is among nominees. */
  kind: 'guilty' | 'execute' | 'plurality'
  candidates: number[]
  eligible: number[]
  /** voter → true/false (yes/no votes) or candidate seat / null (plurality). */
  ballots: Record<number, boolean | number | null>
  /** Counts entered directly by the referee; override ballots for that option. Key -1 = "yes". */
  counts: Record<number, number>
  /** This is the revote after a tie. */
  revote: boolean
  /** The revote: how many votes each tied candidate had. */
  tiedAt?: number
}

export interface TimerState {
  kind: 'day' | 'defence'
  durationMs: number
  /** Running: the deadline in host ms. Paused: null. */
  deadline: number | null
  /** Remaining ms when paused (when running, derived from the deadline). */
  remainingMs: number
  expired: boolean
}

/** A clock's time left at host time `now`: a paused clock's remaining ms, a running one's distance to its deadline. */
export const remainingMs = (t: TimerState, now: number): number => (t.deadline === null ? t.remainingMs : Math.max(0, t.deadline - now))

/** A fresh, stopped clock of `seconds` (none for no limit). */
export function newTimer(kind: TimerState['kind'], seconds: number | null): TimerState | null {
  return seconds === null || seconds <= 0 ? null : { kind, durationMs: seconds * 1000, deadline: null, remainingMs: seconds * 1000, expired: false }
}

export interface DayState {
  number: number
  /** Accusation procedure. */
  accused: number | null
  accuser: number | null
  stage: 'discussion' | 'defence' | 'vote' | 'lastWords' | 'nominating'
  /** Nominees in order, and whose defence is running. */
  nominees: number[]
  defenceIndex: number
  vote: VoteState | null
  /** Someone was executed (or died by random draw) today. */
  deathToday: boolean
  /** Player giving last words. */
  lastWordsBy: number | null
}

/** A public fact the referee announced aloud: the projector shows these as they are (shared/views.ts). */
export type Announcement = PublicAnnouncement

/** A secret the referee learnt (investigation answers). */
export interface Investigation {
  night: number
  target: number
  isMafia: boolean
}

export interface GameState {
  setup: GameSetup
  roles: (RoleId | null)[]
  alive: boolean[]
  /** The role is public (revealed on execution/death per ruleset). */
  revealed: boolean[]
  phase: 'night' | 'day' | 'over'
  night: NightState | null
  day: DayState | null
  dayTimer: TimerState | null
  defenceTimer: TimerState | null
  /** Night deaths count, day number: day N follows night N (or night 0). */
  dayNumber: number
  nightNumber: number
  announcements: Announcement[]
  investigations: Investigation[]
  winner: Winner | null
  /** Variant: the operator is still a blind player until the first death by day. */
  operatorBlind: boolean
  refereePlayer: number | null
  /** The referee's private notes per seat ('' = none): never part of any public view. */
  notes: string[]
}
