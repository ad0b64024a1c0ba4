import type { RoleCounts, RoleId } from '../shared/roles'
import { checkLine, type CheckLine } from '../shared/setup-check'
import { fileNameProblems, tableNameProblems } from '../shared/look-alike'
import { rulesetSchema, type Ruleset } from '../shared/ruleset'
import { ok, refuse, refuseWithDetail, type Result } from './errors'
import { startDayEvents, startNightEvents } from './phases'
import { Emitter } from './emitter'
import { winnerForCounts, winnerOf } from './queries'
import type { Deal, GameSetup, GameState } from './state'

/** Suggested role counts: the Swedish table for 7–15, town ≈ 3 × mafia otherwise. */
const SWEDISH_TABLE: Record<number, [number, number, number]> = {
  4: [1, 1, 0],
  5: [1, 1, 1],
  6: [1, 1, 1],
  7: [2, 1, 1],
  8: [2, 1, 1],
  9: [3, 1, 1],
  10: [3, 1, 1],
  11: [3, 1, 1],
  12: [4, 1, 1],
  13: [4, 1, 1],
  14: [4, 1, 1],
  15: [5, 2, 1],
}

export function suggestCounts(r: Ruleset, players: number): RoleCounts {
  const o = r.options
  const n = Math.max(0, Math.floor(players))
  let mafia: number
  let investigator = o.hasInvestigator ? 1 : 0
  let doctor = o.hasDoctor ? 1 : 0
  const row = SWEDISH_TABLE[n]
  if (r.base === 'swedish' && row) [mafia, investigator, doctor] = row
  else {
    // Town ≈ 3 × mafia: 8–10 players → 2 mafia, 11–14 → 3 (the Japanese MaffiaSIG table).
    mafia = Math.max(1, Math.floor((n + 1) / 4))
    // MaffiaSIG has exactly one inspector (the joker); elsewhere a big table gets a second one.
    if (o.hasInvestigator && n >= 16 && r.base !== 'maffiasig') investigator = 2
  }
  if (!o.hasInvestigator) investigator = 0
  if (!o.hasDoctor) doctor = 0
  return { mafia, investigator, doctor, citizen: Math.max(0, n - mafia - investigator - doctor) }
}

/** One thing wrong with a setup: a line id with its parameters (`check.problem.<id>`) and its English words. */
export interface SetupProblem extends CheckLine {
  code: 'ruleset' | 'players' | 'names' | 'counts' | 'balance'
}

/**
 * Which name rule the players are checked with: `table` for a new table (the one rule,
 * src/shared/look-alike.ts: no look-alikes), `file` for a saved game, read as it was played
 * (names non-empty and distinct as written, the rule game files have always had).
 */
export type NameRule = 'table' | 'file'

/** Everything wrong with a ruleset, a table of players and role counts together. Empty = playable. */
export function setupProblems(ruleset: unknown, players: readonly string[], counts: RoleCounts, names: NameRule = 'table'): SetupProblem[] {
  const parsed = rulesetSchema.safeParse(ruleset)
  if (!parsed.success)
    return parsed.error.issues.map((i) => ({ code: 'ruleset' as const, ...checkLine('problem.option', { option: i.path.join('.'), message: i.message }) }))
  const r = parsed.data
  const o = r.options
  const out: SetupProblem[] = []
  const p = (code: SetupProblem['code'], id: string, params: Record<string, string | number> = {}) =>
    out.push({ code, ...checkLine(`problem.${id}`, params, r.names.en.roleNames) })
  const n = players.length
  if (o.minPlayers > o.maxPlayers) p('ruleset', 'tableRange')
  if (o.recommendedMin > o.recommendedMax) p('ruleset', 'recommendedRange')
  if (!o.nightOrder.includes('mafia')) p('ruleset', 'nightNeedsMafia')
  if (new Set(o.nightOrder).size !== o.nightOrder.length) p('ruleset', 'calledTwice')
  if (o.firstDeadBecomesReferee && o.firstPhase === 'night') p('ruleset', 'firstDeadNight')
  // The blind operator cannot run a real night: day 1 must be sure to end with a death (the hand-over).
  if (o.firstDeadBecomesReferee && o.dayProcedure === 'nomination' && (!o.dayMustEndWithDeath || o.noNominationGoesToNight)) p('ruleset', 'firstDeadDay')
  if (n < o.minPlayers) p('players', 'tooFew', { ruleset: r.name, min: o.minPlayers, n })
  if (n > o.maxPlayers) p('players', 'tooMany', { ruleset: r.name, max: o.maxPlayers, n })
  for (const line of names === 'table' ? tableNameProblems(players) : fileNameProblems(players)) out.push({ code: 'names', ...line })
  const total = counts.mafia + counts.investigator + counts.doctor + counts.citizen
  if (total !== n) p('counts', 'countsTotal', { total, n })
  if (counts.mafia < 1) p('counts', 'noMafia')
  if (counts.investigator > 0 && !o.hasInvestigator) p('counts', 'roleNotInRuleset', { ruleset: r.name, role: 'investigator' })
  if (counts.doctor > 0 && !o.hasDoctor) p('counts', 'roleNotInRuleset', { ruleset: r.name, role: 'doctor' })
  const town = total - counts.mafia
  if (counts.mafia >= 1 && winnerForCounts(o, counts.mafia, town, counts.doctor) !== null) p('balance', 'balance', { mafia: counts.mafia, town })
  return out
}

/** Advice that does not stop a game: a table outside the recommended size, a lopsided deal (line ids `check.warning.<id>`). */
export function setupWarningLines(r: Ruleset, n: number, counts: RoleCounts): CheckLine[] {
  const o = r.options
  const w: CheckLine[] = []
  if (n < o.recommendedMin || n > o.recommendedMax) w.push(checkLine('warning.recommended', { ruleset: r.name, min: o.recommendedMin, max: o.recommendedMax }))
  if (r.base === 'estonian' && n > 20) w.push(checkLine('warning.twoGames'))
  const town = n - counts.mafia
  // Only for a deal that fits the table: "town −1 to mafia 1" (no players yet) says nothing.
  const fits = counts.mafia + counts.investigator + counts.doctor + counts.citizen === n
  if (fits && counts.mafia > 0 && (town > 4 * counts.mafia || town < 2 * counts.mafia)) w.push(checkLine('warning.ratio', { town, mafia: counts.mafia }))
  return w
}

/** The same advice in English words (the CLI, logs). */
export const setupWarnings = (r: Ruleset, n: number, counts: RoleCounts): string[] => setupWarningLines(r, n, counts).map((l) => l.message)

/**
 * A digital deal from a permutation of seats (the host draws it with crypto): the i-th card of the
 * sorted deck goes to seat order[i].
 */
export function dealFromOrder(counts: RoleCounts, order: readonly number[]): Deal {
  const deck: RoleId[] = []
  for (const role of ['mafia', 'investigator', 'doctor', 'citizen'] as const) for (let i = 0; i < counts[role]; i++) deck.push(role)
  const roles: RoleId[] = new Array<RoleId>(deck.length)
  order.forEach((seat, i) => (roles[seat] = deck[i] as RoleId))
  return { mode: 'digital', counts: { ...counts }, roles }
}

/** A deal made with physical cards: roles the referee knows now, null for the rest (recorded as players wake). */
export const physicalDeal = (counts: RoleCounts, known: (RoleId | null)[]): Deal => ({ mode: 'physical', counts: { ...counts }, roles: [...known] })

export function checkDeal(setup: GameSetup): string | null {
  const { deal, players } = setup
  if (deal.roles.length !== players.length) return `The deal has ${deal.roles.length} cards for ${players.length} players.`
  for (const role of ['mafia', 'investigator', 'doctor', 'citizen'] as const) {
    const k = deal.roles.filter((x) => x === role).length
    if (deal.mode === 'digital' ? k !== deal.counts[role] : k > deal.counts[role])
      return `The deal gives ${k} ${role} cards; the counts say ${deal.counts[role]}.`
  }
  if (deal.mode === 'digital' && deal.roles.some((x) => x === null)) return 'A digital deal gives every player a role.'
  return null
}

/** The state a game starts in, or why it cannot start. */
export function newGame(setup: GameSetup): Result<GameState> {
  const problems = setupProblems(setup.ruleset, setup.players, setup.deal.counts, 'file')
  if (problems.length) return refuseWithDetail('setup-invalid', problems.map((x) => x.message).join(' '))
  const bad = checkDeal(setup)
  if (bad) return refuseWithDetail('setup-invalid', bad)
  const o = setup.ruleset.options
  const n = setup.players.length
  const s: GameState = {
    setup,
    roles: [...setup.deal.roles],
    alive: new Array<boolean>(n).fill(true),
    revealed: new Array<boolean>(n).fill(false),
    phase: 'night',
    night: null,
    day: null,
    dayTimer: null,
    defenceTimer: null,
    dayNumber: 0,
    nightNumber: o.firstPhase === 'night0' ? -1 : 0,
    announcements: [],
    investigations: [],
    winner: null,
    operatorBlind: o.firstDeadBecomesReferee,
    refereePlayer: null,
    fouls: setup.players.map(() => 0),
    notes: setup.players.map(() => ''),
  }
  if (winnerOf(s)) return refuse('won-at-start')
  const em = new Emitter(s)
  if (o.firstPhase === 'day') startDayEvents(em)
  else startNightEvents(em)
  return ok(em.state)
}
