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
  /** ISO time the game finished (an imported game: its own date, docs/game-file.md → "Importing"). */
  finishedAt: string
  /** Brought in from a file (importGame), not played on this computer. */
  imported: boolean
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

/** The saved games, newest first, with tonight's, the season's and all-time standings. */
export interface ClubView {
  games: GameRecord[]
  tonight: Standings
  /** The games since the season began (seasonSince). */
  season: Standings
  /** When the referee set the season to begin (YYYY-MM-DD, local); null: from the first saved game. */
  seasonStart: string | null
  /** The day the season's standings count from: seasonStart, else the first saved game's date (null: no game yet). */
  seasonSince: string | null
  /** Every saved game. */
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
