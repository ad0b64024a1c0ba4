import { inject, type InjectionKey } from 'vue'
import type { Words } from '../../../shared/text/line'

export type { Words }

/** Provided app-wide by the page's words, and by the referee's projector preview for its subtree (the projector's language). */
export const ROOM_I18N: InjectionKey<Words> = Symbol('room-i18n')

/** The words of the room's screen (src/shared/text/room.ts): the projector's language inside the referee's preview, else the page's own. */
export function useRoomI18n(): Words {
  const words = inject(ROOM_I18N, null)
  if (!words) throw new Error('useRoomI18n: the app provides no words (install createAppI18n)')
  return words
}
