import { createApp } from 'vue'
import '../shared/base.css'
import PlayerApp from './PlayerApp.vue'
import { wordsPlugin } from './words'

// The room's page (served only by the room on the LAN, docs/room.md): a phone at /player/, a TV at
// /tv/. The TV's part (the projector app, vue-i18n, its words and Pinia) is a chunk of its own: a phone
// never loads it, and has its own small words instead (words.ts).
if (location.pathname.startsWith('/tv')) void import('./tv').then((tv) => tv.mountTv('#app'))
else createApp(PlayerApp).use(wordsPlugin).mount('#app')
