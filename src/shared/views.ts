import type { SeatCommandType, SimpleCommandType } from './commands'
import { FEATURE_DEATHS_BY_DAY, type FeatureAnnouncement, type FeatureRuleNumbers, type FeatureSeatFacts } from './features'
import type { Reason } from './refusals'
import type { RoleId, Winner } from './roles'
import type { RulesetNames } from './ruleset'
import type { PlainLine } from './text/line'

/**
 * What each window receives. ProjectorView is built by projectorView() in the main process from
 * public facts only; it has no field able to hold a living player's secret.
 */

export interface RoleNames {
  mafia: string
  investigator: string
  doctor: string
  citizen: string
}

export interface ClockView {
  kind: 'day' | 'defence'
  /** Host ms of the deadline while running; null while paused. */
  deadline: number | null
  remainingMs: number
  durationMs: number
  warningMs: number
  expired: boolean
}

export type PublicAnnouncement =
  | { kind: 'nightResult'; night: number; deaths: number[] }
  | { kind: 'executed'; day: number; player: number; role: RoleId | null }
  | { kind: 'randomDeath'; day: number; player: number; role: RoleId | null }
  | {
      kind: 'noExecution'
      day: number
      reason: 'voteFailed' | 'tie' | 'noNominees' | 'noVotes' | 'dayEnded'
      /** A tie: who tied, and with how many votes each (the reason nobody is executed). */
      tie?: { seats: number[]; votes: number }
    }
  | { kind: 'voteResult'; day: number; vote: 'guilty' | 'execute'; player: number; yes: number; needed: number; passed: boolean }
  | { kind: 'refereeHandover'; player: number }
  | { kind: 'gameOver'; winner: Winner }
  /** The features' own (src/shared/features). */
  | FeatureAnnouncement

/**
 * How a player dies by day (the cause of `playerDied`, the story's death), and the announcement
 * the room is given of it: the one list of deaths by day, read where a death by day is told (the
 * day's closing words: `day.<kind>`, `day.<kind>Role` with the role where it is revealed) or
 * counted (who missed the mafia's first call).
 */
export const DEATHS_BY_DAY = { execution: 'executed', randomDeath: 'randomDeath', ...FEATURE_DEATHS_BY_DAY } as const satisfies Record<
  string,
  PublicAnnouncement['kind']
>
export type DeathByDay = keyof typeof DEATHS_BY_DAY
export type DayDeathAnnouncement = Extract<PublicAnnouncement, { kind: (typeof DEATHS_BY_DAY)[DeathByDay] }>
const DAY_DEATH_KINDS: ReadonlySet<string> = new Set(Object.values(DEATHS_BY_DAY))
export const isDayDeath = (a: PublicAnnouncement): a is DayDeathAnnouncement => DAY_DEATH_KINDS.has(a.kind)

export interface PublicVote {
  kind: 'guilty' | 'execute' | 'plurality'
  /**
   * The accused (yes/no votes) or the nominees. `voters`: the hands raised so far for this candidate
   * (yes/no votes: for yes), in seating order: hands go up in front of the room, so who voted is as
   * public as the count. null when the count was typed in as a number (no names recorded) or when
   * the room settings say the projector does not name voters.
   */
  candidates: { seat: number; votes: number; voters: number[] | null }[]
  /** Yes/no votes: yes so far and how many are needed (more than half of those eligible). */
  yes: number
  needed: number
  eligible: number
  revote: boolean
  /** A revote: the tie it breaks (the candidates are the tied players), with the votes each had. */
  tiedAt: number | null
}

/** How the projector shows the game: the referee's room settings (not part of the game). */
export interface ProjectorOptions {
  /** Name who raised a hand in a vote (open-hand votes are public). Default true. */
  showVoters: boolean
}

/** A seat as the room sees it; the features add their facts (FeatureSeatFacts, src/shared/features). */
export interface ProjectorSeat extends FeatureSeatFacts {
  seat: number
  name: string
  alive: boolean
  /** Only where the rules reveal it (e.g. Estonian execution), and for everybody once the game is over. */
  role: RoleId | null
}

/**
 * The ruleset's numbers a window shows (it may not import the engine, nor copy them): ruleNumbers()
 * in src/engine/views/projector.ts. Each is a feature's (FeatureRuleNumbers, src/shared/features).
 */
export type RuleNumbers = FeatureRuleNumbers

export interface ProjectorView {
  rulesetName: string
  /** The ruleset's role and team names in every language (the projector may have its own language). */
  names: RulesetNames
  rules: RuleNumbers
  phase: 'night' | 'day' | 'over'
  dayNumber: number
  nightNumber: number
  seats: ProjectorSeat[]
  stage: 'discussion' | 'defence' | 'vote' | 'lastWords' | 'nominating' | null
  accused: number | null
  nominees: number[]
  speaker: number | null
  vote: PublicVote | null
  clock: ClockView | null
  announcements: PublicAnnouncement[]
  winner: Winner | null
}

/**
 * What the phone of one seat may know (the room on the LAN): the projector's view, the seat's own
 * role and, once the ruleset has woken the mafia together, a mafioso's partners. Built by
 * playerView() by allow-list; nothing about any other seat beyond the projector's view.
 */
export interface PlayerView {
  seat: number
  name: string
  /** The seat's own role (null: a physical card not yet recorded by the referee). */
  role: RoleId | null
  /** A mafioso's partners (seats, in order) once the mafia have met; null otherwise and for every other role. */
  partners: number[] | null
  board: ProjectorView
}

/**
 * One line for the referee to say or do (the script, the undo label, the log), as a message key and
 * its parameters: a line of plain values (src/shared/text/line.ts), put in words where it is read.
 */
export type Line = PlainLine

export interface RefereeSeat {
  seat: number
  name: string
  alive: boolean
  /** null while the operator is blind (variant) or the card is not recorded yet. */
  role: RoleId | null
  revealed: boolean
}

export interface NightStepView {
  kind: 'mafiaMeet' | 'mafia' | 'investigator' | 'doctor'
  /** Nobody alive holds this role: the call is made only so nobody learns it. */
  deadCall: boolean
  /** Players must be recorded at this call (physical deal). */
  identify: boolean
  state: 'done' | 'current' | 'next'
}

export interface RefereeNightView {
  number: number
  steps: NightStepView[]
  readingOrder: number[]
  /** target null: recorded as not shooting (counts toward no one). */
  shots: { shooter: number; target: number | null }[]
  tally: { target: number; count: number }[]
  needed: number
  livingMafia: number
  target: number | null
  investigation: { target: number; isMafia: boolean } | null
  /** The investigators are recorded as not asking tonight. */
  investigationSkipped: boolean
  heal: number | null
  /** Who would die if the night ended now. */
  outcome: number | null
}

export interface RefereeVote extends PublicVote {
  eligibleSeats: number[]
  ballots: { voter: number; choice: boolean | number | null }[]
  directCounts: boolean
}

/**
 * What the referee may do now; the window enables exactly these. One flag per argument-less command
 * (SIMPLE_COMMANDS) and one list of seats per one-seat command (SEAT_COMMANDS), derived from those
 * lists in src/shared/commands.ts; the rest below are the actions with more to choose.
 */
export type LegalActions = { [T in SimpleCommandType]: boolean } & { [T in SeatCommandType]: number[] } & {
  identify: { role: RoleId; count: number; exact: boolean; candidates: number[] } | null
  shoot: Record<number, number[]>
  /** Mafiosi who may be recorded as not shooting. */
  noShot: number[]
  /** "Did not ask" may be recorded for the investigators. */
  skipInvestigation: boolean
  /** Why the current call cannot end yet (the reason endNightStep would be refused with: `refusals.<reason>`), or null. */
  endNightStepWhy: Reason | null
  accusers: number[]
  /** Closing the nominations executes this lone nominee at once (ruleset option), else null. */
  closeNominationsExecutes: number | null
  castVote: number[]
  setVoteCount: boolean
  startTimer: boolean
  pauseTimer: boolean
  addTime: boolean
  /** A private note may be written (until the game is over). */
  note: boolean
}

/**
 * How the ruleset signs the investigation's answer: 'mafia' = MAFIA (thumb up) / NOT MAFIA (thumb down)
 * (MaffiaSIG, Estonian); 'evil' = EVIL (thumb down) / GOOD (thumb up) (Swedish).
 */
export type AnswerStyle = 'mafia' | 'evil'

export interface RefereeView {
  /** Exactly what the projector shows now (the referee's preview). */
  projector: ProjectorView
  answerStyle: AnswerStyle
  blind: boolean
  seats: RefereeSeat[]
  counts: { mafia: number; investigator: number; doctor: number; citizen: number }
  dealMode: 'digital' | 'physical'
  night: RefereeNightView | null
  vote: RefereeVote | null
  investigations: { night: number; target: number; isMafia: boolean }[]
  /** The words to say and the things to do, in order, for the current step. */
  script: Line[]
  legal: LegalActions
  winner: Winner | null
  /** Number of steps that undo can take back. */
  undoable: number
  /** The referee's private notes per seat ('' = none). */
  notes: string[]
  /** The last accepted command, described, for the undo button ("Undo: Anna shot Bence"). */
  lastStep: Line | null
}
