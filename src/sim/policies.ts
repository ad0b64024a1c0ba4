import type { Command } from '../shared/commands'
import type { GameState } from '../engine'
import type { Rng } from './prng'

/**
 * Policies play a whole game through the engine's own commands. A policy is an object; `start` gives
 * the player for one game (with its own memory), which looks at the engine state and returns the
 * next commands to dispatch, at least one. The simulator decides and applies them in order.
 *
 * Policies read the full engine state, roles included: they stand for the whole table (the town's
 * choices, the mafia's, the investigator's, the doctor's) and only *use* what each side would know.
 */
export interface Policy {
  readonly name: PolicyName
  readonly description: string
  start(rng: Rng): PolicyPlayer
}

export type PolicyPlayer = (s: GameState) => Command[]

export type PolicyName = 'random' | 'informed'

/** What the players of one game decide; the rest (ending steps, opening votes) is mechanical. */
interface Choices {
  /** The player the town executes today. */
  execute(s: GameState): number
  /** The mafia's target tonight (a living player the mafia may target). */
  mafiaTarget(s: GameState): number
  /** The investigators' check (null: nobody may be checked). */
  investigate(s: GameState): number | null
  /** The doctors' heal (null: nobody may be healed). */
  heal(s: GameState): number | null
}

// ---- small, allocation-light queries on the state -------------------------------------------------

/** Living seats for which `keep` holds. */
function seats(s: GameState, keep: (p: number) => boolean): number[] {
  const out: number[] = []
  const alive = s.alive
  for (let p = 0; p < alive.length; p++) if (alive[p] && keep(p)) out.push(p)
  return out
}

function anyLiving(s: GameState, role: string): boolean {
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && s.roles[p] === role) return true
  return false
}

function uniform(rng: Rng, xs: readonly number[]): number | null {
  return xs.length === 0 ? null : (xs[xs.length === 1 ? 0 : rng.below(xs.length)] as number)
}

/** Has anyone investigated `p` yet? (A game has a handful of investigations: a scan beats a Set.) */
function investigated(s: GameState, p: number): boolean {
  const inv = s.investigations
  for (let i = 0; i < inv.length; i++) if ((inv[i] as (typeof inv)[number]).target === p) return true
  return false
}

/** Whom the investigators may check: living non-investigators (not yet checked, if the ruleset forbids repeats). */
function mayInvestigate(s: GameState): number[] {
  const repeat = s.setup.ruleset.options.investigatorMayRepeat
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && s.roles[p] !== 'investigator' && (repeat || !investigated(s, p))) out.push(p)
  return out
}

/** Whom the doctors may heal: living players (doctors only if self-heal is allowed). */
function mayHeal(s: GameState): number[] {
  const self = s.setup.ruleset.options.doctorSelfHeal
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && (self || s.roles[p] !== 'doctor')) out.push(p)
  return out
}

/** Every living player. */
function everyLiving(s: GameState): number[] {
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p]) out.push(p)
  return out
}

/** Living players who are not mafia. */
function livingTown(s: GameState): number[] {
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && s.roles[p] !== 'mafia') out.push(p)
  return out
}

/** Living players whose public standing (`known`) is `k`, or (`not`) is anything but `k`. */
function livingKnown(s: GameState, known: Int8Array, k: number, not: boolean): number[] {
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && (known[p] === k) !== not) out.push(p)
  return out
}

// ---- the mechanical part shared by every policy ---------------------------------------------------

/** Turns a policy's choices into engine commands for whatever the game is waiting for. */
function player(rng: Rng, choose: Choices): PolicyPlayer {
  return (s) => {
    if (s.phase === 'night') {
      const n = s.night
      if (!n) return []
      const step = n.steps[n.stepIndex]
      const end: Command = { type: 'endNightStep' }
      switch (step) {
        case 'mafia': {
          const target = choose.mafiaTarget(s)
          if (s.setup.ruleset.options.killResolution === 'groupTarget') return [{ type: 'chooseTarget', target }, end]
          // Individual shots: every living mafioso signals the same target.
          const out: Command[] = []
          for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && s.roles[p] === 'mafia') out.push({ type: 'shoot', shooter: p, target })
          out.push(end)
          return out
        }
        case 'investigator': {
          if (!anyLiving(s, 'investigator')) return [end] // called for show
          const target = choose.investigate(s)
          return target === null ? [end] : [{ type: 'investigate', target }, end]
        }
        case 'doctor': {
          if (!anyLiving(s, 'doctor')) return [end]
          const target = choose.heal(s)
          return target === null ? [end] : [{ type: 'heal', target }, end]
        }
        default: // mafiaMeet (night 0)
          return [end]
      }
    }
    const d = s.day
    if (s.phase !== 'day' || !d) return []
    switch (d.stage) {
      case 'discussion':
        return [{ type: 'accuse', accused: choose.execute(s) }]
      case 'nominating':
        // Nominate the chosen player only; a lone nominee is executed directly (Swedish), otherwise voted on.
        return d.nominees.length === 0 ? [{ type: 'nominate', player: choose.execute(s) }, { type: 'closeNominations' }] : [{ type: 'closeNominations' }]
      case 'defence':
        return [{ type: 'endDefence' }]
      case 'vote': {
        const v = d.vote
        if (!v) return []
        // Everybody eligible votes for the accused / the (first) nominee; the referee enters the count.
        const count: Command =
          v.kind === 'plurality'
            ? { type: 'setVoteCount', count: v.eligible.length, candidate: v.candidates[0] as number }
            : { type: 'setVoteCount', count: v.eligible.length }
        return [count, { type: 'closeVote', draw: rng.next() }]
      }
      case 'lastWords':
        return [{ type: 'endLastWords' }]
    }
  }
}

// ---- random ----------------------------------------------------------------------------------------

/**
 * `random`: the town executes a uniformly random living player; the mafia target a uniformly random
 * living town player; investigators and doctors choose uniformly among the players they may choose.
 * With no investigator and no doctor this is Migdał's pure death process.
 */
export const randomPolicy: Policy = {
  name: 'random',
  description: 'uniformly random executions, kills, checks and heals',
  start(rng) {
    return player(rng, {
      execute: (s) => uniform(rng, everyLiving(s)) as number,
      mafiaTarget: (s) => uniform(rng, livingTown(s)) as number,
      investigate: (s) => uniform(rng, mayInvestigate(s)),
      heal: (s) => uniform(rng, mayHeal(s)),
    })
  },
}

// ---- informed --------------------------------------------------------------------------------------

const UNKNOWN = 0
const TOWN = 1
const MAFIA = 2

/**
 * `informed`: simple but sensible play.
 * - Investigators check players nobody has checked and nobody publicly knows.
 * - When a living investigator knows a living mafioso at the start of a day, the investigators reveal
 *   themselves and everything they found; from then on, while a revealed investigator lives, each
 *   new finding is public the next day.
 * - The town executes a publicly known mafioso if there is one, otherwise a uniformly random living
 *   player not publicly known to be town.
 * - The mafia kill a revealed investigator if one lives, otherwise a uniformly random town player.
 * - Doctors protect a revealed investigator if one lives (and they may), otherwise heal uniformly.
 * Dead investigators' unrevealed findings are lost with them.
 */
export const informedPolicy: Policy = {
  name: 'informed',
  description: 'investigators check unchecked players and reveal a found mafioso; doctors guard, mafia hunt a revealed investigator',
  start(rng) {
    let known: Int8Array | null = null // public knowledge per seat
    let revealed: Uint8Array | null = null // investigators who came out
    let published = 0 // investigations already made public

    const learn = (s: GameState): Int8Array => {
      const n = s.alive.length
      if (!known || !revealed) {
        known = new Int8Array(n)
        revealed = new Uint8Array(n)
      }
      const inv = s.investigations
      let outLiving = false
      for (let p = 0; p < n; p++) if (revealed[p] && s.alive[p]) outLiving = true
      if (!outLiving) {
        // Come out when a living investigator knows a living mafioso nobody knows about yet.
        let found = false
        for (const i of inv) if (i.isMafia && s.alive[i.target] && known[i.target] !== MAFIA) found = true
        if (found && anyLiving(s, 'investigator')) {
          for (let p = 0; p < n; p++)
            if (s.alive[p] && s.roles[p] === 'investigator') {
              revealed[p] = 1
              known[p] = TOWN
            }
          outLiving = true
        }
      }
      if (outLiving) {
        for (; published < inv.length; published++) {
          const i = inv[published] as (typeof inv)[number]
          known[i.target] = i.isMafia ? MAFIA : TOWN
        }
      }
      return known
    }

    /** The investigators who came out and are alive. */
    const livingRevealed = (s: GameState): number[] => {
      const out: number[] = []
      if (revealed) for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && revealed[p] === 1) out.push(p)
      return out
    }

    return player(rng, {
      execute(s) {
        const k = learn(s)
        const mafia = livingKnown(s, k, MAFIA, false)
        if (mafia.length > 0) return uniform(rng, mafia) as number
        const suspects = livingKnown(s, k, TOWN, true)
        return uniform(rng, suspects.length > 0 ? suspects : everyLiving(s)) as number
      },
      mafiaTarget(s) {
        const out = livingRevealed(s)
        return uniform(rng, out.length > 0 ? out : livingTown(s)) as number
      },
      investigate(s) {
        const allowed = mayInvestigate(s)
        const fresh: number[] = []
        for (const p of allowed) if ((known?.[p] ?? UNKNOWN) === UNKNOWN && !investigated(s, p)) fresh.push(p)
        return uniform(rng, fresh.length > 0 ? fresh : allowed)
      },
      heal(s) {
        const allowed = mayHeal(s)
        const guard = livingRevealed(s).filter((p) => allowed.includes(p))
        return uniform(rng, guard.length > 0 ? guard : allowed)
      },
    })
  },
}

export const POLICIES: Readonly<Record<PolicyName, Policy>> = { random: randomPolicy, informed: informedPolicy }
export const POLICY_NAMES: readonly PolicyName[] = ['random', 'informed']

// ---- how well the town reads the table ------------------------------------------------------------

/**
 * A real table is not a random vote: people read each other. `read` (0–1) is the chance that a
 * day's execution falls on a living mafioso (one at random) over and above the base policy's own
 * choice; otherwise the base policy decides. With `read` 0 this is the base policy itself, so
 * random voting stays the floor of the estimate.
 */
export function readingTable(base: Policy, read: number): Policy {
  const r = Number.isFinite(read) ? Math.min(1, Math.max(0, read)) : 0
  if (r === 0) return base
  return {
    name: base.name,
    description: `${base.description}; the town reads the table: ${Math.round(r * 100)} % of executions hit a mafioso above that`,
    start(rng) {
      const play = base.start(rng)
      return (s) => {
        const out = play(s)
        const first = out[0]
        const d = s.day
        if (s.phase !== 'day' || !d || !first) return out
        const choosing = first.type === 'accuse' || (first.type === 'nominate' && d.nominees.length === 0)
        if (!choosing || rng.next() / 0x100000000 >= r) return out
        const mafia = seats(s, (p) => s.roles[p] === 'mafia')
        if (mafia.length === 0) return out
        const pick = mafia[mafia.length === 1 ? 0 : rng.below(mafia.length)] as number
        const chosen: Command = first.type === 'accuse' ? { type: 'accuse', accused: pick } : { type: 'nominate', player: pick }
        return [chosen, ...out.slice(1)]
      }
    },
  }
}
