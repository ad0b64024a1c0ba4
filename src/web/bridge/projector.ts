/**
 * window.projector for the browser mode: it can only subscribe to ProjectorScreen values (SSE) and
 * say it is ready. Served as /bridge/projector.js, loaded before the app bundle.
 */
import type { ProjectorApi, ProjectorScreen } from '../../shared/api'
import { aged, watchedStream } from './stream'
import { TOKEN_HEADER } from './token'

const token = new URLSearchParams(location.search).get('token') ?? ''
const api = (path: string) => new URL(path, location.href).href
const listeners = new Set<(v: ProjectorScreen) => void>()
const stream = watchedStream<ProjectorScreen>(api(`/api/projector/events?token=${encodeURIComponent(token)}`), (screen) => {
  for (const cb of listeners) cb(screen)
})
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
    // A screen that came before this subscription is handed over at once, without waiting for
    // ready()'s answer (unless a newer one reaches the listener first).
    const waiting = stream.newest()
    if (waiting)
      queueMicrotask(() => {
        if (listeners.has(cb) && stream.newest() === waiting) cb(aged(waiting))
      })
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
