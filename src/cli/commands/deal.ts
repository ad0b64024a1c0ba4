import { roleByWord, roleName, rulesetName } from '../../shared/role-names'
import type { Language } from '../../shared/languages'
import { cliText, LANGUAGE_CODES } from '../i18n'
import { wordsIn } from '../../shared/messages'
import { checkText } from '../../shared/text/check'
import { createGame, dealFromOrder, PRESETS, setupProblems, setupWarningLines, suggestCounts, toGameFile, type Deal } from '../../engine'
import { cryptoPermutation } from '../../host/random'
import { ROLE_IDS, type RoleCounts } from '../../shared/roles'
import { GAME_FILE_FORMAT, GAME_FILE_VERSION } from '../../shared/game-file'
import { normalizeGameFile } from '../../shared/game-file/normalize'
import { toShortForm } from '../../shared/game-file/shorten'
import { seatLookup } from '../../shared/game-file/short-form'
import { closest } from '../../shared/game-file/suggest'
import type { Ruleset } from '../../shared/ruleset'
import { EXIT, flag, int, str, UsageError, type CliCommand, type ExitCode, type Io, type OptionValues, type Params } from '../command'
import { json, roleLabel, table } from '../format'
import { presetById } from '../presets-data'
import { writeNewFile } from '../write-file'

/** `deal`: the suggested role counts for a table, what stops the game, warnings; optionally a real crypto deal. */
export const deal: CliCommand = {
  name: 'deal',
  help: () => MANUAL,
  options: {
    preset: { type: 'string' },
    players: { type: 'string' },
    names: { type: 'string' },
    mafia: { type: 'string' },
    investigators: { type: 'string' },
    doctors: { type: 'string' },
    shuffle: { type: 'boolean' },
    roles: { type: 'string' },
    out: { type: 'string' },
    short: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  positionals: { min: 0, max: 0 },
  run({ values, lang }, io) {
    const ruleset = presetById(str(values, 'preset'))
    const say = (key: string, params?: Params) => cliText(lang, `deal.${key}`, params)
    const range = parseRange(str(values, 'players'))
    if (range) return dealTable(io, ruleset, range, values, lang)
    const names = parseNames(str(values, 'names'))
    const given = int(values, 'players', 1, 60)
    if (given !== undefined && names && names.length !== given) throw new UsageError('playersNames', { given, n: names.length })
    const n = given ?? names?.length
    if (n === undefined) throw new UsageError('howManyNames')
    const out = str(values, 'out')
    const shuffle = flag(values, 'shuffle')
    const rolesGiven = str(values, 'roles')
    if (shuffle && rolesGiven !== undefined) throw new UsageError('shuffleOrRoles')
    if (out !== undefined && !shuffle && rolesGiven === undefined) throw new UsageError('outNeedsDeal')
    if (flag(values, 'short') && out === undefined) throw new UsageError('shortNeedsOut')

    const players = names ?? Array.from({ length: n }, (_, i) => say('player', { n: i + 1 }))
    const fixed = rolesGiven === undefined ? null : fixedDeal(ruleset, players, rolesGiven, values)
    const counts =
      fixed?.counts ??
      countsFor(ruleset, n, {
        mafia: int(values, 'mafia', 0, 60),
        investigator: int(values, 'investigators', 0, 60),
        doctor: int(values, 'doctors', 0, 60),
      })
    const problemLines = setupProblems(ruleset, players, counts)
    const problems = problemLines.map((p) => p.message)
    const warningLines = setupWarningLines(ruleset, n, counts)
    const warnings = warningLines.map((w) => w.message)
    const asJson = flag(values, 'json')
    const report = { preset: ruleset.id, players: n, counts, problems, warnings }

    if (problems.length) {
      if (asJson) io.out(json({ ok: false, ...report }))
      for (const p of problemLines) io.err(cliText(lang, 'error', { message: checkText(wordsIn(lang), p, ruleset.names) }))
      return EXIT.usage
    }
    const localWarnings = warningLines.map((w) => checkText(wordsIn(lang), w, ruleset.names))
    if (!shuffle && !fixed) {
      if (asJson) io.out(json({ ok: true, ...report }))
      else printCounts(io, ruleset, n, counts, localWarnings, lang)
      return EXIT.ok
    }

    const dealt = fixed ?? dealFromOrder(counts, cryptoPermutation(n))
    const seats = players.map((name, seat) => {
      const role = dealt.roles[seat] ?? 'citizen'
      return { seat, name, role, roleName: roleName(ruleset, role, 'en') }
    })
    if (out !== undefined) writeGameFile(out, ruleset, players, dealt, flag(values, 'short'))
    if (asJson) io.out(json({ ok: true, ...report, deal: dealt, seats, ...(out !== undefined ? { file: out } : {}) }))
    else {
      printCounts(io, ruleset, n, counts, localWarnings, lang)
      io.out('')
      io.out(say(fixed ? 'dealtGiven' : 'dealtShuffle'))
      io.out(
        table(
          [say('columns.seat'), say('columns.name'), say('columns.role')],
          seats.map((s) => [String(s.seat), s.name, roleLabel(s.role, ruleset, lang)]),
        ),
      )
      if (out !== undefined) io.out(`\n${say('wroteFile', { file: out, command: `nightfall replay ${out}` })}`)
    }
    return EXIT.ok
  },
}

/** "7-15" or "7..15" → [7, 15]; anything else is a single count (or an error, later). */
function parseRange(raw: string | undefined): [number, number] | null {
  const m = raw?.trim().match(/^(\d+)\s*(?:-|\.\.)\s*(\d+)$/)
  if (!m) return null
  const lo = Number(m[1])
  const hi = Number(m[2])
  if (lo < 1 || hi > 60 || lo > hi) throw new UsageError('range', { value: raw ?? '' })
  return [lo, hi]
}

/** `--players A-B`: the suggested counts for every table size in the range, with problems and warnings. */
function dealTable(io: Io, r: Ruleset, [lo, hi]: [number, number], values: OptionValues, lang: Language): ExitCode {
  const say = (key: string, params?: Params) => cliText(lang, `deal.${key}`, params)
  for (const key of ['names', 'mafia', 'investigators', 'doctors', 'shuffle', 'roles', 'out', 'short'])
    if (values[key] !== undefined) throw new UsageError('notWithRange', { option: `--${key}` })
  const tables: { players: number; counts: RoleCounts; problems: string[]; warnings: string[] }[] = []
  const local: { problems: string[]; warnings: string[] }[] = []
  for (let n = lo; n <= hi; n++) {
    const counts = suggestCounts(r, n)
    const players = Array.from({ length: n }, (_, i) => say('player', { n: i + 1 }))
    const problems = setupProblems(r, players, counts)
    const warnings = setupWarningLines(r, n, counts)
    tables.push({ players: n, counts, problems: problems.map((p) => p.message), warnings: warnings.map((w) => w.message) })
    local.push({ problems: problems.map((p) => checkText(wordsIn(lang), p, r.names)), warnings: warnings.map((w) => checkText(wordsIn(lang), w, r.names)) })
  }
  const ok = tables.every((t) => t.problems.length === 0)
  if (flag(values, 'json')) io.out(json({ ok, preset: r.id, tables }))
  else {
    io.out(say('rangeHeader', { ruleset: rulesetName(r.name, lang), min: r.options.recommendedMin, max: r.options.recommendedMax }))
    io.out('')
    const roles = ROLE_IDS.filter((role) => tables.some((t) => t.counts[role] > 0))
    io.out(
      table(
        [say('columns.players'), ...roles.map((role) => roleName(r, role, lang)), say('columns.notes')],
        tables.map((t, i) => [
          String(t.players),
          ...roles.map((role) => String(t.counts[role])),
          [...(local[i]?.problems ?? []).map((p) => say('cannotPlay', { problem: p })), ...(local[i]?.warnings ?? [])].join(' '),
        ]),
      ),
    )
  }
  tables.forEach((t, i) => {
    for (const p of local[i]?.problems ?? []) io.err(cliText(lang, 'error', { message: say('tableProblem', { players: t.players, problem: p }) }))
  })
  return ok ? EXIT.ok : EXIT.usage
}

function parseNames(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined
  const names = raw.split(',').map((s) => s.trim())
  if (names.some((s) => s === '')) throw new UsageError('emptyName')
  if (names.length > 60) throw new UsageError('tooManyNames', { n: names.length, max: 60 })
  const long = names.find((s) => s.length > 60)
  if (long) throw new UsageError('longName', { name: long.slice(0, 20), max: 60 })
  return names
}

/** The suggested counts with the user's overrides; citizens fill the rest. */
function countsFor(r: Ruleset, n: number, over: Partial<Record<'mafia' | 'investigator' | 'doctor', number | undefined>>): RoleCounts {
  const c = suggestCounts(r, n)
  const mafia = over.mafia ?? c.mafia
  const investigator = over.investigator ?? c.investigator
  const doctor = over.doctor ?? c.doctor
  return { mafia, investigator, doctor, citizen: Math.max(0, n - mafia - investigator - doctor) }
}

function printCounts(io: Io, r: Ruleset, n: number, counts: RoleCounts, warnings: string[], lang: Language): void {
  const o = r.options
  const say = (key: string, params?: Params) => cliText(lang, `deal.${key}`, params)
  io.out(
    say('header', { ruleset: rulesetName(r.name, lang), players: n, recMin: o.recommendedMin, recMax: o.recommendedMax, min: o.minPlayers, max: o.maxPlayers }),
  )
  io.out('')
  const shown = ROLE_IDS.filter(
    (role) => counts[role] > 0 || role === 'mafia' || role === 'citizen' || (role === 'investigator' ? o.hasInvestigator : o.hasDoctor),
  )
  io.out(
    table(
      [say('columns.role'), say('columns.count')],
      shown.map((role) => [roleLabel(role, r, lang), String(counts[role])]),
    ),
  )
  if (warnings.length) {
    io.out('')
    io.out(say('warnings'))
    for (const w of warnings) io.out(`  - ${w}`)
  }
}

/**
 * `--roles "Anna=mafia,Dani=inspector"`: the deal as a game file's short form writes it, read by
 * the same code (so a name or role typo gets the same "did you mean" as in a file).
 */
function fixedDeal(r: Ruleset, players: string[], raw: string, values: OptionValues): Deal {
  for (const key of ['mafia', 'investigators', 'doctors']) if (values[key] !== undefined) throw new UsageError('notWithRoles', { option: `--${key}` })
  const deal: Record<string, string> = {}
  for (const part of raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = part.match(/^(.+?)\s*[=:]\s*(.+)$/)
    if (!m) throw new UsageError('nameRole', { value: part })
    Object.defineProperty(deal, (m[1] as string).trim(), { value: (m[2] as string).trim(), enumerable: true })
  }
  // A wrong name or role is named in the CLI's language here; the file reader's own words are English.
  const seatOf = seatLookup(players)
  const dealt = new Set<number>()
  for (const [name, value] of Object.entries(deal)) {
    const seat = seatOf(name)
    if (seat === undefined) {
      const like = closest(name, players)
      throw like === undefined ? new UsageError('unknownPlayer', { name }) : new UsageError('unknownPlayerLike', { name, like })
    }
    if (dealt.has(seat)) throw new UsageError('dealtTwice', { name: players[seat] ?? name })
    dealt.add(seat)
    if (roleByWord(r, value) === undefined) throw new UsageError('unknownRole', { name, value, roles: ROLE_IDS.join(', ') })
  }
  const header = { format: GAME_FILE_FORMAT, version: GAME_FILE_VERSION, ruleset: r, players, deal, commands: [] }
  const parsed = normalizeGameFile(header, PRESETS)
  if (parsed.ok) return parsed.file.deal
  const problems = parsed.error.problems.map((p) => `${p.path.replace(/^deal\./, '')}: ${p.message}`)
  throw new UsageError('rolesProblem', { problems: problems.join('; '), names: parsed.error.problems.map((p) => p.path.replace(/^deal\./, '')).join(', ') })
}

function writeGameFile(path: string, ruleset: Ruleset, players: string[], dealt: Deal, short: boolean): void {
  const game = createGame({ ruleset, players, deal: dealt })
  if (!game.ok) throw new UsageError('cannotStart')
  const file = toGameFile(game.value, { createdAt: new Date().toISOString() })
  writeNewFile(path, json(short ? toShortForm(file, PRESETS) : file) + '\n')
}

/** The full help, in English (a translation of the manuals is still to come: docs/i18n.md). */
const MANUAL = `Usage: nightfall deal --preset PRESET (--players N | --names "A,B,C") [options]

Prints the suggested role counts for PRESET (maffiasig, estonian, swedish) at a
table of N players, then every problem that stops such a game (exit code 2)
and the warnings that do not.

With --shuffle the roles are dealt with a cryptographic shuffle and the list of
who is what is printed: a club without the app can use it instead of cards.
With --roles you fix the deal yourself (for a rule scenario, or a game dealt
with cards). Seats are numbered from 0, as in game files.

With --out the dealt game is written as a game file with no commands yet, the
header a referee extends (docs/game-file.md); --short writes it in the short
form (the preset, the deal by name), easier to extend by hand.

Options:
  --preset PRESET       Rule preset (required)
  --players N           Number of players (or give --names)
  --players A-B         One line of suggested counts per table size from A to B
  --names "A,B,C"       Player names in seating order, comma separated
  --mafia N             Override the suggested number of mafia
  --investigators N     Override the suggested number of investigators (inspector/police/constable)
  --doctors N           Override the suggested number of doctors
  --shuffle             Deal the roles (crypto shuffle) and print who is what
  --roles "A=mafia,C=investigator"
                        Deal these roles (by name; role ids or the preset's
                        role names); everyone else is a citizen
  --out FILE            With --shuffle or --roles: also write a new game file
                        (no commands yet) to FILE; never overwrites
  --short               With --out: write the short form
  --json                Machine-readable output
  --lang LANG           ${cliText('en', 'lang', { codes: LANGUAGE_CODES })}
  -h, --help            Show this help

Examples:
  npm run cli -- deal --preset swedish --players 12
  npm run cli -- deal --preset swedish --players 7-15
  npm run cli -- deal --preset maffiasig --names "Anna,Bence,Csilla,Dani,Emese,Feri,Gabi,Hanna,Ivan" --shuffle
  npm run cli -- deal --preset maffiasig --names "Anna,Bence,Csilla,Dani,Emese,Feri" --roles "Anna=mafia,Dani=inspector" --out game.json --short`
