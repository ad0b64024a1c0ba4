import { inject, type InjectionKey } from 'vue'
import type { RoomWords } from '../room-text'

export type { RoomWords }

/** Provided app-wide by the page's words, and by the referee's projector preview for its subtree (the projector's language). */
export const ROOM_I18N: InjectionKey<RoomWords> = Symbol('room-i18n')

/** The words of the room's screen (room-text.ts): the projector's language inside the referee's preview, else the page's own. */
export function useRoomI18n(): RoomWords {
  const words = inject(ROOM_I18N, null)
  if (!words) throw new Error('useRoomI18n: the app provides no words (install createAppI18n)')
  return words
}
