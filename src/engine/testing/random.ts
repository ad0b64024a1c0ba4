/**
 * Test helpers: seeded randomness, random setups (any preset, random option tweaks, digital or
 * physical deals), a random command generator, a progress policy that always finds a legal command
 * that moves the game towards its end, and a runner. Only test files import this folder.
 */
import type { Command, CommandOf, CommandType } from '../../shared/commands'
import type { RoleCounts, RoleId } from '../../shared/roles'
import type { PresetId, Ruleset, RulesetOptions } from '../../shared/ruleset'
import { decide } from '../decide'
import { createGame, dispatch, type Game } from '../game'
import { livingWithRole, strictMajority, unidentified } from '../queries'
import { preset } from '../rulesets'
import { dealFromOrder, setupProblems, suggestCounts } from '../setup'
import type { GameSetup, GameState } from '../state'
import { legalActions } from '../views/referee'
import { countsOf, seatNames } from './builder'

// ---- seeded randomness ---------------------------------------------------------------------------

/** A small, fast, seeded PRNG (mulberry32). Not for anything but tests. */
export class Rng {
  private a: number
  constructor(seed: number) {
    this.a = seed >>> 0 || 0x9e3779b9
  }
  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    let t = (this.a = (this.a + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  float(): number {
    return this.u32() / 0x100000000
  }
  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n)
  }
  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1)
  }
  chance(p: number): boolean {
    return this.float() < p
  }
  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('Rng.pick from an empty list')
    return xs[this.int(xs.length)] as T
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const a = [...xs]
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      ;[a[i], a[j]] = [a[j] as T, a[i] as T]
    }
    return a
  }
  subset<T>(xs: readonly T[], p = 0.5): T[] {
    return xs.filter(() => this.chance(p))
  }
}

// ---- random setups -------------------------------------------------------------------------------

/** Random changes to a preset's options (each option changed with probability `p`), kept playable. */
export function tweakRuleset(rng: Rng, base: Ruleset, p = 0.3): Ruleset {
  const o: RulesetOptions = { ...base.options, nightOrder: [...base.options.nightOrder] }
  const maybe = (f: () => void) => {
    if (rng.chance(p)) f()
  }
  maybe(() => (o.firstPhase = rng.pick(['night0', 'night', 'day'] as const)))
  maybe(() => (o.killResolution = rng.pick(['individualShots', 'groupTarget'] as const)))
  maybe(() => (o.mafiaMayTargetMafia = rng.chance(0.5)))
  maybe(() => (o.doctorSelfHeal = rng.chance(0.5)))
  maybe(() => (o.investigatorMayRepeat = rng.chance(0.5)))
  maybe(() => (o.callDeadRoles = rng.chance(0.5)))
  maybe(() => (o.readNamesAtShots = rng.chance(0.5)))
  maybe(() => (o.dayProcedure = rng.pick(['accusation', 'nomination'] as const)))
  maybe(() => (o.maxNominees = rng.chance(0.3) ? null : rng.range(1, 4)))
  maybe(() => (o.nomineeDefence = rng.chance(0.5)))
  maybe(() => (o.singleNomineeExecuted = rng.chance(0.5)))
  maybe(() => (o.tieRule = rng.pick(['noExecution', 'revote', 'random'] as const)))
  maybe(() => (o.noNominationGoesToNight = rng.chance(0.5)))
  maybe(() => (o.dayMustEndWithDeath = rng.chance(0.5)))
  maybe(() => (o.dayTimeLimit = rng.chance(0.3) ? null : rng.range(1, 40) * 30))
  maybe(() => (o.dayTimeoutAction = rng.pick(['randomDeath', 'closeNominations', 'none'] as const)))
  maybe(() => (o.defenceTimeLimit = rng.chance(0.3) ? null : rng.range(1, 8) * 15))
  maybe(() => (o.lastWords = rng.chance(0.5)))
  maybe(() => (o.revealOnExecution = rng.chance(0.5)))
  maybe(() => (o.revealOnNightDeath = rng.chance(0.5)))
  maybe(() => (o.mafiaWinAtParity = rng.chance(0.5)))
  maybe(() => (o.parityNeedsDeadDoctor = rng.chance(0.5)))
  maybe(() => (o.doctorMafiaDraw = rng.chance(0.5)))
  maybe(() => (o.firstDeadBecomesReferee = o.firstPhase !== 'night' && rng.chance(0.5)))
  maybe(() => {
    o.hasDoctor = rng.chance(0.5)
    o.hasInvestigator = rng.chance(0.7)
    const order = (['mafia', 'investigator', 'doctor'] as const).filter((r) => r === 'mafia' || (r === 'doctor' ? o.hasDoctor : o.hasInvestigator))
    o.nightOrder = rng.chance(0.2) ? rng.shuffle(order) : order
  })
  maybe(() => (o.foulsToRemove = rng.chance(0.7) ? null : rng.range(2, 4)))
  // Deliberately keep a day that can end: accusation days only end with a death.
  if (o.dayProcedure === 'accusation' && o.dayTimeoutAction === 'closeNominations') o.dayTimeoutAction = 'randomDeath'
  return { ...base, options: o }
}

export interface RandomSetup {
  setup: GameSetup
  /** The true cards (for physical deals the state learns them only through identifyRole). */
  cards: RoleId[]
}

function randomCounts(rng: Rng, r: Ruleset, n: number): RoleCounts {
  if (rng.chance(0.5)) return suggestCounts(r, n)
  const o = r.options
  const maxMafia = Math.max(1, Math.floor((n - 1) / 2))
  const mafia = rng.range(1, Math.min(maxMafia, Math.max(1, Math.ceil(n / 3))))
  const investigator = o.hasInvestigator ? rng.range(0, Math.min(2, n - mafia - 1)) : 0
  const doctor = o.hasDoctor ? rng.range(0, Math.min(2, n - mafia - investigator - 1)) : 0
  return { mafia, investigator, doctor, citizen: n - mafia - investigator - doctor }
}

/** A random, valid setup of a preset: random table size within the preset's limits, random counts and deal. */
export function randomSetup(rng: Rng, id: PresetId, opts: { tweak?: boolean; physical?: number; maxPlayers?: number } = {}): RandomSetup {
  for (let attempt = 0; ; attempt++) {
    const tweak = attempt < 20 && opts.tweak !== false && rng.chance(0.6)
    const ruleset = tweak ? tweakRuleset(rng, preset(id)) : preset(id)
    const o = ruleset.options
    // Mostly the recommended range, often down to the smallest table, sometimes up to the largest.
    const hi = Math.min(o.maxPlayers, opts.maxPlayers ?? o.maxPlayers)
    const r = rng.float()
    const n =
      r < 0.7
        ? rng.range(Math.max(o.minPlayers, o.recommendedMin), Math.min(hi, o.recommendedMax))
        : r < 0.93
          ? rng.range(o.minPlayers, Math.min(hi, o.recommendedMax))
          : rng.range(o.minPlayers, hi)
    const counts = randomCounts(rng, ruleset, n)
    const players = seatNames(n)
    if (setupProblems(ruleset, players, counts).length > 0) continue
    const deal = dealFromOrder(counts, rng.shuffle(players.map((_, i) => i)))
    const cards = deal.roles as RoleId[]
    if (rng.chance(opts.physical ?? 0.2)) {
      // Cards dealt by hand: some may be known up front (e.g. the referee saw them); the rest are recorded as players wake.
      const known = rng.chance(0.2) ? cards.map((c) => (rng.chance(0.3) ? c : null)) : cards.map(() => null)
      return { setup: { ruleset, players, deal: { mode: 'physical', counts, roles: known } }, cards }
    }
    return { setup: { ruleset, players, deal }, cards }
  }
}

// ---- commands ------------------------------------------------------------------------------------

export interface Ctx {
  rng: Rng
  /** The true cards of the table. */
  cards: readonly RoleId[]
  /** The host's clock in ms; moves forward as the game goes. */
  now: number
}

const seatsOf = (s: GameState) => s.alive.map((_, i) => i)
const livingOf = (s: GameState) => s.alive.flatMap((a, i) => (a ? [i] : []))
const accepts = (s: GameState, c: Command) => decide(s, c).ok

/** What the referee must record now (physical deals), from the true cards; null when nothing is to be recorded. */
export function trueIdentification(s: GameState, cards: readonly RoleId[]): Command | null {
  const n = s.night
  const step = n?.steps[n.stepIndex]
  if (!n || !step || s.setup.deal.mode !== 'physical') return null
  const role: RoleId = step === 'mafiaMeet' ? 'mafia' : step
  if (unidentified(s, role) === 0 || n.identified) return null
  const players = seatsOf(s).filter((p) => cards[p] === role && s.roles[p] === null && (s.alive[p] || role === 'mafia'))
  const c: Command = { type: 'identifyRole', role, players }
  return accepts(s, c) ? c : null
}

/** A random command that fits the moment (often legal, sometimes not). */
export function randomCommand(s: GameState, ctx: Ctx): Command {
  const { rng } = ctx
  const all = seatsOf(s)
  const alive = livingOf(s)
  const anyone = () => (rng.chance(0.9) && alive.length ? rng.pick(alive) : rng.pick(all))
  if (rng.chance(0.03)) return arbitraryCommand(rng, all.length + 2, ctx.now)
  if (s.phase === 'night' && s.night) {
    const n = s.night
    const step = n.steps[n.stepIndex]
    const id = trueIdentification(s, ctx.cards)
    if (id && rng.chance(0.8)) return id
    if (step === 'mafia') {
      if (s.setup.ruleset.options.killResolution === 'individualShots') {
        const mafia = livingWithRole(s, 'mafia')
        const unshot = mafia.filter((m) => n.shots[m] === undefined)
        const r = rng.float()
        if (r < 0.05) return { type: 'setReadingStart', player: anyone() }
        if (r < 0.1 && mafia.length) return { type: 'clearShot', shooter: rng.pick(mafia) }
        if (r < 0.8 && mafia.length)
          return { type: 'shoot', shooter: unshot.length && rng.chance(0.9) ? rng.pick(unshot) : rng.pick(mafia), target: rng.chance(0.08) ? null : anyone() }
        return { type: 'endNightStep' }
      }
      return rng.chance(0.6) ? { type: 'chooseTarget', target: anyone() } : { type: 'endNightStep' }
    }
    if (step === 'investigator' && rng.chance(0.6)) return { type: 'investigate', target: rng.chance(0.1) ? null : anyone() }
    if (step === 'doctor' && rng.chance(0.6)) return { type: 'heal', target: anyone() }
    return { type: 'endNightStep' }
  }
  const d = s.day
  if (s.phase !== 'day' || !d) return { type: 'endNightStep' }
  ctx.now += rng.int(20_000)
  if (rng.chance(0.1)) return timerCommand(s, ctx)
  const draw = rng.u32()
  switch (d.stage) {
    case 'lastWords':
      return { type: 'endLastWords' }
    case 'discussion': {
      if (rng.chance(0.03)) return { type: 'drawRandomDeath', draw }
      const accused = anyone()
      return rng.chance(0.5) ? { type: 'accuse', accused } : { type: 'accuse', accused, accuser: anyone() }
    }
    case 'defence':
      return rng.chance(0.05) ? { type: 'withdrawAccusation' } : { type: 'endDefence' }
    case 'nominating': {
      const r = rng.float()
      if (r < 0.5) return { type: 'nominate', player: anyone() }
      if (r < 0.6 && d.nominees.length) return { type: 'withdrawNomination', player: rng.pick(d.nominees) }
      if (r < 0.63) return { type: 'drawRandomDeath', draw }
      return { type: 'closeNominations' }
    }
    case 'vote': {
      const v = d.vote
      if (!v) return { type: 'closeVote' }
      const r = rng.float()
      if (r < 0.02) return { type: 'withdrawAccusation' }
      if (r < 0.6 && v.eligible.length) {
        const voter = rng.pick(v.eligible)
        const choice = v.kind === 'plurality' ? (rng.chance(0.1) ? null : rng.pick(v.candidates)) : rng.chance(0.5)
        return { type: 'castVote', voter, choice }
      }
      if (r < 0.75) {
        const count = rng.int(v.eligible.length + 1)
        return v.kind === 'plurality' ? { type: 'setVoteCount', count, candidate: rng.pick(v.candidates) } : { type: 'setVoteCount', count }
      }
      return rng.chance(0.9) ? { type: 'closeVote', draw } : { type: 'closeVote' }
    }
  }
}

/** Clock commands around the current deadline (some early, so refused). */
export function timerCommand(s: GameState, ctx: Ctx): Command {
  const { rng } = ctx
  const timer = rng.chance(0.7) ? undefined : rng.pick(['day', 'defence'] as const)
  const t = (timer ?? (s.day?.stage === 'defence' && s.defenceTimer ? 'defence' : 'day')) === 'day' ? s.dayTimer : s.defenceTimer
  const r = rng.float()
  if (r < 0.3) return { type: rng.chance(0.5) ? 'startTimer' : 'resumeTimer', at: ctx.now, timer }
  if (r < 0.45) return { type: 'pauseTimer', at: ctx.now, timer }
  if (r < 0.6) return { type: 'addTime', seconds: rng.range(-120, 300), at: ctx.now, timer }
  if (t?.deadline != null && rng.chance(0.8)) ctx.now = Math.max(ctx.now, rng.chance(0.5) ? t.deadline : t.deadline + rng.int(5000))
  return { type: 'timerExpired', at: ctx.now, timer, draw: rng.u32() }
}

/** One generator per command type, arguments drawn wide (seats up to the table's limit and beyond). */
type Wide = { rng: Rng; seat: () => number; at: number; timer: 'day' | 'defence' | undefined }

/**
 * Every command type's generator. The compiler refuses this table when a command type has none
 * (`satisfies`), so a new command is fuzzed from the day it exists.
 */
const ARBITRARY = {
  identifyRole: ({ rng, seat }) => ({
    type: 'identifyRole',
    role: rng.pick(['mafia', 'investigator', 'doctor', 'citizen'] as const),
    players: Array.from({ length: rng.int(4) }, seat),
  }),
  setReadingStart: ({ seat }) => ({ type: 'setReadingStart', player: seat() }),
  shoot: ({ rng, seat }) => ({ type: 'shoot', shooter: seat(), target: rng.chance(0.1) ? null : seat() }),
  clearShot: ({ seat }) => ({ type: 'clearShot', shooter: seat() }),
  chooseTarget: ({ seat }) => ({ type: 'chooseTarget', target: seat() }),
  investigate: ({ rng, seat }) => ({ type: 'investigate', target: rng.chance(0.1) ? null : seat() }),
  heal: ({ seat }) => ({ type: 'heal', target: seat() }),
  endNightStep: () => ({ type: 'endNightStep' }),
  accuse: ({ rng, seat }) => (rng.chance(0.5) ? { type: 'accuse', accused: seat() } : { type: 'accuse', accused: seat(), accuser: seat() }),
  withdrawAccusation: () => ({ type: 'withdrawAccusation' }),
  endDefence: () => ({ type: 'endDefence' }),
  nominate: ({ seat }) => ({ type: 'nominate', player: seat() }),
  withdrawNomination: ({ seat }) => ({ type: 'withdrawNomination', player: seat() }),
  closeNominations: () => ({ type: 'closeNominations' }),
  skipDefences: () => ({ type: 'skipDefences' }),
  castVote: ({ rng, seat }) => ({ type: 'castVote', voter: seat(), choice: rng.pick([true, false, null, seat()]) }),
  setVoteCount: ({ rng, seat }) =>
    rng.chance(0.5) ? { type: 'setVoteCount', count: rng.int(61) } : { type: 'setVoteCount', count: rng.int(61), candidate: seat() },
  closeVote: ({ rng }) => (rng.chance(0.5) ? { type: 'closeVote' } : { type: 'closeVote', draw: rng.u32() }),
  endLastWords: () => ({ type: 'endLastWords' }),
  endDay: () => ({ type: 'endDay' }),
  foul: ({ seat }) => ({ type: 'foul', player: seat() }),
  startTimer: ({ at, timer }) => ({ type: 'startTimer', at, timer }),
  pauseTimer: ({ at, timer }) => ({ type: 'pauseTimer', at, timer }),
  resumeTimer: ({ at, timer }) => ({ type: 'resumeTimer', at, timer }),
  addTime: ({ rng, at, timer }) => ({ type: 'addTime', seconds: rng.range(-3600, 3600), at, timer }),
  timerExpired: ({ rng, at, timer }) => (rng.chance(0.5) ? { type: 'timerExpired', at, timer } : { type: 'timerExpired', at, timer, draw: rng.u32() }),
  drawRandomDeath: ({ rng }) => ({ type: 'drawRandomDeath', draw: rng.u32() }),
  note: ({ rng, seat }) => ({ type: 'note', player: seat(), text: rng.pick(['', 'claimed doctor', ' quiet ', 'x'.repeat(200)]) }),
} satisfies { [T in CommandType]: (w: Wide) => CommandOf<T> }

/** The command types, from the table (every one of them). */
export const FUZZED_TYPES = Object.keys(ARBITRARY) as CommandType[]

/** Any well-formed command with arguments drawn wide (seats up to `maxSeat`), mostly illegal; every command type alike. */
export function arbitraryCommand(rng: Rng, maxSeat: number, now = 0): Command {
  const seat = () => rng.int(Math.min(60, maxSeat + 1))
  const at = rng.chance(0.5) ? now : rng.int(10_000_000)
  const timer = rng.pick([undefined, 'day', 'defence'] as const)
  const type = rng.pick(FUZZED_TYPES)
  return (ARBITRARY[type] as (w: Wide) => Command)({ rng, seat, at, timer })
}

/**
 * A legal command that moves the game on towards a death: the mafia all shoot (or choose) one town
 * player, nobody heals them, a suspect is accused or nominated and everybody votes for them.
 * Returns null only when the game is over — or when the engine offers no way on (a stuck game).
 */
export function progressCommand(s: GameState, ctx: Ctx): Command | null {
  if (s.phase === 'over') return null
  const o = s.setup.ruleset.options
  const alive = livingOf(s)
  const first = (cs: Command[]): Command | null => cs.find((c) => accepts(s, c)) ?? null
  if (s.phase === 'night' && s.night) {
    const n = s.night
    const step = n.steps[n.stepIndex]
    const id = trueIdentification(s, ctx.cards)
    if (id) return id
    const town = alive.filter((p) => s.roles[p] !== 'mafia')
    const victim = town[0] ?? alive[0] ?? 0
    if (step === 'mafia') {
      if (o.killResolution === 'individualShots') {
        for (const m of livingWithRole(s, 'mafia')) {
          if (n.shots[m] === victim) continue
          const c = first([{ type: 'shoot', shooter: m, target: victim }])
          if (c) return c
          const any = n.shots[m] === undefined ? first(alive.map((t): Command => ({ type: 'shoot', shooter: m, target: t }))) : null
          if (any) return any
        }
      } else if (n.target === null) {
        return first([{ type: 'chooseTarget', target: victim }, ...alive.map((t): Command => ({ type: 'chooseTarget', target: t }))])
      }
    }
    if (step === 'investigator' && !n.investigation) {
      const c = first(alive.map((t): Command => ({ type: 'investigate', target: t })))
      if (c) return c
    }
    if (step === 'doctor' && n.heal === null) {
      const c =
        first(alive.filter((t) => t !== victim && t !== n.target).map((t): Command => ({ type: 'heal', target: t }))) ??
        first(alive.map((t): Command => ({ type: 'heal', target: t })))
      if (c) return c
    }
    return first([{ type: 'endNightStep' }])
  }
  const d = s.day
  if (!d) return null
  const draw = ctx.rng.u32()
  switch (d.stage) {
    case 'lastWords':
      return first([{ type: 'endLastWords' }])
    case 'defence':
      return first([{ type: 'endDefence' }])
    case 'discussion':
      return first([...alive.map((p): Command => ({ type: 'accuse', accused: p })), { type: 'drawRandomDeath', draw }])
    case 'nominating':
      if (d.nominees.length === 0) return first([...alive.map((p): Command => ({ type: 'nominate', player: p })), { type: 'closeNominations' }])
      if (d.nominees.length > 1) return first([{ type: 'withdrawNomination', player: d.nominees[d.nominees.length - 1] as number }])
      return first([{ type: 'closeNominations' }])
    case 'vote': {
      const v = d.vote
      if (!v) return null
      if (v.kind !== 'plurality') {
        if (v.counts[-1] !== v.eligible.length) return first([{ type: 'setVoteCount', count: v.eligible.length }])
        return first([{ type: 'closeVote', draw }])
      }
      const [top, ...rest] = v.candidates as [number, ...number[]]
      for (const c of rest) if (v.counts[c] !== 0) return first([{ type: 'setVoteCount', count: 0, candidate: c }])
      if (v.counts[top] !== v.eligible.length) return first([{ type: 'setVoteCount', count: v.eligible.length, candidate: top }])
      return first([{ type: 'closeVote', draw }])
    }
  }
}

// ---- running games -------------------------------------------------------------------------------

export interface RunOptions {
  /** Probability that a step uses the progress policy instead of a random command. */
  progress?: number
  /** After this many attempts only the progress policy is used. */
  randomBudget?: number
  /** Give up after this many attempts (the game did not end). */
  maxAttempts?: number
  /** Probability of trying a command taken from legalActions(). */
  legal?: number
  /** Called for every attempted command, accepted or not. */
  onAttempt?: (before: Game, command: Command, after: Game | null) => void
}

export interface RandomRun {
  game: Game
  /** states[i] is the state after i accepted commands. */
  states: GameState[]
  attempts: number
  refused: number
  ended: boolean
  /** Set when the progress policy found no legal command in a running game. */
  stuck: string | null
}

/** A command picked from what legalActions() offers (only kinds that need no extra arguments). */
export function commandFromLegal(s: GameState, ctx: Ctx): Command | null {
  const l = legalActions(s)
  const { rng } = ctx
  const opts: Command[] = []
  for (const [sh, ts] of Object.entries(l.shoot)) if (ts.length) opts.push({ type: 'shoot', shooter: Number(sh), target: rng.pick(ts) })
  if (l.chooseTarget.length) opts.push({ type: 'chooseTarget', target: rng.pick(l.chooseTarget) })
  if (l.investigate.length) opts.push({ type: 'investigate', target: rng.pick(l.investigate) })
  if (l.heal.length) opts.push({ type: 'heal', target: rng.pick(l.heal) })
  if (l.endNightStep) opts.push({ type: 'endNightStep' })
  if (l.accuse.length) opts.push({ type: 'accuse', accused: rng.pick(l.accuse) })
  if (l.endDefence) opts.push({ type: 'endDefence' })
  if (l.withdrawAccusation) opts.push({ type: 'withdrawAccusation' })
  if (l.nominate.length) opts.push({ type: 'nominate', player: rng.pick(l.nominate) })
  if (l.withdrawNomination.length) opts.push({ type: 'withdrawNomination', player: rng.pick(l.withdrawNomination) })
  if (l.closeNominations) opts.push({ type: 'closeNominations' })
  if (l.closeVote) opts.push({ type: 'closeVote', draw: rng.u32() })
  if (l.endLastWords) opts.push({ type: 'endLastWords' })
  if (l.setReadingStart.length) opts.push({ type: 'setReadingStart', player: rng.pick(l.setReadingStart) })
  return opts.length ? rng.pick(opts) : null
}

/** Play one random game from a setup. Deterministic in the rng's seed. */
export function playRandom(setup: GameSetup, cards: readonly RoleId[], rng: Rng, opts: RunOptions = {}): RandomRun {
  const created = createGame(setup)
  if (!created.ok) throw new Error(`random setup refused: ${created.error.message}`)
  let game = created.value
  const ctx: Ctx = { rng, cards, now: rng.int(1_000_000) }
  const states: GameState[] = [game.state]
  const progress = opts.progress ?? 0.3
  const budget = opts.randomBudget ?? 60 + 12 * setup.players.length
  const max = opts.maxAttempts ?? 4000
  let attempts = 0
  let refused = 0
  let stuck: string | null = null
  while (game.state.phase !== 'over' && attempts < max) {
    attempts++
    const s = game.state
    let c: Command | null
    if (attempts > budget || rng.chance(progress)) {
      c = progressCommand(s, ctx)
      if (!c) {
        stuck = `no way on at ${s.phase} ${JSON.stringify(s.night ?? s.day)}`
        break
      }
    } else if (rng.chance(opts.legal ?? 0.02)) c = commandFromLegal(s, ctx) ?? randomCommand(s, ctx)
    else c = randomCommand(s, ctx)
    const r = dispatch(game, c)
    opts.onAttempt?.(game, c, r.ok ? r.value : null)
    if (r.ok) {
      game = r.value
      states.push(game.state)
    } else refused++
  }
  return { game, states, attempts, refused, ended: game.state.phase === 'over', stuck }
}

/** A random game of a preset from one seed: setup and play. */
export function randomGame(
  seed: number,
  id: PresetId,
  opts: RunOptions & { tweak?: boolean; physical?: number; maxPlayers?: number } = {},
): RandomRun & RandomSetup {
  const rng = new Rng(seed)
  const rs = randomSetup(rng, id, opts)
  return { ...rs, ...playRandom(rs.setup, rs.cards, rng, { progress: 0.15 + rng.float() * 0.4, ...opts }) }
}

export { countsOf, strictMajority }
