import { roomNames } from '../../../shared/text/room'
import { useRoomI18n } from './useRoomI18n'

/** Role, team and ruleset names in the window's language (src/shared/text/room.ts's roomNames, on the injected words). */
export const useRoleNames = () => roomNames(useRoomI18n())
