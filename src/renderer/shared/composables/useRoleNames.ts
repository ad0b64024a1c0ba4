import { roomNames } from '../room-text'
import { useRoomI18n } from './useRoomI18n'

/** Role, team and ruleset names in the window's language (room-text.ts's roomNames, on the injected words). */
export const useRoleNames = () => roomNames(useRoomI18n())
