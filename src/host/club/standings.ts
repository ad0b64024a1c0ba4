import { sideOf } from '../../shared/roles'
import type { PlayerStanding, Standings } from '../../shared/club'
import { identityOf } from '../../shared/names'
import type { GameRecord } from './record'

export type { PlayerStanding, Standings }

/**
 * Where renamed players' games go: identity of the old name → identity of the new one (the referee
 * chose to carry the history along when renaming in the roster). Followed to its end; a loop stops.
 */
export type Aliases = Readonly<Record<string, string>>

export function resolveIdentity(id: string, aliases: Aliases): string {
  const seen = new Set<string>([id])
  let at = id
  for (;;) {
    const next = Object.prototype.hasOwnProperty.call(aliases, at) ? aliases[at] : undefined
    if (next === undefined || seen.has(next)) return at
    seen.add(next)
    at = next
  }
}

/**
 * The standings over a set of finished games: per player games, wins (by team), survived to the end
 * and times executed; per team wins. Unfinished games are not counted. A player is matched across
 * games by identityOf(name), through `aliases` for renamed players; the roster's spelling wins when given.
 */
export function standingsOf(records: readonly GameRecord[], roster: readonly string[] = [], aliases: Aliases = {}): Standings {
  const byId = new Map<string, PlayerStanding & { latest: string }>()
  const teamWins = { town: 0, mafia: 0, draw: 0 }
  let games = 0
  const ids = new Map<string, string>()
  const idOf = (name: string): string => {
    let k = ids.get(name)
    if (k === undefined) ids.set(name, (k = resolveIdentity(identityOf(name), aliases)))
    return k
  }
  const ordered = [...records].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
  for (const r of ordered) {
    if (r.winner === null) continue
    games++
    teamWins[r.winner]++
    const survivors = new Set(r.survivors)
    const seated = new Set<string>()
    r.players.forEach((name, seat) => {
      // Two seats of one game are two players, even in a game saved before the one name rule
      // refused such a table ("Ádám" beside "Adam"): the second is counted under its exact name.
      let key = idOf(name)
      if (seated.has(key)) key = `=${name}`
      seated.add(key)
      let p = byId.get(key)
      if (!p) {
        p = { name, latest: name, games: 0, wins: 0, winsAs: { town: 0, mafia: 0 }, survived: 0, executed: 0 }
        byId.set(key, p)
      }
      p.latest = name
      p.games++
      const role = r.roles[seat]
      if (role && r.winner !== 'draw' && sideOf(role) === r.winner) {
        p.wins++
        p.winsAs[r.winner]++
      }
      if (survivors.has(seat)) p.survived++
      p.executed += r.executed.filter((e) => e === seat).length
    })
  }
  const rosterName = new Map(roster.map((n) => [resolveIdentity(identityOf(n), aliases), n]))
  const players = [...byId.entries()].map(([key, { latest, ...p }]) => ({ ...p, name: rosterName.get(key) ?? latest }))
  players.sort((a, b) => b.wins - a.wins || a.games - b.games || a.name.localeCompare(b.name))
  return { games, teamWins, players }
}

/**
 * The games of one club night: a night begins with the referee's "new night" or, failing that, at
 * 06:00 local time (a night past midnight stays one night). `now` and `offsetMinutes` (the local
 * time zone, as Date#getTimezoneOffset gives it) come from the caller.
 */
export function tonight(records: readonly GameRecord[], now: Date, offsetMinutes: number, newNightAt: string | null): GameRecord[] {
  const local = new Date(now.getTime() - offsetMinutes * 60_000)
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 6) + offsetMinutes * 60_000
  const start = local.getUTCHours() < 6 ? dayStart - 24 * 3_600_000 : dayStart
  const manual = newNightAt ? Date.parse(newNightAt) : NaN
  // A game counts from the new night on only if it finished after the referee pressed it.
  const after = Number.isFinite(manual) && manual >= start && manual <= now.getTime() ? manual : null
  return records.filter((r) => {
    const t = Date.parse(r.finishedAt)
    return (after === null ? t >= start : t > after) && t <= now.getTime() + 60_000
  })
}

/**
 * The games of the season: those finished on or after `start` (YYYY-MM-DD, from 00:00 local time),
 * or every game when no start is set. `since` is when the season counts from: the start, else the
 * local date of the first game (null: no game yet).
 */
export function season(records: readonly GameRecord[], start: string | null, offsetMinutes: number): { records: GameRecord[]; since: string | null } {
  const localDate = (iso: string): string => new Date(Date.parse(iso) - offsetMinutes * 60_000).toISOString().slice(0, 10)
  if (start === null) {
    const first = records.reduce<string | null>((a, r) => (a === null || r.finishedAt < a ? r.finishedAt : a), null)
    return { records: [...records], since: first === null ? null : localDate(first) }
  }
  const from = Date.parse(`${start}T00:00:00Z`) + offsetMinutes * 60_000
  return { records: records.filter((r) => Date.parse(r.finishedAt) >= from), since: start }
}
