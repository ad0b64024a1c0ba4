import { createPinia } from 'pinia'
import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import { playerMessages, tvMessages } from '../i18n/player-messages'
import '../shared/base.css'
import PlayerApp from './PlayerApp.vue'
import TvApp from './TvApp.vue'

// The room's page (served only by the room on the LAN, docs/room.md): a phone at /player/, a TV at /tv/.
if (location.pathname.startsWith('/tv')) createApp(TvApp).use(createPinia()).use(createAppI18n(tvMessages)).mount('#app')
else createApp(PlayerApp).use(createAppI18n(playerMessages)).mount('#app')
