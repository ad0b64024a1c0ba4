/**
 * Test helpers: a scripted-game builder for scenario tests. Only test files import this folder;
 * product code must not (it throws on refused commands, which the engine itself never does).
 */
import type { Command } from '../../shared/commands'
import type { RoleCounts, RoleId } from '../../shared/roles'
import type { PresetId, Ruleset, RulesetOptions } from '../../shared/ruleset'
import type { ProjectorView, RefereeView } from '../../shared/views'
import type { EngineError } from '../errors'
import { createGame, dispatch, undo, type Game } from '../game'
import { preset } from '../rulesets'
import type { Deal, GameSetup, GameState } from '../state'
import { projectorView } from '../views/projector'
import { refereeView } from '../views/referee'

const LETTER: Record<string, RoleId> = { M: 'mafia', I: 'investigator', D: 'doctor', C: 'citizen' }
const NAMES = [
  'Anna',
  'Bence',
  'Csilla',
  'Dani',
  'Eszter',
  'Feri',
  'Gabi',
  'Hanna',
  'Imre',
  'Judit',
  'Kata',
  'Laci',
  'Marci',
  'Nora',
  'Oszi',
  'Panni',
  'Rozi',
  'Sanyi',
  'Tomi',
  'Ubul',
]

/** Seat names: a few readable ones, then P20, P21, … */
export const seatNames = (n: number): string[] => Array.from({ length: n }, (_, i) => NAMES[i] ?? `P${i}`)

/** Roles from a compact string, one letter a seat: M mafia, I investigator/police/constable, D doctor, C citizen. */
export function roles(spec: string): RoleId[] {
  return [...spec.replace(/\s+/g, '')].map((ch) => {
    const r = LETTER[ch.toUpperCase()]
    if (!r) throw new Error(`roles(): unknown role letter ${ch}`)
    return r
  })
}

export function countsOf(rs: readonly (RoleId | null)[]): RoleCounts {
  const c: RoleCounts = { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }
  for (const r of rs) if (r) c[r]++
  return c
}

export function rulesetWith(base: PresetId | Ruleset, options: Partial<RulesetOptions> = {}): Ruleset {
  const r = typeof base === 'string' ? preset(base) : base
  return { ...r, options: { ...r.options, ...options } }
}

export interface SetupSpec {
  options?: Partial<RulesetOptions>
  names?: string[]
  /** Physical deal: the cards as dealt (by role letters) are used for the counts; `known` (default none) are recorded up front. */
  physical?: boolean
  known?: (RoleId | null)[]
}

/** A game setup from a preset (or ruleset) and the dealt roles, e.g. setupOf('maffiasig', 'MMICCCCCC'). */
export function setupOf(base: PresetId | Ruleset, deal: string | RoleId[], spec: SetupSpec = {}): GameSetup {
  const rs = typeof deal === 'string' ? roles(deal) : deal
  const ruleset = rulesetWith(base, spec.options)
  const d: Deal = spec.physical
    ? { mode: 'physical', counts: countsOf(rs), roles: spec.known ? [...spec.known] : rs.map(() => null) }
    : { mode: 'digital', counts: countsOf(rs), roles: [...rs] }
  return { ruleset, players: spec.names ?? seatNames(rs.length), deal: d }
}

export class RefusedError extends Error {}

/**
 * A game driven by a script: do() insists every command is accepted, refuse() insists a command is
 * refused and leaves the game exactly as it was.
 */
export class Scripted {
  private constructor(public game: Game) {}

  static start(setup: GameSetup): Scripted {
    const g = createGame(setup)
    if (!g.ok) throw new Error(`createGame refused: ${g.error.message}`)
    return new Scripted(g.value)
  }

  static of(base: PresetId | Ruleset, deal: string | RoleId[], spec: SetupSpec = {}): Scripted {
    return Scripted.start(setupOf(base, deal, spec))
  }

  /** An independent copy at the same point (games are immutable, so this is cheap). */
  fork(): Scripted {
    return new Scripted(this.game)
  }

  get state(): GameState {
    return this.game.state
  }
  get projector(): ProjectorView {
    return projectorView(this.game.state)
  }
  get referee(): RefereeView {
    const last = this.game.log[this.game.log.length - 1]
    return refereeView(this.game.state, { undoable: this.game.log.length, last: last?.command ?? null, lastEvents: last?.events })
  }
  /** The current night call, e.g. 'mafia'. */
  get step(): string | null {
    const n = this.state.night
    return n ? (n.steps[n.stepIndex] ?? null) : null
  }

  do(...commands: Command[]): this {
    for (const c of commands) {
      const r = dispatch(this.game, c)
      if (!r.ok) throw new RefusedError(`${JSON.stringify(c)} refused (${r.error.code}): ${r.error.message}`)
      this.game = r.value
    }
    return this
  }

  /** The command must be refused (optionally with this code) and change nothing. Returns the error. */
  refuse(c: Command, code?: EngineError['code']): EngineError {
    const before = this.game
    const snapshot = structuredClone(before.state)
    const r = dispatch(this.game, c)
    if (r.ok) throw new Error(`${JSON.stringify(c)} was accepted but should be refused`)
    if (code && r.error.code !== code) throw new Error(`${JSON.stringify(c)} refused with ${r.error.code} (${r.error.message}), expected ${code}`)
    if (this.game !== before) throw new Error('refused command replaced the game')
    assertDeepEqual(this.game.state, snapshot, 'refused command changed the state')
    return r.error
  }

  undo(steps = 1): this {
    const r = undo(this.game, steps)
    if (!r.ok) throw new Error(`undo refused: ${r.error.message}`)
    this.game = r.value
    return this
  }

  // ---- night helpers -------------------------------------------------------------------------

  endStep(): this {
    return this.do({ type: 'endNightStep' })
  }

  /** Individual shots, shooter → target, then end the mafia call. */
  shots(shots: Record<number, number | null>, end = true): this {
    for (const [shooter, target] of Object.entries(shots)) this.do({ type: 'shoot', shooter: Number(shooter), target })
    return end ? this.endStep() : this
  }

  /** Play a whole night call by call: ends each call after doing what is given for it. */
  night(plan: {
    shots?: Record<number, number | null>
    target?: number
    investigate?: number | null
    heal?: number
    identify?: Partial<Record<RoleId, number[]>>
  }): this {
    if (this.state.phase !== 'night') throw new Error(`night(): phase is ${this.state.phase}`)
    const start = this.state.night?.number
    while (this.state.phase === 'night' && this.state.night?.number === start) {
      const step = this.step
      const role = step === 'mafiaMeet' ? 'mafia' : (step as RoleId)
      const ids = plan.identify?.[role]
      if (ids && this.referee.legal.identify) this.do({ type: 'identifyRole', role, players: ids })
      if (step === 'mafia' && plan.shots) for (const [sh, t] of Object.entries(plan.shots)) this.do({ type: 'shoot', shooter: Number(sh), target: t })
      if (step === 'mafia' && plan.target !== undefined) this.do({ type: 'chooseTarget', target: plan.target })
      if (step === 'investigator' && plan.investigate !== undefined) this.do({ type: 'investigate', target: plan.investigate })
      if (step === 'doctor' && plan.heal !== undefined) this.do({ type: 'heal', target: plan.heal })
      this.endStep()
    }
    return this
  }

  // ---- day helpers ---------------------------------------------------------------------------

  /** Everybody eligible in the open vote votes `yes` except those in `no` (yes/no votes). */
  voteYesExcept(no: number[] = []): this {
    const v = this.state.day?.vote
    if (!v) throw new Error('no open vote')
    for (const p of v.eligible) this.do({ type: 'castVote', voter: p, choice: !no.includes(p) })
    return this
  }

  /** Yes/no vote with exactly `yes` hands up, entered as a count, then closed. */
  voteCount(yes: number): this {
    return this.do({ type: 'setVoteCount', count: yes }, { type: 'closeVote' })
  }

  /** MaffiaSIG: accuse, pass the guilty vote, end the defence, pass the execution vote. */
  execute(accused: number): this {
    this.do({ type: 'accuse', accused })
    const n = this.state.day?.vote?.eligible.length ?? 0
    this.voteCount(n).do({ type: 'endDefence' })
    return this.voteCount(n)
  }

  /** Nomination procedure: nominate the given players, close, hear the defences, and (if a vote is held) give `p` every vote. */
  lynch(p: number, others: number[] = []): this {
    for (const q of [p, ...others]) this.do({ type: 'nominate', player: q })
    this.do({ type: 'closeNominations' })
    while (this.state.day?.stage === 'defence') this.do({ type: 'endDefence' })
    const v = this.state.day?.vote
    if (v) {
      for (const q of others) this.do({ type: 'setVoteCount', count: 0, candidate: q })
      this.do({ type: 'setVoteCount', count: v.eligible.length, candidate: p }, { type: 'closeVote' })
    }
    return this
  }

  /** Plurality ballots: voter → candidate (or null), then close (with an optional draw). */
  plurality(ballots: Record<number, number | null>, draw?: number): this {
    for (const [voter, choice] of Object.entries(ballots)) this.do({ type: 'castVote', voter: Number(voter), choice })
    return this.do(draw === undefined ? { type: 'closeVote' } : { type: 'closeVote', draw })
  }
}

/** Deep equality that throws with a path, for helpers that must not depend on a test runner. */
export function assertDeepEqual(a: unknown, b: unknown, what: string, path = '$'): void {
  if (Object.is(a, b)) return
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    throw new Error(`${what}: at ${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`)
  if (Array.isArray(a) !== Array.isArray(b)) throw new Error(`${what}: at ${path}: array vs object`)
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  if (ka.join('\u0000') !== kb.join('\u0000')) throw new Error(`${what}: at ${path}: keys ${ka.join(',')} ≠ ${kb.join(',')}`)
  for (const k of ka) assertDeepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], what, `${path}.${k}`)
}
