import { commandSchema, type Command, type CommandOf, type CommandType } from '../../shared/commands'
import { decideDay } from './day'
import { fail, ok, type Result } from './errors'
import { isPlayer } from './queries'
import type { GameEvent } from './events'
import { decideNight } from './night'
import type { GameState } from './state'
import { decideTimer } from './timers'

type Decider<T extends CommandType> = (s: GameState, c: CommandOf<T>) => Result<GameEvent[]>

/**
 * Which procedure decides each command. The compiler refuses this table when a command type has
 * no entry (or one whose decider does not take that command), so nothing falls through.
 */
const DECIDERS: { [T in CommandType]: Decider<T> } = {
  identifyRole: decideNight,
  setReadingStart: decideNight,
  shoot: decideNight,
  clearShot: decideNight,
  chooseTarget: decideNight,
  investigate: decideNight,
  heal: decideNight,
  endNightStep: decideNight,
  accuse: decideDay,
  withdrawAccusation: decideDay,
  endDefence: decideDay,
  nominate: decideDay,
  withdrawNomination: decideDay,
  closeNominations: decideDay,
  castVote: decideDay,
  setVoteCount: decideDay,
  closeVote: decideDay,
  endLastWords: decideDay,
  drawRandomDeath: decideDay,
  endDay: decideDay,
  startTimer: decideTimer,
  resumeTimer: decideTimer,
  pauseTimer: decideTimer,
  addTime: decideTimer,
  timerExpired: decideTimer,
  note: decideNote,
}

/** The referee's own memo: any seat, any time before the game is over; it changes nothing in the rules. */
function decideNote(s: GameState, c: CommandOf<'note'>): Result<GameEvent[]> {
  if (!isPlayer(s, c.player)) return fail('unknown-player', `Note: there is no seat ${c.player}.`)
  const text = c.text.trim()
  if ((s.notes[c.player] ?? '') === text) return fail('not-allowed', 'The note is unchanged.')
  return ok([{ type: 'noteSet', player: c.player, text }])
}

/**
 * decide(state, command) → the events it causes, or a typed error. Never throws; a refused
 * command changes nothing because nothing is applied until the events are returned.
 */
export function decide(s: GameState, c: Command): Result<GameEvent[]> {
  if (s.phase === 'over') return fail('game-over', 'The game is over.')
  return (DECIDERS[c.type] as Decider<CommandType>)(s, c)
}

export function parseCommand(input: unknown): Result<Command> {
  const parsed = commandSchema.safeParse(input)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : fail('invalid-command', `Not a valid command: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`)
}
