import { seatName } from '../../shared/names'
import type { Words } from '../../../shared/text/line'
import type { PhoneVote } from '../../../shared/room'
import type { PlayerView } from '../../../shared/views'
import { h } from './h'

/** A day's vote choice: yes/no (the guilty and execution votes), a nominee's seat, or null: no vote (plurality). */
export type VoteChoice = boolean | number | null

/**
 * The day's vote on the phone (the ruleset's `votesOnPhones`, docs/room.md): while a vote is open
 * every living player's phone shows it — the question, yes and no or the nominees and "no vote",
 * the own vote so far — changeable until the referee closes the vote. A vote counts as the referee's
 * click would (host/room/day-vote.ts); the projector shows it by name as it shows raised hands.
 * `voted` sends a vote (sealed).
 */
export function dayVote(vote: PhoneVote, view: PlayerView, words: Words, voted: (choice: VoteChoice) => void): HTMLElement | null {
  const open = view.board.vote
  if (!open) return null
  const { t } = words
  const name = (p: number) => seatName(view.board.seats, p)
  const yesNo = open.kind !== 'plurality'
  const accused = open.candidates[0]?.seat ?? -1
  const question = yesNo ? t(`phoneVotes.${open.kind}`, { name: name(accused) }) : t('phoneVotes.plurality')
  const choices: { choice: VoteChoice; label: string }[] = yesNo
    ? [
        { choice: true, label: t('phoneVotes.yes') },
        { choice: false, label: t('phoneVotes.no') },
      ]
    : [...open.candidates.map((c) => ({ choice: c.seat, label: name(c.seat) })), { choice: null, label: t('phoneVotes.abstain') }]
  const mine = vote.mine
  const labelOf = (c: VoteChoice) => choices.find((x) => x.choice === c)?.label ?? ''
  return h(
    'section',
    { class: 'night-call day-vote', 'data-test': 'day-vote', 'aria-live': 'polite' },
    h('h2', { 'data-test': 'phone-vote-question' }, question),
    h(
      'ul',
      { class: 'call-names', 'data-test': 'vote-choices' },
      ...choices.map((c) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              'aria-pressed': mine && mine.choice === c.choice ? 'true' : 'false',
              class: [mine && mine.choice === c.choice && 'picked'],
              'data-choice': String(c.choice),
              on: { click: () => voted(c.choice) },
            },
            c.label,
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'call-result', 'data-test': 'vote-result', role: 'status' },
      mine ? t('phoneVotes.yours', { choice: labelOf(mine.choice) }) : t('phoneVotes.none'),
    ),
  )
}
