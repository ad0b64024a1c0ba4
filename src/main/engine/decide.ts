import { commandSchema, type Command, type CommandOf } from '../../shared/commands'
import { decideDay, type DayCommandType } from './day'
import { fail, type Result } from './errors'
import type { GameEvent } from './events'
import { decideNight, type NightCommandType } from './night'
import type { GameState } from './state'
import { decideTimer, type TimerCommandType } from './timers'

/**
 * decide(state, command) → the events it causes, or a typed error. Never throws; a refused
 * command changes nothing because nothing is applied until the events are returned.
 */
export function decide(s: GameState, c: Command): Result<GameEvent[]> {
  if (s.phase === 'over') return fail('game-over', 'The game is over.')
  switch (c.type) {
    case 'identifyRole':
    case 'setReadingStart':
    case 'shoot':
    case 'clearShot':
    case 'chooseTarget':
    case 'investigate':
    case 'heal':
    case 'endNightStep':
      return decideNight(s, c as CommandOf<NightCommandType>)
    case 'startTimer':
    case 'resumeTimer':
    case 'pauseTimer':
    case 'addTime':
    case 'timerExpired':
      return decideTimer(s, c as CommandOf<TimerCommandType>)
    default:
      return decideDay(s, c as CommandOf<DayCommandType>)
  }
}

/** The same for input nobody has checked yet (IPC payloads, game files): schema first. */
export function decideUnknown(s: GameState, input: unknown): Result<GameEvent[]> {
  const parsed = commandSchema.safeParse(input)
  if (!parsed.success) return fail('invalid-command', `Not a valid command: ${parsed.error.issues[0]?.message ?? 'bad shape'}`)
  return decide(s, parsed.data)
}

export function parseCommand(input: unknown): Result<Command> {
  const parsed = commandSchema.safeParse(input)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : fail('invalid-command', `Not a valid command: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`)
}
