import type { GameRecord } from '../../shared/club'
import type { Game } from '../../engine'
import { isImportedId } from './import'

export type { GameRecord }

/** The record of a game for the club's history (src/shared/club.ts). */
export function recordOf(g: Game, id: string, finishedAt: string): GameRecord {
  const executed: number[] = []
  for (const entry of g.log) for (const e of entry.events) if (e.type === 'playerDied' && e.cause === 'execution') executed.push(e.player)
  const s = g.state
  return {
    id,
    finishedAt,
    imported: isImportedId(id),
    rulesetName: g.setup.ruleset.name,
    players: [...g.setup.players],
    roles: [...s.roles],
    winner: s.winner,
    survivors: s.alive.flatMap((a, i) => (a ? [i] : [])),
    executed,
    days: s.dayNumber,
    commands: g.log.length,
  }
}
