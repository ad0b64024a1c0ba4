import type { RoleId, Winner } from '../../shared/roles'
import type { PublicAnnouncement } from '../../shared/views'
import type { NightStepKind, VoteState } from './state'

/** What happened. Events are facts: apply() never refuses one. */
export type GameEvent =
  | { type: 'roleIdentified'; role: RoleId; players: number[] }
  | { type: 'readingStartSet'; player: number }
  /** target null: the mafioso did not shoot. */
  | { type: 'shotRecorded'; shooter: number; target: number | null }
  | { type: 'shotCleared'; shooter: number }
  | { type: 'targetChosen'; target: number }
  | { type: 'investigated'; target: number; isMafia: boolean }
  | { type: 'investigationSkipped' }
  | { type: 'healChosen'; target: number }
  | { type: 'nightStepEnded' }
  | { type: 'nightEnded'; deaths: number[] }
  | { type: 'nightStarted'; number: number; steps: NightStepKind[]; readingStart: number }
  | { type: 'accused'; accused: number; accuser: number | null }
  | { type: 'accusationWithdrawn' }
  | { type: 'voteOpened'; vote: VoteState }
  /** previous: the voter's ballot before this one (undefined: none), so a taken-back hand is told apart from a no. */
  | { type: 'voteCast'; voter: number; choice: boolean | number | null; previous?: boolean | number | null }
  | { type: 'voteCountSet'; key: number; count: number }
  | { type: 'voteClosed'; kind: VoteState['kind']; yes: number; needed: number; passed: boolean; winner: number | null }
  | { type: 'noExecution'; reason: Extract<PublicAnnouncement, { kind: 'noExecution' }>['reason'] }
  | { type: 'defenceStarted'; index: number }
  | { type: 'defenceEnded' }
  | { type: 'nominated'; player: number }
  | { type: 'nominationWithdrawn'; player: number }
  | { type: 'playerDied'; player: number; cause: 'execution' | 'randomDeath' }
  | { type: 'lastWordsEnded' }
  | { type: 'timerStarted'; timer: 'day' | 'defence'; at: number }
  | { type: 'timerPaused'; timer: 'day' | 'defence'; at: number }
  | { type: 'timeAdded'; timer: 'day' | 'defence'; ms: number }
  | { type: 'timerExpired'; timer: 'day' | 'defence' }
  | { type: 'refereeHandedOver'; player: number }
  | { type: 'gameOver'; winner: Winner }
  | { type: 'noteSet'; player: number; text: string }

export type GameEventType = GameEvent['type']
