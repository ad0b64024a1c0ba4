import { createPinia } from 'pinia'
import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import { tvMessages } from '../i18n/tv-messages'
import TvApp from './TvApp.vue'

/** A TV's browser as the room's projector (docs/room.md). */
export function mountTv(selector: string): void {
  createApp(TvApp).use(createPinia()).use(createAppI18n(tvMessages)).mount(selector)
}
