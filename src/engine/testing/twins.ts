/**
 * Twin games for the noninterference tests (projector, referee while blind, each player's phone):
 * game B is dealt A's roles permuted by π among seats whose roles are never public before the
 * horizon, replays A's public commands as they are and its secret ones through π, and at random
 * night calls makes different secret choices with the same public outcome. See
 * noninterference.test.ts for why the two games then have the same public history.
 */
import type { Command } from '../../shared/commands'
import type { RoleId } from '../../shared/roles'
import type { ProjectorView } from '../../shared/views'
import { createGame, dispatch, type Game } from '../game'
import { decide } from '../decide'
import { livingWithRole, strictMajority } from '../queries'
import type { GameSetup, GameState, NightState } from '../state'
import type { Rng } from './random'

export const SECRET: ReadonlySet<Command['type']> = new Set<Command['type']>(['shoot', 'clearShot', 'chooseTarget', 'investigate', 'heal'])

export function permutationOn(rng: Rng, n: number, movable: number[][]): number[] {
  const pi = Array.from({ length: n }, (_, i) => i)
  for (const group of movable) {
    const shuffled = rng.shuffle(group)
    group.forEach((p, k) => (pi[p] = shuffled[k] as number))
  }
  return pi
}

export function mapCommand(c: Command, pi: readonly number[]): Command {
  const m = (p: number) => pi[p] ?? p
  switch (c.type) {
    case 'shoot':
      return { ...c, shooter: m(c.shooter), target: c.target === null ? null : m(c.target) }
    case 'clearShot':
      return { ...c, shooter: m(c.shooter) }
    case 'investigate':
      return { ...c, target: c.target === null ? null : m(c.target) }
    case 'chooseTarget':
    case 'heal':
      return { ...c, target: m(c.target) }
    case 'identifyRole':
      return { ...c, players: c.players.map(m) }
    default:
      return c
  }
}

/** The kill the mafia's call leads to before any heal. */
function preHealVictim(s: GameState, n: NightState): number | null {
  if (s.setup.ruleset.options.killResolution === 'groupTarget') return n.target
  const mafia = livingWithRole(s, 'mafia')
  const tally = new Map<number, number>()
  for (const m of mafia) if (n.shots[m] !== undefined && n.shots[m] !== null) tally.set(n.shots[m] as number, (tally.get(n.shots[m] as number) ?? 0) + 1)
  for (const [t, k] of tally) if (k >= strictMajority(mafia.length)) return t
  return null
}

/** B's own choices for one night call, with the same public outcome as A's. */
export function variedChoices(rng: Rng, a: GameState, b: GameState, pi: readonly number[]): Command[] | null {
  const na = a.night as NightState
  const step = na.steps[na.stepIndex]
  const o = a.setup.ruleset.options
  const alive = b.alive.flatMap((x, i) => (x ? [i] : []))
  const legal = (cs: Command[]) => cs.filter((c) => decide(b, c).ok)
  const mafiaCalledBefore = na.steps.indexOf('mafia') < na.stepIndex
  if (step === 'mafia' && o.killResolution === 'individualShots') {
    const va = preHealVictim(a, na)
    const vb = va === null ? null : (pi[va] as number)
    const mafia = livingWithRole(b, 'mafia')
    const need = strictMajority(mafia.length)
    for (let attempt = 0; attempt < 20; attempt++) {
      const shots = new Map<number, number>()
      if (vb !== null) {
        const able = rng.shuffle(mafia.filter((m) => m !== vb))
        for (const m of able.slice(0, rng.range(need, able.length))) shots.set(m, vb)
      }
      let ok = true
      for (const m of mafia) {
        if (shots.has(m)) continue
        const options = legal(alive.map((t): Command => ({ type: 'shoot', shooter: m, target: t })))
        if (!options.length) ok = false
        else shots.set(m, (rng.pick(options) as { target: number }).target)
      }
      const tally = new Map<number, number>()
      for (const t of shots.values()) tally.set(t, (tally.get(t) ?? 0) + 1)
      const victim = [...tally].find(([, k]) => k >= need)?.[0] ?? null
      if (ok && victim === vb) return [...shots].map(([shooter, target]): Command => ({ type: 'shoot', shooter, target }))
    }
    return null
  }
  if (step === 'investigator' && o.investigatorMayRepeat && na.investigation) {
    const options = legal(alive.map((t): Command => ({ type: 'investigate', target: t })))
    return options.length ? [rng.pick(options)] : null
  }
  if (step === 'doctor' && na.heal !== null && mafiaCalledBefore) {
    const va = preHealVictim(a, na)
    const vb = va === null ? null : (pi[va] as number)
    if (vb !== null && na.heal === va) return [{ type: 'heal', target: vb }]
    const options = legal(alive.filter((t) => t !== vb).map((t): Command => ({ type: 'heal', target: t })))
    return options.length ? [rng.pick(options)] : null
  }
  return null
}

export function permutedSetup(setup: GameSetup, pi: readonly number[]): GameSetup {
  const roles = setup.deal.roles.slice()
  setup.deal.roles.forEach((r, p) => (roles[pi[p] as number] = r))
  return { ...setup, deal: { ...setup.deal, roles } }
}

/**
 * Play B beside A's log up to `horizon`: `onStep(i, command, stateOfA, stateOfB)` before the first
 * step (i = -1, no command) and after each of A's steps. Returns how many night calls B played with choices of its own.
 */
export function playTwin(
  A: { setup: GameSetup; game: Game; states: GameState[] },
  horizon: number,
  pi: readonly number[],
  rng: Rng,
  onStep: (i: number, c: Command | null, a: GameState, b: GameState) => void,
  label = '',
): { varied: number; B: Game } {
  const created = createGame(permutedSetup(A.setup, pi))
  if (!created.ok) throw new Error(`${label}: ${created.error.message}`)
  let B: Game = created.value
  let varied = 0
  const put = (c: Command, i: number) => {
    const r = dispatch(B, c)
    if (!r.ok) throw new Error(`${label}: B refused ${JSON.stringify(c)} at A's step ${i}: ${r.error.message}`)
    B = r.value
  }
  onStep(-1, null, A.states[0] as GameState, B.state)
  const mode = new Map<string, boolean>()
  A.game.log.slice(0, horizon).forEach(({ command: c }, i) => {
    const sa = A.states[i] as GameState
    const na = sa.night
    if (sa.phase === 'night' && na) {
      const key = `${na.number}:${na.stepIndex}`
      if (!mode.has(key)) mode.set(key, rng.chance(0.4))
      const vary = mode.get(key) === true
      if (SECRET.has(c.type)) {
        if (!vary) put(mapCommand(c, pi), i)
      } else if (c.type === 'endNightStep' && vary) {
        const mine = variedChoices(rng, sa, B.state, pi)
        if (mine) varied++
        // No variation possible here: do what A did, mapped.
        const fallback = A.game.log
          .slice(0, i)
          .filter((e, k) => {
            const sk = A.states[k] as GameState
            return sk.phase === 'night' && sk.night?.number === na.number && sk.night.stepIndex === na.stepIndex && SECRET.has(e.command.type)
          })
          .map((e) => mapCommand(e.command, pi))
        for (const m of mine ?? fallback) put(m, i)
        put(c, i)
      } else put(mapCommand(c, pi), i)
    } else put(c, i)
    onStep(i, c, A.states[i + 1] as GameState, B.state)
  })
  return { varied, B }
}

/** At the end every card is shown: B's seats show A's roles moved by π. */
export function expectedAtEnd(pa: ProjectorView, pi: readonly number[]): ProjectorView {
  const seats = pa.seats.map((s) => ({ ...s }))
  pa.seats.forEach((s, p) => ((seats[pi[p] as number] as { role: RoleId | null }).role = s.role))
  return { ...pa, seats }
}
