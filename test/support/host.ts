import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiResult, RefereeApi, RefereeAppView, RefereeMethod } from '../../src/shared/api'
import type { GameRecord } from '../../src/shared/club'
import type { RefereeCommand } from '../../src/shared/commands'
import type { GameHost } from '../../src/host/game-host'
import { createRng } from '../../src/sim/prng'
import type { HostRandom } from '../../src/host/random'

/** Helpers for the host's tests and the crash child: seeded randomness, temp folders. */

/** A seeded uniform number in [0, 1), for tests only (the host uses crypto): the simulator's generator. */
export function seeded(seed: number): () => number {
  const rng = createRng(seed)
  return () => rng.next() / 0x100000000
}

/** Deterministic host randomness from the simulator's generator: `identity` deals seat order (seats 0.. get mafia first). */
export function seededRandom(seed: number, opts: { identity?: boolean } = {}): HostRandom {
  const rng = createRng(seed)
  return {
    permutation: (n) => (opts.identity ? Array.from({ length: n }, (_, i) => i) : rng.permutation(n)),
    draw: () => rng.next(),
  }
}

export const tempDir = (prefix = 'nightfall-host-'): string => mkdtempSync(join(tmpdir(), prefix))

/** A view without its send time, for comparing states. */
export const stable = (v: RefereeAppView): Omit<RefereeAppView, 'sentAt'> => {
  const { sentAt: _s, ...rest } = v
  return rest
}

/** The saved games, newest first (the one store, through the club's view). */
export const savedGames = (host: GameHost): GameRecord[] => {
  const r = host.invoke('clubView')
  if (!r.ok) throw new Error(r.error.message)
  return r.value.games
}

export const PLAYERS9 = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre']

/** One referee call: a method and its arguments. */
export type Call = { [K in RefereeMethod]: [method: K, args: Parameters<RefereeApi[K]>] }[RefereeMethod]

const play = (command: RefereeCommand): Call => ['play', [command]]

/** Make one Call on a host (synchronously: a Call is never an estimate). */
export const perform = (host: GameHost, [method, args]: Call): ApiResult<unknown> =>
  (host.invoke as (m: RefereeMethod, ...a: unknown[]) => ApiResult<unknown>)(method, ...args)

/**
 * A simple referee for tests: the next legal call for the game in the view, or null when the game
 * is over. Mafia all shoot the first living town seat; accused players are voted out; with `rnd`
 * it sometimes takes a step back (undo) or runs the day clock.
 */
export function nextCall(v: RefereeAppView, rnd?: () => number): Call | null {
  const g = v.game
  if (!g || g.winner) return null
  const L = g.legal
  if (rnd && g.undoable > 0 && rnd() < 0.06) return ['undo', [1 + Math.floor(rnd() * Math.min(2, g.undoable))]]
  if (rnd && L.startTimer && rnd() < 0.2) return play({ type: 'startTimer' })
  if (rnd && L.pauseTimer && rnd() < 0.3) return play({ type: 'pauseTimer' })
  if (L.identify) return play({ type: 'identifyRole', role: L.identify.role, players: L.identify.candidates.slice(0, L.identify.count) })
  const firstTown = g.seats.find((s) => s.alive && s.role !== 'mafia')?.seat
  const shooters = Object.keys(L.shoot).map(Number)
  const recorded = new Set(g.night?.shots.map((s) => s.shooter) ?? [])
  for (const m of shooters)
    if (!recorded.has(m)) {
      const targets = L.shoot[m] ?? []
      return play({ type: 'shoot', shooter: m, target: firstTown !== undefined && targets.includes(firstTown) ? firstTown : targets[0]! })
    }
  if (L.chooseTarget.length && g.night?.target === null)
    return play({ type: 'chooseTarget', target: firstTown !== undefined && L.chooseTarget.includes(firstTown) ? firstTown : L.chooseTarget[0]! })
  if (L.investigate.length && !g.night?.investigation) return play({ type: 'investigate', target: L.investigate[0]! })
  if (L.heal.length && g.night?.heal === null) return play({ type: 'heal', target: L.heal[L.heal.length - 1]! })
  if (L.endNightStep) return play({ type: 'endNightStep' })
  if (L.endLastWords) return play({ type: 'endLastWords' })
  if (L.endDefence) return play({ type: 'endDefence' })
  const vote = g.vote
  if (vote) {
    const voted = new Set(vote.ballots.map((b) => b.voter))
    if (vote.kind === 'plurality') {
      const voter = vote.eligibleSeats.find((s) => !voted.has(s))
      if (voter !== undefined) return play({ type: 'castVote', voter, choice: vote.candidates[0]!.seat })
    } else if (vote.yes < vote.needed) {
      const voter = vote.eligibleSeats.find((s) => !voted.has(s))
      if (voter !== undefined) return play({ type: 'castVote', voter, choice: true })
    }
    if (L.closeVote) return play({ type: 'closeVote' })
  }
  if (L.accuse.length) return play({ type: 'accuse', accused: L.accuse[0]! })
  if (L.nominate.length && g.projector.nominees.length === 0) return play({ type: 'nominate', player: L.nominate[0]! })
  if (L.closeNominations) return play({ type: 'closeNominations' })
  if (L.drawRandomDeath) return play({ type: 'drawRandomDeath' })
  return null
}
