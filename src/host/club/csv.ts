import type { Language } from '../../shared/languages'
import { translate } from '../../shared/messages'
import { sideOf, type RoleId, type Winner } from '../../shared/roles'
import { PRESET_WORDS } from '../../shared/glossary'
import { presetNames, roleName, rulesetName, teamName } from '../../shared/role-names'
import type { PresetId } from '../../shared/ruleset'
import { seatNumber } from '../../shared/seat-name'
import type { GameRecord } from './record'
import type { Standings } from './standings'

/**
 * CSV for spreadsheets (RFC 4180, CRLF). Text is made safe for a spreadsheet in csvText: control
 * characters (and bidi overrides) never reach the file — line breaks and tabs become a space, the
 * rest is removed — and a field that a spreadsheet would read as a formula gets an apostrophe in
 * front: one starting with = + - @ or their full-width forms ＝ ＋ － ＠, also after leading white
 * space (" =HYPERLINK(…)" is a formula to some spreadsheets). So a player called "=HYPERLINK(…)"
 * stays a name. Numbers are written as they are.
 */
export function csvField(value: string | number | null | undefined, separator: CsvSeparator = ','): string {
  const s = value === null || value === undefined ? '' : typeof value === 'string' ? csvText(value) : String(value)
  return /["\r\n]/.test(s) || s.includes(separator) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s
}

/** The separator a language's spreadsheets expect: a semicolon where the decimal mark is a comma (hu, et, sv), else a comma. */
export type CsvSeparator = ',' | ';'
export const csvSeparator = (lang: Language): CsvSeparator => (lang === 'hu' || lang === 'et' || lang === 'sv' ? ';' : ',')
const header = (lang: Language, columns: readonly string[]): string[] => columns.map((c) => translate(lang, `club.csv.${c}`))

/** Control characters: C0, DEL, C1; and the bidi embeddings, overrides and isolates (which reorder what follows). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
/** A formula's first character, after any white space. */
const FORMULA = /^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/

/** A text cell's content: no control characters, and never read as a formula. */
export function csvText(text: string): string {
  const s = text.replace(/[\t\r\n]/g, ' ').replace(CONTROL, '')
  return FORMULA.test(s) ? `'${s}` : s
}

export function csv(rows: readonly (readonly (string | number | null | undefined)[])[], separator: CsvSeparator = ','): string {
  return rows.map((r) => r.map((v) => csvField(v, separator)).join(separator)).join('\r\n') + '\r\n'
}

/** Standings, with the headers in `lang` and its spreadsheets' separator. */
export function standingsCsv(st: Standings, lang: Language = 'en'): string {
  return csv(
    [
      header(lang, ['player', 'games', 'wins', 'townWins', 'mafiaWins', 'survived', 'executed']),
      ...st.players.map((p) => [p.name, p.games, p.wins, p.winsAs.town, p.winsAs.mafia, p.survived, p.executed]),
    ],
    csvSeparator(lang),
  )
}

/**
 * A game's words in `lang`: the ruleset, the roles and the teams as the preset (found by its English
 * name, as records keep it) names them in that language; a custom ruleset's names are kept as they are.
 */
function recordWords(rulesetEn: string, lang: Language) {
  const preset = (Object.keys(PRESET_WORDS) as PresetId[]).find((p) => PRESET_WORDS[p].en.ruleset.word === rulesetEn)
  const names = preset ? presetNames(preset) : null
  return {
    ruleset: rulesetName(rulesetEn, lang),
    role: (role: RoleId | null) => (role === null ? null : names ? roleName(names, role, lang) : role),
    team: (team: Winner | null) =>
      team === null ? null : team === 'draw' ? translate(lang, 'club.csv.draw') : names ? teamName(names, team, lang) : translate(lang, `club.csv.${team}`),
    yes: (b: boolean) => translate(lang, b ? 'club.csv.yes' : 'club.csv.no'),
  }
}

/** The whole history: one row per player per game, its words in `lang`. */
export function historyCsv(records: readonly GameRecord[], lang: Language = 'en'): string {
  const rows: (string | number | null)[][] = [
    header(lang, ['game', 'finished', 'ruleset', 'players', 'winner', 'days', 'seat', 'player', 'role', 'team', 'won', 'survived', 'executed']),
  ]
  const ordered = [...records].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
  for (const r of ordered) {
    const survivors = new Set(r.survivors)
    const w = recordWords(r.rulesetName, lang)
    r.players.forEach((name, seat) => {
      const role = r.roles[seat] ?? null
      const team = role ? sideOf(role) : null
      rows.push([
        r.id,
        r.finishedAt,
        w.ruleset,
        r.players.length,
        w.team(r.winner),
        r.days,
        seatNumber(seat),
        name,
        w.role(role),
        w.team(team),
        w.yes(team !== null && r.winner === team),
        w.yes(survivors.has(seat)),
        w.yes(r.executed.includes(seat)),
      ])
    })
  }
  return csv(rows, csvSeparator(lang))
}
