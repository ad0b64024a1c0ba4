import type { RoleId, Winner } from '../../../shared/roles'
import type { Game } from '../../engine'

/**
 * What the club's history needs of one finished game: who sat where with which role, who won, who
 * survived and who was executed. A cache built from the game file (the folder stays the truth).
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

export function recordOf(g: Game, id: string, finishedAt: string): GameRecord {
  const executed: number[] = []
  for (const entry of g.log) for (const e of entry.events) if (e.type === 'playerDied' && e.cause === 'execution') executed.push(e.player)
  const s = g.state
  return {
    id,
    finishedAt,
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
