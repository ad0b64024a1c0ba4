/**
 * window.cards for the browser mode's cards page (/cards/?ticket=T&print=1): the CardsApi, answered
 * by redeeming the page's one-time print ticket for its cards (the referee page got the ticket and
 * opened this page, see ./referee.ts). The ticket leaves the address at once, so the address a
 * browser prints in the footer holds neither it nor any token. Served as /bridge/cards.js, loaded
 * before the app bundle.
 */
import type { ApiResult, CardsApi } from '../../shared/api'
import type { CardsPayload } from '../../shared/cards'
import { TICKET_HEADER } from './token'

const params = new URLSearchParams(location.search)
const ticket = params.get('ticket') ?? ''
params.delete('ticket')
history.replaceState(null, '', `${location.pathname}${params.size ? `?${params.toString()}` : ''}`)

let answer: Promise<CardsPayload> | null = null

const cards: CardsApi = {
  /** The cards: the ticket is redeemed once; a second call gets the same answer. */
  payload() {
    answer ??= (async () => {
      const res = await fetch(new URL('/api/print/cards', location.href).href, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TICKET_HEADER]: ticket },
        body: '[]',
      })
      if (!res.ok) throw new Error(res.status === 403 ? await res.text() : `The host answered ${res.status} ${res.statusText}.`)
      const a = (await res.json()) as ApiResult<CardsPayload>
      if (!a.ok) throw new Error(a.error.message)
      return a.value
    })()
    return answer
  },
}

Object.defineProperty(window, 'cards', { value: Object.freeze(cards), enumerable: true })
