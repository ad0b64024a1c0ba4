import { commandSchema, type Command, type CommandOf, type CommandType } from '../shared/commands'
import { seatNumber } from '../shared/seat-name'
import { DAY_COMMANDS, decideDay } from './day'
import { ok, refuse, refuseWithDetail, type Result } from './errors'
import { isPlayer } from './queries'
import type { GameEvent } from './events'
import { decideNight, NIGHT_COMMANDS } from './night'
import type { GameState } from './state'
import { decideTimer, TIMER_COMMANDS } from './timers'

type Decider<T extends CommandType> = (s: GameState, c: CommandOf<T>) => Result<GameEvent[]>

/** The referee's memo; its own procedure (below). */
export const NOTE_COMMANDS = ['note'] as const satisfies readonly CommandType[]

/**
 * The procedures and their command lists. Every command type is in exactly one list: the compiler
 * refuses DECIDERS below when one is missing (and decide.test.ts that none is listed twice). A
 * procedure's one-seat commands join its list from its `*_SEAT_RULES` table.
 */
export const PROCEDURES = [
  { commands: NIGHT_COMMANDS, decide: decideNight },
  { commands: DAY_COMMANDS, decide: decideDay },
  { commands: TIMER_COMMANDS, decide: decideTimer },
  { commands: NOTE_COMMANDS, decide: decideNote },
] as const

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
