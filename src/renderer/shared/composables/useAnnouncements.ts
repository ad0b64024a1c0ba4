import { announcementText } from '../../../shared/text/room'
import { useRoomI18n } from './useRoomI18n'

/** Words for the public announcements (src/shared/text/room.ts's announcementText, on the injected words). */
export const useAnnouncements = () => ({ text: announcementText(useRoomI18n()) })
