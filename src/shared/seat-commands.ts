import { FEATURE_SEAT_COMMANDS } from './features'

/**
 * Commands that name one seat and nothing else the referee chooses, with that seat's field: each is
 * a list of the seats it may name now in `LegalActions`. No zod here, so a window may import it
 * (the day's plain seat actions, referee/seat-actions.ts); commands.ts holds each entry to its
 * command's schema (`SeatCommandFields`: the compiler refuses a field the command lacks).
 */
export const SEAT_COMMANDS = {
  setReadingStart: 'player',
  chooseTarget: 'target',
  investigate: 'target',
  heal: 'target',
  accuse: 'accused',
  nominate: 'player',
  withdrawNomination: 'player',
  /** The features' own (src/shared/features); commands.ts builds each one's schema from its field. */
  ...FEATURE_SEAT_COMMANDS,
} as const
export type SeatCommandType = keyof typeof SEAT_COMMANDS
