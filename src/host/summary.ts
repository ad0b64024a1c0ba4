import type { SavedGameSummary } from '../shared/api'
import type { Game } from '../engine'

/** The one-line description of a game used in the lists (finished games, the resumable game). */
export function summarize(g: Game, id: string, savedAt: string): SavedGameSummary {
  const s = g.state
  return {
    id,
    rulesetName: g.setup.ruleset.name,
    players: [...g.setup.players],
    phase: s.phase,
    dayNumber: s.dayNumber,
    savedAt,
    winner: s.winner,
  }
}

/** A game id that is also a safe file name: the start time and a random suffix. */
export function newGameId(now: Date, random: string): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}-${random}`
}

export const GAME_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/
