/**
 * window.projector for the browser mode: it can only subscribe to ProjectorScreen values (SSE) and
 * say it is ready. Served as /bridge/projector.js, loaded before the app bundle.
 */
import type { ProjectorApi, ProjectorScreen } from '../../shared/api'
import { watchedStream } from './stream'
import { TOKEN_HEADER } from './token'

const token = new URLSearchParams(location.search).get('token') ?? ''
const api = (path: string) => new URL(path, location.href).href
const stream = watchedStream<ProjectorScreen>(api(`/api/projector/events?token=${encodeURIComponent(token)}`))
// Open the stream now rather than when the app subscribes: the current screen (the stream's first
// message) travels while the page's scripts load.
stream.start()

const projector: ProjectorApi = {
  transport: 'browser',
  onConnection: (cb) => stream.onConnection(cb),
  onView: (cb) => stream.listen(cb),
  ready() {
    stream.start()
    void fetch(api('/api/projector/ready'), { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token }, body: '[]' }).catch(
      () => undefined,
    )
  },
}

Object.defineProperty(window, 'projector', { value: Object.freeze(projector), enumerable: true })
