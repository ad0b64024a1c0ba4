import { announcementText } from '../room-text'
import { useRoomI18n } from './useRoomI18n'

/** Words for the public announcements (room-text.ts's announcementText, on the injected words). */
export const useAnnouncements = () => ({ text: announcementText(useRoomI18n()) })
