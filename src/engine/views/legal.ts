import {
  HOST_FIELDS_OF,
  SEAT_COMMANDS,
  SIMPLE_COMMANDS,
  type Command,
  type CommandType,
  type SeatCommandType,
  type SimpleCommandType,
} from '../../shared/commands'
import type { RoleId } from '../../shared/roles'
import type { Reason } from '../../shared/refusals'
import type { LegalActions } from '../../shared/views'
import { DAY_COMMANDS } from '../day'
import { offered, type SeatRule } from '../seat-rule'
import { decide, SEAT_RULES } from '../decide'
import type { Refused, Result } from '../errors'
import type { GameEvent } from '../events'
import { endStepBlocker, NIGHT_COMMANDS, NIGHT_SEAT_RULES, shootNow, shootRefusal, stepRole } from '../night'
import { living, livingWithRole, unidentified } from '../queries'
import type { GameState } from '../state'

/**
 * What the referee may do now, asked of the rules themselves so the window can never offer a move
 * the engine would refuse (properties.test.ts checks both ways on random games):
 * - an argument-less command (SIMPLE_COMMANDS) is one `decide` call, made only in the phase whose
 *   procedure takes it (decideNight refuses everything by day, decideDay everything by night);
 * - a one-seat command (SEAT_COMMANDS) runs its rule's `now` check once and its `seat` check per
 *   seat — the very checks decide runs, without building events for every seat.
 */

const SEAT_TYPES = Object.keys(SEAT_COMMANDS) as SeatCommandType[]

/** For each one-seat command, the seats a rule's `pick` offers. */
const seatLists = (pick: (rule: SeatRule) => number[]): Record<SeatCommandType, number[]> =>
  Object.fromEntries(SEAT_TYPES.map((t) => [t, pick(SEAT_RULES[t])])) as Record<SeatCommandType, number[]>

const NIGHT: ReadonlySet<CommandType> = new Set(NIGHT_COMMANDS)
const DAY: ReadonlySet<CommandType> = new Set(DAY_COMMANDS)
const inPhase = (s: GameState, t: CommandType): boolean => (s.phase === 'night' ? NIGHT.has(t) : s.phase === 'day' ? DAY.has(t) : false)

/** A refusal as the line under a disabled button: its reason and parameters. */
const whyNot = (r: Refused | null): Reason | null => (r ? { reason: r.error.reason, params: r.error.params } : null)

/** The command a flag stands for, with a draw where the host would add one (any draw decides legality alike). */
const probe = (t: SimpleCommandType): Command => ({ type: t, ...(HOST_FIELDS_OF[t].includes('draw') ? { draw: 0 } : {}) }) as Command

/** How the legal actions ask the rules: `decide` (`npm run bench -- push` passes one that counts the calls). */
export type Ask = (s: GameState, c: Command) => Result<GameEvent[]>

export function legalActions(s: GameState, ask: Ask = decide): LegalActions {
  const decided = new Map<SimpleCommandType, Result<GameEvent[]>>()
  for (const t of SIMPLE_COMMANDS) if (inPhase(s, t)) decided.set(t, ask(s, probe(t)))
  const seats = s.setup.players.map((_, i) => i)
  const n = s.night
  const shoot: Record<number, number[]> = {}
  const noShot: number[] = []
  if (n && !shootNow(s)) {
    for (const m of livingWithRole(s, 'mafia')) {
      const targets = seats.filter((t) => !shootRefusal(s, n, m, t))
      if (targets.length) shoot[m] = targets
      if (!shootRefusal(s, n, m, null)) noShot.push(m)
    }
  }
  const closing = decided.get('closeNominations')
  const executed = closing?.ok ? closing.value.find((e) => e.type === 'playerDied' && e.cause === 'execution') : undefined
  return {
    ...(Object.fromEntries(SIMPLE_COMMANDS.map((t) => [t, decided.get(t)?.ok === true])) as Record<SimpleCommandType, boolean>),
    ...seatLists((rule) => offered(rule, s)),
    identify: identifyOffer(s, seats, ask),
    shoot,
    noShot,
    skipInvestigation: !NIGHT_SEAT_RULES.investigate.now(s),
    endNightStepWhy: s.phase === 'night' && !s.operatorBlind ? whyNot(endStepBlocker(s)) : null,
    closeNominationsExecutes: executed?.type === 'playerDied' ? executed.player : null,
    ...publicActions(s),
  }
}

/** Physical deals: who may be recorded at this call, when the call records anyone. */
function identifyOffer(s: GameState, seats: number[], ask: Ask): LegalActions['identify'] {
  const n = s.night
  const step = n ? n.steps[n.stepIndex] : undefined
  if (!step || s.setup.deal.mode !== 'physical') return null
  const role: RoleId = stepRole(step)
  const missing = unidentified(s, role)
  // Living players first (they are the ones awake); dead unrecorded players may be recorded too.
  const candidates = [...seats.filter((p) => s.alive[p] && s.roles[p] === null), ...seats.filter((p) => !s.alive[p] && s.roles[p] === null)]
  const probe = role === 'mafia' ? candidates.slice(0, missing) : []
  return missing > 0 && ask(s, { type: 'identifyRole', role, players: probe }).ok ? { role, count: missing, exact: role === 'mafia', candidates } : null
}

/** Actions that depend on public facts only: who may accuse or vote, the clocks, notes. */
function publicActions(s: GameState): Pick<LegalActions, 'accusers' | 'castVote' | 'setVoteCount' | 'startTimer' | 'pauseTimer' | 'addTime' | 'note'> {
  const clock = s.day?.stage === 'defence' && s.defenceTimer ? s.defenceTimer : s.dayTimer
  return {
    accusers: living(s),
    castVote: s.day?.vote ? [...s.day.vote.eligible] : [],
    setVoteCount: !!s.day?.vote,
    startTimer: !!clock && clock.deadline === null && !clock.expired && s.phase === 'day',
    pauseTimer: !!clock && clock.deadline !== null && s.phase === 'day',
    addTime: !!clock && !clock.expired && s.phase === 'day',
    note: s.phase !== 'over',
  }
}

/**
 * What the operator may do while a blind player (variant), built from public facts alone: the day's
 * actions (which depend on no role: who may be accused, nominated or vote is public), and by night
 * every living seat for every night action the ruleset has — the engine refuses, with a typed
 * error, what the rules do not allow. Nothing here reads a role, a shot, a target or the call; a
 * one-seat command's offer is its rule's `blind` (seat-rule.ts).
 */
export function blindLegalActions(s: GameState, ask: Ask = decide): LegalActions {
  const day = s.phase === 'day'
  const night = s.phase === 'night'
  const o = s.setup.ruleset.options
  const c = s.setup.deal.counts
  const alive = living(s)
  const flag = (t: SimpleCommandType): boolean => (DAY.has(t) ? day && ask(s, probe(t)).ok : night)
  const closing = day ? ask(s, probe('closeNominations')) : null
  const executed = closing?.ok ? closing.value.find((e) => e.type === 'playerDied' && e.cause === 'execution') : undefined
  const shots = night && o.killResolution === 'individualShots'
  return {
    ...(Object.fromEntries(SIMPLE_COMMANDS.map((t) => [t, flag(t)])) as Record<SimpleCommandType, boolean>),
    ...seatLists((rule) => rule.blind(s)),
    identify: null,
    shoot: shots ? Object.fromEntries(alive.map((m) => [m, alive.filter((t) => t !== m)])) : {},
    noShot: shots ? alive : [],
    skipInvestigation: night && c.investigator > 0,
    endNightStepWhy: null,
    closeNominationsExecutes: executed?.type === 'playerDied' ? executed.player : null,
    ...publicActions(s),
  }
}
