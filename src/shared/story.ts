import type { FeatureDeathFacts, FeatureStoryItem } from './features'
import type { RoleId, Winner } from './roles'
import type { RulesetNames } from './ruleset'
import type { AnswerStyle, DeathByDay } from './views'

/**
 * The story of a finished game, told afterwards: night by night and day by day, every secret
 * laid open. Built by the engine's buildStory() from the game's log, and only once the game is
 * over (it refuses before), so it never exists while the game can still be played.
 */

/** One mafioso's shot; target null: the mafioso did not shoot. */
export interface StoryShot {
  shooter: number
  target: number | null
}

/**
 * How the night ended: 'introduction' (night 0, the mafia only met), 'killed', 'saved' (the
 * doctor healed the victim), 'split' (no target had a majority of the living mafia), 'noShot'
 * (nobody was shot at, or the group chose nobody).
 */
export type StoryNightOutcome = 'introduction' | 'killed' | 'saved' | 'split' | 'noShot'

export interface StoryNight {
  kind: 'night'
  number: number
  /** Individual shots (MaffiaSIG), in the reading order of the living mafia; empty for a group kill. */
  shots: StoryShot[]
  /** Group kill: the mafia's chosen target. */
  groupTarget: number | null
  /** Who the mafia's decision aimed at (before the doctor), null on a split or no shot. */
  intended: number | null
  outcome: StoryNightOutcome
  heal: number | null
  checks: { target: number; isMafia: boolean }[]
  deaths: number[]
}

/** How a player dies by day: DEATHS_BY_DAY in views.ts. */
export type { DeathByDay }

export type StoryDayItem =
  | { kind: 'accused'; accused: number; accuser: number | null }
  | { kind: 'accusationWithdrawn'; accused: number }
  | { kind: 'nominated'; player: number }
  | { kind: 'nominationWithdrawn'; player: number }
  | {
      kind: 'vote'
      vote: 'guilty' | 'execute' | 'plurality'
      revote: boolean
      /** Yes/no votes: the accused; plurality: the nominees with their votes. */
      tally: { player: number; votes: number }[]
      yes: number
      needed: number
      passed: boolean
      winner: number | null
    }
  /** With the fields the cause's feature adds (FeatureDeathFacts, src/shared/features). */
  | ({ kind: 'death'; player: number; cause: DeathByDay; role: RoleId | null } & FeatureDeathFacts)
  | { kind: 'noExecution'; reason: 'voteFailed' | 'tie' | 'noNominees' | 'noVotes' | 'dayEnded' }
  | { kind: 'refereeHandover'; player: number }
  /** The features' own (src/shared/features). */
  | FeatureStoryItem

export interface StoryDay {
  kind: 'day'
  number: number
  items: StoryDayItem[]
}

export type StoryChapter = StoryNight | StoryDay

export interface Story {
  rulesetName: string
  names: RulesetNames
  /** How the investigator's answer was signed (mafia / not mafia, or evil / good); absent in a story told before it was kept: mafia. */
  answerStyle?: AnswerStyle
  players: string[]
  /** Every role (null only for a card never recorded in a physical deal). */
  roles: (RoleId | null)[]
  chapters: StoryChapter[]
  winner: Winner
  /** Seats alive at the end. */
  survivors: number[]
}
