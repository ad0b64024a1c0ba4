import { seatName } from '../../shared/names'
import type { RoomWords } from '../../shared/room-text'
import type { PhoneCall } from '../../../shared/room'
import type { PlayerView } from '../../../shared/views'
import { listOf } from '../../../shared/phrasing'
import { h } from './h'

/**
 * A night call on the phone (docs/room.md, "The night on the phones"): every living player's phone
 * shows this one screen at every call — a question, the living names to pick from (oneself
 * included), the own pick, how many have answered, one line for the partners' picks (blank for
 * every seat but a mafioso's when the mafia agree on one victim). What differs is only what this seat may know:
 * the question's words for an acting seat, a mafioso's partners' picks when the mafia agree on one
 * victim, the investigator's answer once the referee has taken the picks. Every other player is
 * asked whom they suspect (their pick stays out of the game). `picked` sends a pick (sealed).
 */
export function nightCall(call: PhoneCall, view: PlayerView, words: RoomWords, picked: (target: number) => void): HTMLElement {
  const { t } = words
  const seats = view.board.seats
  const name = (p: number) => seatName(seats, p)
  const me = seats[view.seat]
  const acting = me?.alive === true && view.role === call.kind
  const question = !acting ? 'suspect' : call.kind === 'mafia' ? (call.mine.partners ? 'victim' : 'shoot') : call.kind === 'investigator' ? 'inspect' : 'heal'
  const mine = call.mine.pick
  const choices = seats.flatMap((s, p) => (s.alive ? [p] : []))
  const answer = call.mine.answer
  // The line under the names: the same place and size for every seat (the investigator's answer, everyone else's own pick).
  const result = !call.done
    ? mine === null
      ? t('phone.call.none')
      : t('phone.call.yourPick', { name: name(mine) })
    : answer
      ? t(`phone.call.answer.${call.style}.${answer.isMafia ? 'yes' : 'no'}`, { name: name(answer.target) })
      : mine === null
        ? t('phone.call.done')
        : t('phone.call.noted', { name: name(mine) })
  return h(
    'section',
    { class: 'night-call', 'data-test': 'night-call', 'aria-live': 'polite' },
    h('h2', { 'data-test': 'call-question' }, t(`phone.call.${question}`)),
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
    // Always there, blank but for a mafioso whose partners pick with it: one layout for every seat.
    h(
      'p',
      { class: 'call-partners', 'data-test': 'call-partners' },
      call.mine.partners?.length
        ? listOf(
            words.locale.value,
            call.mine.partners.map((x) => t('phone.call.partnerPick', { name: name(x.seat), pick: x.pick === null ? t('phone.call.none') : name(x.pick) })),
            'short',
          )
        : '\u00a0',
    ),
  )
}
