import { seatName } from '../../shared/names'
import type { Words } from '../../../shared/text/line'
import type { PhoneCall } from '../../../shared/room'
import type { PlayerView } from '../../../shared/views'
import { listOf } from '../../../shared/phrasing'
import { h } from './h'

/**
 * A night call on the phone (docs/room.md, "The night on the phones"): every living player's phone
 * shows this one screen at every call, in the same words — the question, the living names to pick
 * from (oneself included), the own pick, how many have answered — so a glance at a neighbour's phone
 * tells nothing. Whoever's role is called knows the pick is their move; everyone else's is whom they
 * suspect (kept out of the game). What only this seat may read (`callSecret`) is on the role card,
 * shown while held. `picked` sends a pick (sealed).
 */
export function nightCall(call: PhoneCall, view: PlayerView, words: Words, picked: (target: number) => void): HTMLElement {
  const { t } = words
  const seats = view.board.seats
  const name = (p: number) => seatName(seats, p)
  const mine = call.mine.pick
  const choices = seats.flatMap((s, p) => (s.alive ? [p] : []))
  const result =
    mine === null ? t(call.done ? 'phone.call.done' : 'phone.call.none') : t(call.done ? 'phone.call.noted' : 'phone.call.yourPick', { name: name(mine) })
  return h(
    'section',
    { class: 'night-call', 'data-test': 'night-call', 'aria-live': 'polite' },
    h('h2', { 'data-test': 'call-question' }, t('phone.call.question')),
    h('p', { class: 'call-answered', 'data-test': 'call-answered' }, t('phone.call.answered', { answered: call.answered, total: call.total })),
    h(
      'ul',
      { class: 'call-names', 'data-test': 'call-names' },
      ...choices.map((p) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              'aria-pressed': p === mine ? 'true' : 'false',
              class: [p === mine && 'picked'],
              disabled: call.done,
              'data-seat': p,
              on: { click: () => picked(p) },
            },
            p === view.seat ? t('phone.call.you', { name: name(p) }) : name(p),
          ),
        ),
      ),
    ),
    h('p', { class: 'call-result', 'data-test': 'call-result', role: 'status' }, result),
  )
}

/**
 * What only this seat may read of the call — a mafioso's partners' picks when the mafia agree on one
 * victim, the investigator's answer once the picks are taken — for the role card, which shows it
 * while held ('': nothing, the line stays blank; null: no call).
 */
export function callSecret(call: PhoneCall | null, view: PlayerView, words: Words): string | null {
  if (!call) return null
  const { t } = words
  const name = (p: number) => seatName(view.board.seats, p)
  const answer = call.mine.answer
  if (answer) return t(`phone.call.answer.${call.style}.${answer.isMafia ? 'yes' : 'no'}`, { name: name(answer.target) })
  const partners = call.mine.partners
  if (!partners?.length) return ''
  return listOf(
    words.locale.value,
    partners.map((x) => t('phone.call.partnerPick', { name: name(x.seat), pick: x.pick === null ? t('phone.call.none') : name(x.pick) })),
    'short',
  )
}
