import { createHash } from 'node:crypto'
import type { GameFile } from '../../shared/game-file'
import { tableNameProblems } from '../../shared/look-alike'
import { normalizeName } from '../../shared/names'
import { replay, type Game } from '../../engine'

/**
 * What an imported game file must pass beyond the game file's own checks (docs/game-file.md →
 * "Importing"): its names cleaned by the one name rule and able to sit at one table, recognised
 * when the same game is saved already, and dated by its own clock.
 */

/** Import ids end so; the saved-games list shows such a game as imported. */
export const IMPORTED_SUFFIX = '-imported'
export const isImportedId = (id: string): boolean => id.endsWith(IMPORTED_SUFFIX)

export type ImportNames = { ok: true; game: Game } | { ok: false; code: 'names-collide'; message: string; params: Record<string, string | number> }

/**
 * The game with its names cleaned (src/shared/names.ts: no NUL, ESC, bidi override or zero-width
 * character reaches the saved games, the projector or a CSV), or, when two seats cannot be told
 * apart once cleaned, a refusal naming both seats.
 */
export function cleanImportedNames(g: Game): ImportNames {
  const players = g.setup.players.map(normalizeName)
  const problem = tableNameProblems(players)[0]
  if (problem) return { ok: false, code: 'names-collide', message: `The game cannot be imported: ${problem.message}`, params: { ...problem.params } }
  if (players.every((p, i) => p === g.setup.players[i])) return { ok: true, game: g }
  const r = replay(
    { ...g.setup, players },
    g.log.map((e) => e.command),
  )
  // The names change no rule: the same commands stay legal (a refusal here would be a bug; keep the game as read).
  return { ok: true, game: r.ok ? r.value : g }
}

/** The same game, whatever its id, date or file layout: a digest of its ruleset, seats, deal and commands. */
export function fingerprintOf(g: Game): string {
  const { ruleset, players, deal } = g.setup
  return createHash('sha256')
    .update(JSON.stringify([ruleset, players, deal, g.log.map((e) => e.command)]))
    .digest('hex')
}

const EARLIEST = Date.UTC(2000, 0, 1)

/**
 * When an imported game was played: the file's `createdAt`, else the latest clock among its
 * commands, else `now` (a date before 2000 or after now is not believed). So it counts in the
 * night it was played, not tonight.
 */
export function gameDate(file: Pick<GameFile, 'createdAt' | 'commands'>, now: number): number {
  const clocks = file.commands.map((c) => ('at' in c && typeof c.at === 'number' ? c.at : NaN)).filter(Number.isFinite)
  const candidates = [Date.parse(file.createdAt ?? ''), clocks.length ? Math.max(...clocks) : NaN]
  return candidates.find((t) => Number.isFinite(t) && t >= EARLIEST && t <= now + 60_000) ?? now
}
