/**
 * The test's own idea of where the game is, kept independently of the app: updated by the test for
 * every action it takes, from the rules (docs RULES.md), never copied from the host's views. The
 * pages are then checked against it: phase and day, deaths, revealed roles, the open vote, the latest
 * announcement, the winner.
 */
import type { RoleId, Winner } from '../../../src/shared/roles'
import type { Ruleset } from '../../../src/shared/ruleset'
import { nightName, t, type Stage } from './words'

export type NightStep = 'mafiaMeet' | 'mafia' | 'investigator' | 'doctor'

export interface ModelVote {
  kind: 'guilty' | 'execute' | 'plurality'
  candidates: number[]
  eligible: number[]
  /** Taps: yes/no votes hold `true`; plurality votes the chosen candidate. */
  ballots: Map<number, boolean | number | null>
  /** Typed counts (yes/no votes under key -1, else per candidate): they replace the taps. */
  typed: Map<number, number>
  revote: boolean
}

export const YES = -1

export class GameModel {
  readonly options: Ruleset['options']
  alive: boolean[]
  revealed: boolean[]
  phase: 'night' | 'day' | 'over' = 'night'
  nightNumber: number
  dayNumber = 0
  steps: NightStep[] = []
  stepIndex = 0
  /** Shooter → target, or null: recorded as not shooting. */
  shots = new Map<number, number | null>()
  target: number | null = null
  heal: number | null = null
  investigated: number | null = null
  stage: Stage | null = null
  accused: number | null = null
  nominees: number[] = []
  defenceIndex = 0
  vote: ModelVote | null = null
  lastWordsBy: number | null = null
  winner: Winner | null = null
  /** The latest public announcement as the projector words it (null before the first). */
  announcement: string | null = null

  constructor(
    readonly ruleset: Ruleset,
    readonly names: readonly string[],
    readonly roles: readonly RoleId[],
  ) {
    this.options = ruleset.options
    this.alive = names.map(() => true)
    this.revealed = names.map(() => false)
    if (this.options.firstPhase === 'day') throw new Error('the model starts games with a night')
    this.nightNumber = this.options.firstPhase === 'night0' ? -1 : 0
    this.startNight()
  }

  // ── questions ──────────────────────────────────────────────────────────────────────────────
  name(p: number): string {
    return this.names[p] ?? `#${p + 1}`
  }
  living(): number[] {
    return this.names.map((_, p) => p).filter((p) => this.alive[p])
  }
  livingWith(role: RoleId): number[] {
    return this.living().filter((p) => this.roles[p] === role)
  }
  livingTown(): number[] {
    return this.living().filter((p) => this.roles[p] !== 'mafia')
  }
  count(role: RoleId): number {
    return this.roles.filter((r) => r === role).length
  }
  currentStep(): NightStep | null {
    return this.phase === 'night' ? (this.steps[this.stepIndex] ?? null) : null
  }
  stepRole(step: NightStep): Exclude<RoleId, 'citizen'> {
    return step === 'mafiaMeet' ? 'mafia' : step
  }
  /** A call made only so nobody learns that the role is dead. */
  isDeadCall(step: NightStep): boolean {
    return this.livingWith(this.stepRole(step)).length === 0
  }
  strictMajority(n: number): number {
    return Math.floor(n / 2) + 1
  }

  /** Who dies if the night ends now. */
  nightVictim(): number | null {
    if (this.steps[0] === 'mafiaMeet') return null
    let victim: number | null = null
    if (this.options.killResolution === 'individualShots') {
      const mafia = this.livingWith('mafia')
      const tally = new Map<number, number>()
      for (const m of mafia) {
        const target = this.shots.get(m)
        if (target !== undefined && target !== null) tally.set(target, (tally.get(target) ?? 0) + 1)
      }
      for (const [target, k] of tally) if (k >= this.strictMajority(mafia.length)) victim = target
    } else victim = this.target
    return victim !== null && this.heal === victim ? null : victim
  }

  /** RULES.md's end conditions, with this ruleset's options. */
  computeWinner(): Winner | null {
    const mafia = this.livingWith('mafia').length
    const town = this.livingTown().length
    const doctors = this.livingWith('doctor').length
    const o = this.options
    if (mafia === 0) return 'town'
    if (o.doctorMafiaDraw && mafia === 1 && town === 1 && doctors === 1) return 'draw'
    if (mafia > town) return 'mafia'
    if (mafia === town && o.mafiaWinAtParity && (!o.parityNeedsDeadDoctor || doctors === 0)) return 'mafia'
    return null
  }

  voteCount(key: number): number {
    const v = this.vote
    if (!v) return 0
    const typed = v.typed.get(key)
    if (typed !== undefined) return typed
    let n = 0
    for (const choice of v.ballots.values()) if (key === YES ? choice === true : choice === key) n++
    return n
  }

  // ── the night ──────────────────────────────────────────────────────────────────────────────
  startNight(): void {
    this.phase = 'night'
    this.nightNumber += 1
    this.stage = null
    this.vote = null
    this.accused = null
    this.nominees = []
    this.lastWordsBy = null
    this.steps =
      this.nightNumber === 0
        ? ['mafiaMeet']
        : this.options.nightOrder.filter((role) => this.count(role) > 0 && (this.options.callDeadRoles || this.livingWith(role).length > 0))
    this.stepIndex = 0
    this.shots = new Map()
    this.target = null
    this.heal = null
    this.investigated = null
  }

  endStep(): void {
    this.stepIndex += 1
    if (this.stepIndex < this.steps.length) return
    const victim = this.nightVictim()
    if (victim !== null) {
      this.alive[victim] = false
      if (this.options.revealOnNightDeath) this.revealed[victim] = true
    }
    // Night 0 (the mafia's meeting) kills nobody by rule: nothing is announced.
    if (this.steps[0] !== 'mafiaMeet')
      this.announcement =
        victim === null
          ? t('announce.nightNobody', { night: nightName(this.nightNumber) })
          : t(
              'announce.nightDeaths',
              {
                night: nightName(this.nightNumber),
                names: this.revealed[victim] ? `${this.name(victim)} (${this.ruleset.names.en.roleNames[this.roles[victim]!]})` : this.name(victim),
              },
              1,
            )
    if (this.checkWinner()) return
    this.phase = 'day'
    this.dayNumber += 1
    this.stage = this.options.dayProcedure === 'accusation' ? 'discussion' : 'nominating'
    this.nominees = []
    this.accused = null
  }

  // ── the day ────────────────────────────────────────────────────────────────────────────────
  private openYesNo(kind: 'guilty' | 'execute', accused: number): void {
    this.vote = { kind, candidates: [accused], eligible: this.living().filter((p) => p !== accused), ballots: new Map(), typed: new Map(), revote: false }
    this.stage = 'vote'
  }

  private openPlurality(candidates: number[], revote: boolean): void {
    this.vote = { kind: 'plurality', candidates: [...candidates], eligible: this.living(), ballots: new Map(), typed: new Map(), revote }
    this.stage = 'vote'
  }

  accuse(accused: number): void {
    this.accused = accused
    this.openYesNo('guilty', accused)
  }

  endDefence(): void {
    if (this.options.dayProcedure === 'accusation' && this.accused !== null) return this.openYesNo('execute', this.accused)
    if (this.defenceIndex + 1 < this.nominees.length) {
      this.defenceIndex += 1
      return
    }
    this.openPlurality(this.nominees, false)
  }

  nominate(player: number): void {
    this.nominees.push(player)
  }

  closeNominations(): void {
    const o = this.options
    if (this.nominees.length === 0) {
      this.announcement = t('announce.noExecution.noNominees', { day: this.dayNumber })
      this.startNight()
      return
    }
    if (this.nominees.length === 1 && o.singleNomineeExecuted) return this.dieByDay(this.nominees[0]!, 'execution')
    if (o.nomineeDefence) {
      this.stage = 'defence'
      this.defenceIndex = 0
      return
    }
    this.openPlurality(this.nominees, false)
  }

  castVote(voter: number, choice: boolean | number | null): void {
    this.vote!.ballots.set(voter, choice)
  }

  typeCount(count: number, candidate: number = YES): void {
    this.vote!.typed.set(candidate, count)
  }

  closeVote(): void {
    const v = this.vote!
    if (v.kind !== 'plurality') {
      const accused = v.candidates[0]!
      const yes = this.voteCount(YES)
      const needed = this.strictMajority(v.eligible.length)
      const passed = yes >= needed
      this.vote = null
      this.announcement = t(`announce.voteResult.${v.kind}${passed ? '' : 'Failed'}`, { name: this.name(accused), yes, needed }, yes)
      if (!passed) {
        this.stage = 'discussion'
        this.accused = null
      } else if (v.kind === 'guilty') this.stage = 'defence'
      else this.dieByDay(accused, 'execution')
      return
    }
    const counts = v.candidates.map((c) => this.voteCount(c))
    const top = Math.max(...counts)
    const leaders = top === 0 ? [] : v.candidates.filter((_, i) => counts[i] === top)
    this.vote = null
    if (leaders.length === 1) return this.dieByDay(leaders[0]!, 'execution')
    if (leaders.length > 1 && this.options.tieRule === 'revote' && !v.revote) return this.openPlurality(leaders, true)
    if (leaders.length > 1 && this.options.tieRule === 'random') throw new Error('the model does not draw tie breaks')
    this.announcement = t(`announce.noExecution.${leaders.length > 1 ? 'tie' : 'noVotes'}`, { day: this.dayNumber })
    this.nominees = []
    this.stage = 'nominating'
    if (!this.options.dayMustEndWithDeath) this.startNight()
  }

  endLastWords(): void {
    this.lastWordsBy = null
    this.startNight()
  }

  private dieByDay(player: number, cause: 'execution' | 'randomDeath'): void {
    this.alive[player] = false
    const reveal = this.options.revealOnExecution // any death by day, executed or drawn
    if (reveal) this.revealed[player] = true
    const base = t(cause === 'execution' ? 'announce.executed' : 'announce.randomDeath', { name: this.name(player) })
    this.announcement = reveal ? t('announce.withRole', { text: base, role: this.ruleset.names.en.roleNames[this.roles[player]!] }) : base
    this.vote = null
    this.accused = null
    this.nominees = []
    if (this.checkWinner()) return
    if (cause === 'randomDeath' && this.options.lastWords) {
      this.stage = 'lastWords'
      this.lastWordsBy = player
      return
    }
    this.startNight()
  }

  private checkWinner(): boolean {
    const w = this.computeWinner()
    if (!w) return false
    this.winner = w
    this.phase = 'over'
    this.stage = null
    this.vote = null
    return true
  }

  /** Take the model back to an earlier copy (undo). */
  static copy(m: GameModel): GameModel {
    const c = Object.create(GameModel.prototype) as GameModel
    Object.assign(c, m)
    c.alive = [...m.alive]
    c.revealed = [...m.revealed]
    c.steps = [...m.steps]
    c.shots = new Map(m.shots)
    c.nominees = [...m.nominees]
    c.vote = m.vote
      ? { ...m.vote, candidates: [...m.vote.candidates], eligible: [...m.vote.eligible], ballots: new Map(m.vote.ballots), typed: new Map(m.vote.typed) }
      : null
    return c
  }
}
