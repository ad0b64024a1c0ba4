import { inject, type InjectionKey } from 'vue'
import { useI18n, type Composer } from 'vue-i18n'

/** Provided by the referee's projector preview: the words in the projector's language. */
export const ROOM_I18N: InjectionKey<Composer> = Symbol('room-i18n')

/**
 * The words of the room's screen (the projector's board and what it is made of): the projector's
 * language inside the referee's preview, else the window's own (the projector page, or anywhere else).
 */
export function useRoomI18n(): Composer {
  return inject(ROOM_I18N, null) ?? (useI18n({ useScope: 'global' }) as unknown as Composer)
}
