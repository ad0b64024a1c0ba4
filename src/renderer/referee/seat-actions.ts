import type { RefereeCommand } from '../../shared/commands'
import { SEAT_COMMANDS, type SeatCommandType } from '../../shared/seat-commands'
import type { LegalActions } from '../../shared/views'

/**
 * One-seat commands (SEAT_COMMANDS) with a panel of their own: the night's calls (NightPanel,
 * ShotsPanel), the accusation (its accuser) and the nominations (their list) in DayPanel. Every
 * other one is a plain seat action: DayPanel offers it as a seat picker whenever the legal actions
 * offer it seats (by day: a night command's list is empty then), in the words `day.<command>`
 * (game.json). So a new day command naming one seat shows up with no change to DayPanel.
 */
const OWN_PANEL = [
  'setReadingStart',
  'chooseTarget',
  'investigate',
  'heal',
  'accuse',
  'nominate',
  'withdrawNomination',
] as const satisfies readonly SeatCommandType[]

/** The one-seat commands DayPanel offers as plain seat pickers. */
export const PLAIN_SEAT_COMMANDS = (Object.keys(SEAT_COMMANDS) as SeatCommandType[]).filter((t) => !(OWN_PANEL as readonly string[]).includes(t))

/** The plain seat actions offered now, each with the seats it may name. */
export const seatActions = (legal: LegalActions): { type: SeatCommandType; seats: number[] }[] =>
  PLAIN_SEAT_COMMANDS.map((type) => ({ type, seats: legal[type] })).filter((a) => a.seats.length > 0)

/** The command naming `seat` in the command's own field. */
export const seatCommand = (type: SeatCommandType, seat: number): RefereeCommand => ({ type, [SEAT_COMMANDS[type]]: seat }) as RefereeCommand
