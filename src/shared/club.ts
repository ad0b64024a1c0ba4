import type { RoleId, Winner } from './roles'
import type { Story } from './story'
import type { GameFile } from './game-file'

/**
 * The club's evening: saved games, tonight's standings, and what the projector shows between
 * games (the story of a finished game, or the standings).
 */

/**
 * What the club's history needs of one finished game: who sat where with which role, who won, who
 * survived and who was executed. A cache built from the game file (the games folder stays the truth).
 */
export interface GameRecord {
  id: string
  /** ISO time the game was saved (finished or imported). */
  finishedAt: string
  rulesetName: string
  players: string[]
  roles: (RoleId | null)[]
  winner: Winner | null
  survivors: number[]
  executed: number[]
  /** Days played and accepted commands: the game's length. */
  days: number
  commands: number
}

/** One player's line in the standings of a set of games. */
export interface PlayerStanding {
  /** The name as the roster spells it, or as the latest game did. */
  name: string
  games: number
  wins: number
  winsAs: { town: number; mafia: number }
  survived: number
  executed: number
}

export interface Standings {
  games: number
  teamWins: { town: number; mafia: number; draw: number }
  /** Most wins first, then fewer games, then by name. */
  players: PlayerStanding[]
}

/** The saved games, newest first, with tonight's and all-time standings. */
export interface ClubView {
  games: GameRecord[]
  tonight: Standings
  allTime: Standings
  /** When the referee last started a new club night (ISO), if they did. */
  newNightAt: string | null
}

/** One saved game opened: its file (for export), its story when finished. */
export interface SavedGameDetail {
  record: GameRecord
  file: GameFile
  story: Story | null
}

