/**
 * window.cards for the browser mode's cards page (/cards/?token=R&request=…&print=1): the CardsApi,
 * answered by asking the host for the cards of the request in the page's own URL (the referee page
 * opens it, see ./referee.ts). Served as /bridge/cards.js, loaded before the app bundle.
 */
import type { ApiResult, CardsApi } from '../../shared/api'
import type { CardsPayload } from '../../shared/cards'
import { TOKEN_HEADER } from './token'

const params = new URLSearchParams(location.search)
const token = params.get('token') ?? ''

const cards: CardsApi = {
  async payload() {
    const request: unknown = JSON.parse(params.get('request') ?? 'null')
    const res = await fetch(new URL('/api/referee/cardsPayload', location.href).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify([request]),
    })
    if (!res.ok && res.status !== 200) throw new Error(`The host answered ${res.status} ${res.statusText}.`)
    const answer = (await res.json()) as ApiResult<CardsPayload>
    if (!answer.ok) throw new Error(answer.error.message)
    return answer.value
  },
}

Object.defineProperty(window, 'cards', { value: Object.freeze(cards), enumerable: true })
