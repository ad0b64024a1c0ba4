// First: a seated phone's stream opens before the rest of the page's code is evaluated (early-stream.ts).
import './early-stream'
import '../shared/base.css'
import './phone.css'
import { mountPhone } from './phone'

// The room's page (served only by the room on the LAN, docs/room.md): a phone at /player/, a TV at
// /tv/. The TV's part (Vue, the projector app, vue-i18n, its words and Pinia) is a chunk of its own:
// a phone never loads it, and draws itself without Vue (phone.ts, dom/) with its own small words (words.ts).
if (location.pathname.startsWith('/tv')) void import('./tv').then((tv) => tv.mountTv('#app'))
else mountPhone(document.querySelector<HTMLElement>('#app')!)
