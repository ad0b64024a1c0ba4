import { sideOf } from '../../../shared/roles'
import type { GameRecord } from './record'
import type { Standings } from './standings'

/**
 * CSV for spreadsheets (RFC 4180, CRLF). A field that a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe, so a player
 * called "=HYPERLINK(…)" stays a name.
 */
export function csvField(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s
}

export function csv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
}

export function standingsCsv(st: Standings): string {
  return csv([
    ['player', 'games', 'wins', 'town wins', 'mafia wins', 'survived', 'executed'],
    ...st.players.map((p) => [p.name, p.games, p.wins, p.winsAs.town, p.winsAs.mafia, p.survived, p.executed]),
  ])
}

/** The whole history: one row per player per game. */
export function historyCsv(records: readonly GameRecord[]): string {
  const rows: (string | number | null)[][] = [['game', 'finished', 'ruleset', 'players', 'winner', 'days', 'seat', 'player', 'role', 'team', 'won', 'survived', 'executed']]
  const ordered = [...records].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
  for (const r of ordered) {
    const survivors = new Set(r.survivors)
    r.players.forEach((name, seat) => {
      const role = r.roles[seat] ?? null
      const team = role ? sideOf(role) : null
      rows.push([
        r.id,
        r.finishedAt,
        r.rulesetName,
        r.players.length,
        r.winner,
        r.days,
        seat + 1,
        name,
        role,
        team,
        team !== null && r.winner === team ? 'yes' : 'no',
        survivors.has(seat) ? 'yes' : 'no',
        r.executed.includes(seat) ? 'yes' : 'no',
      ])
    })
  }
  return csv(rows)
}
