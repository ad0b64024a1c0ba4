/**
 * window.projector for the browser mode: it can only subscribe to ProjectorScreen values (SSE) and
 * say it is ready. Served as /bridge/projector.js, loaded before the app bundle.
 */
import type { ProjectorApi, ProjectorScreen } from '../../shared/api'
import { watchedStream } from './stream'
import { TOKEN_HEADER } from './token'

const token = new URLSearchParams(location.search).get('token') ?? ''
const api = (path: string) => new URL(path, location.href).href
const listeners = new Set<(v: ProjectorScreen) => void>()
/** The newest screen the stream brought, and when (local ms); `live` while the stream answers. */
let latest: { screen: ProjectorScreen; at: number } | null = null
let live = true
const stream = watchedStream<ProjectorScreen>(api(`/api/projector/events?token=${encodeURIComponent(token)}`), (screen) => {
  latest = { screen, at: Date.now() }
  for (const cb of listeners) cb(screen)
})
stream.onConnection((connected) => (live = connected))
const connect = () => stream.start()
// Open the stream now rather than when the app subscribes: the current screen (the stream's first
// message) travels while the page's scripts load.
connect()

const projector: ProjectorApi = {
  transport: 'browser',
  onConnection: (cb) => stream.onConnection(cb),
  onView(cb) {
    listeners.add(cb)
    connect()
    // A screen that came before this subscription: handed over at once (its sentAt moved on by the
    // time it waited, so the clock offset stays right), without waiting for ready()'s answer.
    const waiting = latest
    if (waiting && live) {
      queueMicrotask(() => {
        if (listeners.has(cb) && latest === waiting) cb({ ...waiting.screen, sentAt: waiting.screen.sentAt + (Date.now() - waiting.at) })
      })
    }
    return () => {
      listeners.delete(cb)
    }
  },
  ready() {
    connect()
    void fetch(api('/api/projector/ready'), { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token }, body: '[]' }).catch(() => undefined)
  },
}

Object.defineProperty(window, 'projector', { value: Object.freeze(projector), enumerable: true })
