import { SEAT_FIELDS } from '../commands'
import { ROLE_IDS, type RoleId } from '../roles'
import { roleByWord } from '../role-names'
import { PRESET_IDS, rulesetNameSchema, rulesetOptionsSchema, rulesetSchema, type PresetId, type Ruleset } from '../ruleset'
import { MAX_PROBLEMS, problem, type FileProblem, type Path } from './problems'
import { didYouMean } from './suggest'
import { isRecord, short } from './strict'

/**
 * The short form of a game file, for people writing one by hand (docs/game-file.md):
 * - the ruleset as a preset and the options that differ: `{"preset": "maffiasig", "changes": {…}}`;
 * - the deal as `{"Anna": "mafia", …}` (players left out are citizens);
 * - players in commands by name as well as by seat.
 * expandShortForms() turns it into the full form, the only form Nightfall writes: a saved file
 * then means the same even when a later version changes a preset.
 */

export type Presets = Readonly<Record<PresetId, Ruleset>>
type Found = (p: FileProblem) => void

const SHORT_RULESET_KEYS = ['preset', 'changes', 'name']

/** The file with its short-form parts expanded. A part that cannot be expanded is reported and left out (undefined). */
export function expandShortForms(file: Record<string, unknown>, presets: Presets, found: Found): Record<string, unknown> {
  const out = { ...file }
  if (isRecord(file.ruleset) && Object.hasOwn(file.ruleset, 'preset')) out.ruleset = expandRuleset(file.ruleset, presets, found)
  const players = Array.isArray(file.players) && file.players.every((p) => typeof p === 'string') ? (file.players as string[]) : null
  const seatOf = seatLookup(players)
  // Role names come from the ruleset; from its preset even when the changes have a mistake.
  const preset = isRecord(file.ruleset) ? file.ruleset.preset : undefined
  const names = out.ruleset ?? (typeof preset === 'string' && (PRESET_IDS as readonly string[]).includes(preset) ? presets[preset as PresetId] : undefined)
  if (isRecord(file.deal) && !isFullDeal(file.deal)) out.deal = expandDeal(file.deal, players, seatOf, names, found)
  if (Array.isArray(file.commands)) out.commands = file.commands.map((c, i) => namesToSeats(c, i, players, seatOf, found))
  return out
}

function expandRuleset(r: Record<string, unknown>, presets: Presets, report: Found): Ruleset | undefined {
  const local: FileProblem[] = []
  const found: Found = (p) => void local.push(p)
  for (const key of Object.keys(r).slice(0, MAX_PROBLEMS + SHORT_RULESET_KEYS.length))
    if (!SHORT_RULESET_KEYS.includes(key))
      found(problem(['ruleset', key], `unknown key${didYouMean(key, SHORT_RULESET_KEYS)} (a ruleset is either {"preset", "changes", "name"} or the full form)`))
  const id = r.preset
  const base = typeof id === 'string' && (PRESET_IDS as readonly string[]).includes(id) ? presets[id as PresetId] : undefined
  if (!base)
    found(
      problem(
        ['ruleset', 'preset'],
        `${typeof id === 'string' ? `unknown preset "${short(id)}"` : 'must be a preset id'}; one of ${PRESET_IDS.join(', ')}${typeof id === 'string' ? didYouMean(id, PRESET_IDS) : ''}`,
      ),
    )
  const name = r.name
  if (name !== undefined && !rulesetNameSchema.safeParse(name).success) found(problem(['ruleset', 'name'], 'must be a name of 1–80 characters'))
  const changes: Record<string, unknown> = {}
  const shape = rulesetOptionsSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }>
  if (r.changes !== undefined && !isRecord(r.changes)) found(problem(['ruleset', 'changes'], 'must be an object of options and their values'))
  else
    for (const [key, value] of Object.entries(r.changes ?? {})) {
      if (local.length >= MAX_PROBLEMS) break
      const option = Object.hasOwn(shape, key) ? shape[key] : undefined
      if (!option) found(problem(['ruleset', 'changes', key], `unknown option${didYouMean(key, Object.keys(shape))}`))
      else {
        const ok = option.safeParse(value)
        if (ok.success) Object.defineProperty(changes, key, { value, enumerable: true, writable: true, configurable: true })
        else found(problem(['ruleset', 'changes', key], (ok.error?.issues[0]?.message ?? 'not a valid value').replace(/^Invalid input: /, '')))
      }
    }
  local.forEach(report)
  if (!base || local.length) return undefined
  return {
    ...base,
    name: typeof name === 'string' ? name : base.name,
    names: structuredClone(base.names),
    options: { ...base.options, nightOrder: [...base.options.nightOrder], ...changes },
  }
}

/** A full deal says how it was dealt; `{"roles": […]}` alone is a full deal missing its mode, not a player named "roles". */
function isFullDeal(d: Record<string, unknown>): boolean {
  return d.mode === 'digital' || d.mode === 'physical' || isRecord(d.counts) || Array.isArray(d.roles)
}

function expandDeal(
  d: Record<string, unknown>,
  players: string[] | null,
  seatOf: (name: string) => number | undefined,
  ruleset: unknown,
  report: Found,
): unknown {
  if (!players) {
    report(problem(['deal'], 'a deal by name needs "players", a list of names'))
    return undefined
  }
  const local: FileProblem[] = []
  const found: Found = (p) => void local.push(p)
  const { roleOf, words } = roleLookup(ruleset)
  // The deal's names are read up to the first few mistakes (a refusal lists no more).
  const roles: RoleId[] = players.map(() => 'citizen')
  const dealtAs = new Map<number, string>()
  for (const [name, value] of Object.entries(d)) {
    if (local.length >= MAX_PROBLEMS) break
    const seat = seatOf(name)
    if (seat === undefined) {
      found(problem(['deal', name], `unknown player "${short(name)}"${didYouMean(name, players)}`))
      continue
    }
    const other = dealtAs.get(seat)
    if (other !== undefined) {
      found(problem(['deal', name], `${players[seat]} is dealt a second card (also as "${short(other)}")`))
      continue
    }
    dealtAs.set(seat, name)
    const role = typeof value === 'string' ? roleOf(value) : undefined
    if (role === undefined) {
      const word = typeof value === 'string' ? `"${short(value)}"` : JSON.stringify(value) === undefined ? String(value) : short(JSON.stringify(value))
      const hint = typeof value === 'string' ? didYouMean(value, words) : ''
      const why = !rulesetSchema.safeParse(ruleset).success && hint === '' ? ' (the ruleset has a mistake, so its role names are unknown)' : ''
      found(problem(['deal', name], `unknown role ${word}; one of ${ROLE_IDS.join(', ')}${hint}${why}`))
    } else roles[seat] = role
  }
  local.forEach(report)
  if (local.length) return undefined
  const counts = { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }
  for (const r of roles) counts[r]++
  return { mode: 'digital', counts, roles }
}

/** A role by id, or by the ruleset's name for it in any language ("Inspector", "Konstapel", "検査官"), case ignored. */
function roleLookup(ruleset: unknown): { roleOf: (word: string) => RoleId | undefined; words: string[] } {
  const r = rulesetSchema.safeParse(ruleset)
  if (!r.success) return { roleOf: (word) => ROLE_IDS.find((id) => id === fold(word)), words: [...ROLE_IDS] }
  const words = [...new Set([...ROLE_IDS, ...Object.values(r.data.names).flatMap((w) => Object.values(w.roleNames))])]
  return { roleOf: (word) => roleByWord(r.data, word), words }
}

const fold = (s: string): string => s.normalize('NFC').trim().toLowerCase()

/** A seat by its player's name: the exact name, else the same name ignoring case and surrounding spaces. */
/** A player's seat by name: the exact name, else the name with case and accents' forms folded. */
export function seatLookup(players: string[] | null): (name: string) => number | undefined {
  const exact = new Map<string, number>()
  const folded = new Map<string, number>()
  players?.forEach((n, i) => {
    if (!exact.has(n)) exact.set(n, i)
    if (!folded.has(fold(n))) folded.set(fold(n), i)
  })
  return (name) => exact.get(name) ?? folded.get(fold(name))
}

function namesToSeats(c: unknown, i: number, players: string[] | null, seatOf: (name: string) => number | undefined, found: Found): unknown {
  if (!isRecord(c)) return c
  const out = { ...c }
  const resolve = (name: string, path: Path): number | string => {
    const seat = seatOf(name)
    if (seat !== undefined) return seat
    if (!players) found(problem(path, `"${short(name)}" is a name, but the file has no valid "players" list to look it up in`))
    else if (/^\d+$/.test(name.trim())) found(problem(path, `unknown player "${short(name)}"; a seat is a number (write ${name.trim()} without quotes)`))
    else found(problem(path, `unknown player "${short(name)}"${didYouMean(name, players)}`))
    return name
  }
  for (const field of SEAT_FIELDS) {
    if (!Object.hasOwn(c, field)) continue
    const v = c[field]
    if (typeof v === 'string') out[field] = resolve(v, ['commands', i, field])
    else if (Array.isArray(v)) out[field] = v.map((x: unknown, j) => (typeof x === 'string' ? resolve(x, ['commands', i, field, j]) : x))
  }
  return out
}
