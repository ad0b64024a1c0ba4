import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import { playerMessages } from '../i18n/player-messages'
import '../shared/base.css'
import PlayerApp from './PlayerApp.vue'

// The room's page (served only by the room on the LAN, docs/room.md): a phone at /player/, a TV at
// /tv/. The TV's part (the projector app, its words and Pinia) is a chunk of its own: a phone never loads it.
if (location.pathname.startsWith('/tv')) void import('./tv').then((tv) => tv.mountTv('#app'))
else createApp(PlayerApp).use(createAppI18n(playerMessages)).mount('#app')
