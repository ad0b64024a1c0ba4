import { inject, type InjectionKey } from 'vue'

/**
 * The words of the room's screen, as the board and what it is made of use them: a message by key
 * (named values, and a count that picks the plural form), and the language shown. vue-i18n's global
 * composer is one (provided for the whole app by `createAppI18n`, src/renderer/i18n); the phone's
 * small lookup is another (src/renderer/player/words.ts), so a phone loads no vue-i18n.
 */
export interface RoomWords {
  t(key: string, named?: Record<string, unknown>, plural?: number): string
  readonly locale: { readonly value: string }
}

/** Provided app-wide by the page's words, and by the referee's projector preview for its subtree (the projector's language). */
export const ROOM_I18N: InjectionKey<RoomWords> = Symbol('room-i18n')

/** The words of the room's screen: the projector's language inside the referee's preview, else the page's own. */
export function useRoomI18n(): RoomWords {
  const words = inject(ROOM_I18N, null)
  if (!words) throw new Error('useRoomI18n: the app provides no words (install createAppI18n, or the phone’s words)')
  return words
}
