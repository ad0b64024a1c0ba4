import type { Refused } from './errors'
import type { GameState } from './state'

type Refusal = Refused | null

/**
 * The rule of a command that names one seat (SEAT_COMMANDS in src/shared/commands.ts), checked the
 * way decide checks it: first what does not depend on the seat (`now`), then the seat (`seat`).
 * The procedure's decider runs both; the referee's legal actions run `now` once and `seat` for
 * every seat, so they never offer a seat decide would refuse. `blind`: the seats offered while the
 * operator is a blind player, from public facts alone (no role, no shot, no call).
 */
export interface SeatRule {
  now(s: GameState): Refusal
  seat(s: GameState, p: number): Refusal
  blind(s: GameState): number[]
}

/** The seats the rule accepts now. */
export function offered(rule: Pick<SeatRule, 'now' | 'seat'>, s: GameState): number[] {
  if (rule.now(s)) return []
  const seats: number[] = []
  for (let p = 0; p < s.setup.players.length; p++) if (!rule.seat(s, p)) seats.push(p)
  return seats
}

/** A rule that reads no role, no shot and no call: the blind operator is offered what the rules accept. */
export const publicRule = (rule: Pick<SeatRule, 'now' | 'seat'>): SeatRule => ({ ...rule, blind: (s) => offered(rule, s) })

/** The one-seat commands of a procedure's rule table, in its order: part of the procedure's command list. */
export const seatCommandsOf = <R extends object>(rules: R): (keyof R & string)[] => Object.keys(rules) as (keyof R & string)[]
