/**
 * window.referee for the browser mode (npm run start:web): the same RefereeApi the Electron preload
 * exposes, over HTTP POST (calls) and Server-Sent Events (views). Served as /bridge/referee.js and
 * loaded before the app bundle. The token comes from the page's own URL (?token=…).
 */
import type { ApiResult, RefereeApi, RefereeAppView } from '../../shared/api'
import { refereeClient } from '../../shared/referee-client'
import { aged, watchedStream } from './stream'
import { TOKEN_HEADER } from './token'

const token = new URLSearchParams(location.search).get('token') ?? ''
const api = (path: string) => new URL(path, location.href).href

async function call(method: string, args: unknown[]): Promise<ApiResult<unknown>> {
  const list = [...args]
  while (list.length && list[list.length - 1] === undefined) list.pop()
  try {
    const res = await fetch(api(`/api/referee/${method}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify(list),
    })
    if (!res.ok) return { ok: false, error: { code: 'transport-failed', message: `The host answered ${res.status} ${res.statusText}.` } }
    return (await res.json()) as ApiResult<unknown>
  } catch (e) {
    stream.lost()
    return { ok: false, error: { code: 'transport-failed', message: `The host could not be reached: ${(e as Error).message}` } }
  }
}

const stream = watchedStream<RefereeAppView>(api(`/api/referee/events?token=${encodeURIComponent(token)}`))
// Open the stream now rather than when the app subscribes: the host's first view (the stream's
// first message) travels while the page's scripts load, and ready() below needs no round trip.
stream.start()

const client = refereeClient(call, (cb) => stream.listen(cb))

const referee: RefereeApi = {
  ...client,
  /** The current view: the stream's newest while it is up (no round trip), else the host is asked. */
  async ready() {
    const newest = stream.newest()
    return newest ? aged(newest) : client.ready()
  },
  transport: 'browser',
  onConnection: (cb) => stream.onConnection(cb),
  /**
   * The browser prints: the host is asked for a one-time print ticket for these cards (a refusal, e.g.
   * while the operator is a blind player, comes back here), then the cards page opens in a new tab with
   * the ticket — never the referee's token, which the browser would print in the page's footer —
   * fetches the cards with it and opens the browser's print dialog (where "Save as PDF" is one of the
   * printers). Nothing is written by the host.
   */
  async printCards(req) {
    let answer: ApiResult<{ ticket: string }>
    try {
      const res = await fetch(api('/api/print/ticket'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify([req]),
      })
      if (!res.ok) return { ok: false, error: { code: 'transport-failed', message: `The host answered ${res.status} ${res.statusText}.` } }
      answer = (await res.json()) as ApiResult<{ ticket: string }>
    } catch (e) {
      return { ok: false, error: { code: 'transport-failed', message: `The host could not be reached: ${(e as Error).message}` } }
    }
    if (!answer.ok) return answer
    const page = new URL('/cards/', location.href)
    page.search = new URLSearchParams({ ticket: answer.value.ticket, print: '1' }).toString()
    const tab = window.open(page.href, '_blank')
    if (!tab) return { ok: false, error: { code: 'popup-blocked', message: 'The browser blocked the new tab: allow pop-ups for this page, then try again.' } }
    return { ok: true, value: { done: 'opened' } }
  },
}

Object.defineProperty(window, 'referee', { value: Object.freeze(referee), enumerable: true })
