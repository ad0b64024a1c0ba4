import { commandSchema, type Command, type CommandOf, type CommandType, type SeatCommandType } from '../shared/commands'
import { seatNumber } from '../shared/seat-name'
import type { Line } from '../shared/views'
import { DAY_COMMANDS, DAY_SEAT_RULES, decideDay } from './day'
import { ok, refuse, refuseWithDetail, type Result } from './errors'
import { isPlayer } from './queries'
import type { GameEvent } from './events'
import { decideFoul, FOUL_COMMANDS, FOUL_DEATH_FACTS, FOUL_RULE_NUMBERS, FOUL_SEAT_FACTS, FOUL_SEAT_RULES, FOUL_STORY_ITEMS, foulStepLine } from './fouls'
import { decideNight, NIGHT_COMMANDS, NIGHT_SEAT_RULES } from './night'
import type { SeatRule } from './seat-rule'
import type { GameState } from './state'
import { decideTimer, TIMER_COMMANDS } from './timers'

type Decider<T extends CommandType> = (s: GameState, c: CommandOf<T>) => Result<GameEvent[]>

/** The referee's memo; its own procedure (below). */
export const NOTE_COMMANDS = ['note'] as const satisfies readonly CommandType[]

/** A procedure's own log line for its commands (describeCommand asks each procedure before its generic line); undefined: not its command. */
export type StepLine = (players: readonly string[], c: Command, events: readonly GameEvent[]) => Line | undefined

/**
 * The procedures: each with its command list, its decider, its one-seat rules (`*_SEAT_RULES`,
 * whose commands join its list) and, where its commands need one, its own log line (`step`).
 * Every command type is in exactly one list: the compiler refuses DECIDERS below when one is
 * missing (and decide.test.ts that none is listed twice), and SEAT_RULES a one-seat command
 * without a rule. A game action of its own (fouls.ts) is one more procedure.
 */
export const PROCEDURES = [
  { commands: NIGHT_COMMANDS, decide: decideNight, seatRules: NIGHT_SEAT_RULES },
  { commands: DAY_COMMANDS, decide: decideDay, seatRules: DAY_SEAT_RULES },
  { commands: TIMER_COMMANDS, decide: decideTimer },
  { commands: NOTE_COMMANDS, decide: decideNote },
  {
    commands: FOUL_COMMANDS,
    decide: decideFoul,
    seatRules: FOUL_SEAT_RULES,
    step: foulStepLine,
    seatFacts: FOUL_SEAT_FACTS,
    ruleNumbers: FOUL_RULE_NUMBERS,
    storyItems: FOUL_STORY_ITEMS,
    deathFacts: FOUL_DEATH_FACTS,
  },
] as const

type Procedure = (typeof PROCEDURES)[number]
/**
 * A procedure's own parts of the views, each a table, where it has them (a game action of its own):
 * `seatFacts`, its facts on a projector seat, and `ruleNumbers`, its numbers a window shows
 * (views/projector.ts); `storyItems`, what the story tells of its events, and `deathFacts`, what a
 * death by its cause adds to the story's death (views/story.ts).
 */
type PartName = 'seatFacts' | 'ruleNumbers' | 'storyItems' | 'deathFacts'
type WithPart<K extends PartName> = Extract<Procedure, Record<K, unknown>>
/** One part of every procedure that has it, merged (no procedure has it: empty). */
export type ProcedurePart<K extends PartName> = [WithPart<K>] extends [never] ? Record<never, never> : UnionToIntersection<WithPart<K>[K]>
export const procedurePart = <K extends PartName>(k: K): ProcedurePart<K> =>
  Object.assign({}, ...PROCEDURES.map((p: object) => (p as Partial<Record<PartName, object>>)[k] ?? {})) as ProcedurePart<K>

type SeatRulesOf<P> = P extends { seatRules: infer R } ? R : never
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never
/** Every one-seat command's rule, from the procedures' tables (the compiler refuses a SEAT_COMMANDS entry without one). */
export const SEAT_RULES = Object.assign({}, ...PROCEDURES.map((p) => ('seatRules' in p ? p.seatRules : {}))) as UnionToIntersection<
  SeatRulesOf<(typeof PROCEDURES)[number]>
> satisfies Record<SeatCommandType, SeatRule>

/** The procedures' own log lines, in their order. */
export const STEP_LINES: readonly StepLine[] = PROCEDURES.flatMap((p) => ('step' in p ? [p.step as StepLine] : []))

type Listed = (typeof PROCEDURES)[number]['commands'][number]
/** Which procedure decides each command, built from the lists (a command type in no list fails here). */
const DECIDERS = Object.fromEntries(PROCEDURES.flatMap((p) => p.commands.map((t) => [t, p.decide]))) as { [T in Listed]: Decider<T> } satisfies {
  [T in CommandType]: Decider<T>
}

/** The referee's own memo: any seat, any time before the game is over; it changes nothing in the rules. */
function decideNote(s: GameState, c: CommandOf<'note'>): Result<GameEvent[]> {
  if (!isPlayer(s, c.player)) return refuse('no-seat', { seat: seatNumber(c.player) })
  const text = c.text.trim()
  if ((s.notes[c.player] ?? '') === text) return refuse('note-unchanged')
  return ok([{ type: 'noteSet', player: c.player, text }])
}

/**
 * decide(state, command) → the events it causes, or a typed error. Never throws; a refused
 * command changes nothing because nothing is applied until the events are returned.
 */
export function decide(s: GameState, c: Command): Result<GameEvent[]> {
  if (s.phase === 'over') return refuse('game-over')
  return (DECIDERS[c.type] as Decider<CommandType>)(s, c)
}

export function parseCommand(input: unknown): Result<Command> {
  const parsed = commandSchema.safeParse(input)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : refuseWithDetail('bad-command', parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '))
}
