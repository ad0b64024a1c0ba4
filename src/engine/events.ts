import type { RoleId, Winner } from '../shared/roles'
import type { DeathByDay } from '../shared/views'
import type { PublicAnnouncement } from '../shared/views'
import type { DayState, NightStepKind, VoteState } from './state'

/**
 * What happened. Events are facts: apply() never refuses one, and decides nothing — every choice a
 * rule makes (who turns out to be a citizen, whether a death is announced or its role revealed,
 * which stage and clock a day opens with, whether last words follow) is made by decide() and
 * carried here as data.
 *
 * Events are never stored: game files and the journal hold commands, and reading them decides the
 * commands again (replay), so an event's shape may change without a file-format version.
 */
export type GameEvent =
  /** citizens: the seats this recording shows to hold a number card (every special card is now placed). */
  | { type: 'roleIdentified'; role: RoleId; players: number[]; citizens: number[] }
  | { type: 'readingStartSet'; player: number }
  /** target null: the mafioso did not shoot. */
  | { type: 'shotRecorded'; shooter: number; target: number | null }
  | { type: 'shotCleared'; shooter: number }
  | { type: 'targetChosen'; target: number }
  | { type: 'investigated'; target: number; isMafia: boolean }
  | { type: 'investigationSkipped' }
  | { type: 'healChosen'; target: number }
  | { type: 'nightStepEnded' }
  /** announced: the night's result is told (not after the mafia's meeting); revealed: the dead's roles are made public. */
  | { type: 'nightEnded'; deaths: number[]; announced: boolean; revealed: boolean }
  /** timeLimit: the day clock's seconds (null: no clock). */
  | { type: 'dayStarted'; number: number; stage: DayState['stage']; timeLimit: number | null }
  | { type: 'nightStarted'; number: number; steps: NightStepKind[]; readingStart: number }
  | { type: 'accused'; accused: number; accuser: number | null }
  | { type: 'accusationWithdrawn' }
  | { type: 'voteOpened'; vote: VoteState }
  /** previous: the voter's ballot before this one (undefined: none), so a taken-back hand is told apart from a no. */
  | { type: 'voteCast'; voter: number; choice: boolean | number | null; previous?: boolean | number | null }
  | { type: 'voteCountSet'; key: number; count: number }
  | { type: 'voteClosed'; kind: VoteState['kind']; yes: number; needed: number; passed: boolean; winner: number | null }
  | { type: 'noExecution'; reason: Extract<PublicAnnouncement, { kind: 'noExecution' }>['reason']; tie?: { seats: number[]; votes: number } }
  /** timeLimit: the defence clock's seconds (null: no clock). */
  | { type: 'defenceStarted'; index: number; timeLimit: number | null }
  | { type: 'defenceEnded' }
  | { type: 'nominated'; player: number }
  | { type: 'nominationWithdrawn'; player: number }
  /** revealed: the role is made public; lastWords: the player's last words follow. */
  | { type: 'playerDied'; player: number; cause: DeathByDay; revealed: boolean; lastWords: boolean }
  /** fouls: the player's fouls now, this one counted. */
  | { type: 'fouled'; player: number; fouls: number }
  | { type: 'lastWordsEnded' }
  | { type: 'timerStarted'; timer: 'day' | 'defence'; at: number }
  | { type: 'timerPaused'; timer: 'day' | 'defence'; at: number }
  | { type: 'timeAdded'; timer: 'day' | 'defence'; ms: number }
  | { type: 'timerExpired'; timer: 'day' | 'defence' }
  | { type: 'refereeHandedOver'; player: number }
  | { type: 'gameOver'; winner: Winner }
  | { type: 'noteSet'; player: number; text: string }
