import type { RoleId, Winner } from '../shared/roles'
import { winnerForCounts } from '../shared/win'
import type { GameState, VoteState } from './state'

/** Read-only questions about a state, shared by decide, apply and the views. */

export const isPlayer = (s: GameState, p: number): boolean => Number.isInteger(p) && p >= 0 && p < s.alive.length

// Plain loops: these run several times per command, and Array#flatMap is far slower in V8.
export function living(s: GameState): number[] {
  const out: number[] = []
  for (let i = 0; i < s.alive.length; i++) if (s.alive[i]) out.push(i)
  return out
}

export function livingWithRole(s: GameState, role: RoleId): number[] {
  const out: number[] = []
  for (let i = 0; i < s.alive.length; i++) if (s.alive[i] && s.roles[i] === role) out.push(i)
  return out
}

/** Is a player with this role alive? (livingWithRole(s, role).length > 0, without the list.) */
export function anyLivingWithRole(s: GameState, role: RoleId): boolean {
  for (let i = 0; i < s.alive.length; i++) if (s.alive[i] && s.roles[i] === role) return true
  return false
}

/** How many players of a role the deal has that the referee has not recorded yet (physical deals). */
export function unidentified(s: GameState, role: RoleId): number {
  // A digital deal gives every role it counts (setupProblems checks that), and none is recorded later.
  if (s.setup.deal.mode === 'digital') return 0
  let recorded = 0
  for (let i = 0; i < s.roles.length; i++) if (s.roles[i] === role) recorded++
  return s.setup.deal.counts[role] - recorded
}

/** Does this role take part in the game at all? */
export const roleInGame = (s: GameState, role: RoleId): boolean => s.setup.deal.counts[role] > 0

/** The winner given who is alive, or null while the game goes on. */
export function winnerOf(s: GameState): Winner | null {
  // Without the mafia recorded (physical deal before their first call) nobody can win yet.
  if (unidentified(s, 'mafia') > 0) return null
  const o = s.setup.ruleset.options
  let mafia = 0
  let town = 0
  let doctors = 0
  for (let i = 0; i < s.alive.length; i++) {
    if (!s.alive[i]) continue
    const r = s.roles[i]
    if (r === 'mafia') mafia++
    else {
      town++
      if (r === 'doctor') doctors++
    }
  }
  return winnerForCounts(o, mafia, town, doctors)
}

export { winnerForCounts }

/** More than half: the smallest count that is a strict majority of n. */
export const strictMajority = (n: number): number => Math.floor(n / 2) + 1

/** Maps a uniform 32-bit draw onto [0, n). */
export const pick = (draw: number, n: number): number => Math.min(n - 1, Math.floor((draw / 0x100000000) * n))

/** The key under which a yes/no vote's count is kept. */
export const YES = -1

/*
 * VoteState.counts keeps the yes count under the property "-1". Written as the number -1, which is
 * not an array index, V8 turns the key into its string on every access (about ten times the cost of
 * the string itself), and a yes/no vote's count is written and read on every vote: these two go
 * through the string. Same object, same properties, as `counts[key]`.
 */
const YES_PROPERTY = '-1'

/** The count entered directly for `key` (a candidate, or YES), if any. */
export function enteredCount(v: VoteState, key: number): number | undefined {
  return key === YES ? (v.counts as Record<string, number | undefined>)[YES_PROPERTY] : v.counts[key]
}

/** A copy of `counts` with `key`'s count set to `n`. */
export function withEnteredCount(counts: VoteState['counts'], key: number, n: number): VoteState['counts'] {
  const next: Record<string, number> = { ...counts }
  next[key === YES ? YES_PROPERTY : key] = n
  return next
}

/** The count for one option: entered directly, or from the ballots. */
export function countFor(v: VoteState, key: number): number {
  const direct = enteredCount(v, key)
  if (direct !== undefined) return direct
  let n = 0
  for (const b of Object.values(v.ballots)) if (key === YES ? b === true : b === key) n++
  return n
}
