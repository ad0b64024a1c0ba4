import { formatClock, isWarning, remainingMs } from '../../shared/clock'
import { phaseTitle, seatName } from '../../shared/names'
import { boardSeats, type BoardSeat } from '../../shared/seats'
import type { Words } from '../../../shared/text/line'
import { announcementText, roomNames, roomPhrasing } from '../../../shared/text/room'
import type { ClockView, ProjectorSeat, ProjectorView, PublicVote } from '../../../shared/views'
import '../../shared/styles/board.css'
import '../../shared/styles/seats.css'
import '../../shared/styles/clock.css'
import '../../shared/styles/vote.css'
import { h } from './h'

/**
 * The public board on a phone: the facts the projector shows during a game (ProjectorBoard.vue and
 * its parts, SeatRing, BigClock, VoteDisplay: the same view, the same words, the same `data-test`
 * names — board-parity.test.ts compares them), laid out for a phone rather than a wall: the phase and
 * the clock on one line, what the room is doing, then the seats as a grid of boxes that never overlap
 * (from 360 px wide to a tablet, 4 to 18 seats, names wrapped, never cut: phone.css).
 * `tick` brings the clock up to date (called a few times a second: the countdown needs no message).
 * `news` is what a screen reader says politely when it changes: the phase, the latest announcement
 * (a death), the winner, and the clock only when it starts to run out or runs out (not every second).
 */
export function board(view: ProjectorView, offset: number, words: Words): { el: HTMLElement; tick(): void; news(): string } {
  const { t } = words
  const { localRoleNames, rulesetName, winnerText } = roomNames(words)
  const { list, labelled } = roomPhrasing(words)
  const text = announcementText(words)
  const name = (p: number) => seatName(view.seats, p)
  const recent = view.announcements
    .filter((a) => a.kind !== 'gameOver')
    .slice(-3)
    .reverse()
    .map((a) => text(a, view.seats, view.names))
  const clock = view.clock && !view.winner ? bigClock(view.clock, offset, words) : null

  const head = h(
    'header',
    { class: 'board-head' },
    h('p', { class: 'ruleset', 'data-test': 'board-ruleset' }, rulesetName(view.rulesetName)),
    h(
      'div',
      { class: 'head-line' },
      h(
        'h1',
        { class: 'title', 'data-test': 'board-title' },
        h('span', { class: 'phase-name' }, phaseTitle(t, view)),
        // The space stays outside the stage's inline-block, which would drop it at its own start ("Day 1· Vote").
        view.phase === 'day' && view.stage && [' ', h('span', { class: 'stage' }, `· ${t(`stage.${view.stage}`)}`)],
      ),
      clock?.el,
    ),
  )
  const center = h(
    'div',
    { class: ['phone-center', !!view.vote && 'voting'] },
    view.winner
      ? h(
          'div',
          { class: ['winner', `winner-${view.winner}`], 'data-test': 'winner' },
          winnerText(view.names, view.winner),
          h('p', { class: 'winner-note' }, t('winner.reveal')),
        )
      : [
          view.vote
            ? voteDisplay(view.vote, view.seats, words)
            : view.speaker !== null
              ? h('p', { class: 'speaker', 'data-test': 'board-speaker' }, t('projector.speaking', { name: name(view.speaker) }))
              : view.accused !== null && h('p', { class: 'speaker', 'data-test': 'board-speaker' }, t('projector.accused', { name: name(view.accused) })),
          view.stage === 'nominating' &&
            view.nominees.length > 0 &&
            h('p', { class: 'nominees', 'data-test': 'board-nominees' }, labelled(t('projector.nominees'), list(view.nominees.map(name)))),
        ],
    recent.length > 0 &&
      h(
        'ol',
        { class: 'announcements', 'aria-live': 'polite' },
        ...recent.map((line, i) => h('li', { class: [i === 0 && 'latest'], 'data-test': 'board-announcement' }, line)),
      ),
  )
  const el = h(
    'div',
    { class: ['projector-board', 'phone-board', view.phase === 'day' ? 'theme-day' : 'theme-night', `phase-${view.phase}`], 'data-test': 'projector-board' },
    head,
    center,
    seatList(boardSeats(view, t, localRoleNames(view.names))),
  )
  const phase = [phaseTitle(t, view), view.phase === 'day' && view.stage ? t(`stage.${view.stage}`) : null]
  const news = () =>
    [
      ...phase,
      view.winner ? winnerText(view.names, view.winner) : recent[0],
      clock?.state() === 'warning' ? t('clock.warning') : clock?.state() === 'expired' ? t('clock.expired') : null,
    ]
      .filter(Boolean)
      .join('. ')
  return { el, tick: () => clock?.tick(), news }
}

/** The table: the seats as the projector's ring draws them (seats.ts), in the phone's grid (seats.css). */
function seatList(seats: BoardSeat[]): HTMLElement {
  const seat = (s: BoardSeat) =>
    h(
      'li',
      { class: s.classes, 'data-seat': s.seat },
      h('span', { class: 'seat-no', 'data-test': 'seat-no' }, s.no),
      h('span', { class: 'name', 'data-test': 'seat-name' }, s.name),
      s.marks.length > 0 &&
        h(
          'span',
          { class: 'seat-facts' },
          ...s.marks.map((m) => h('span', { class: m.name, 'data-test': m.name, role: m.label && 'img', 'aria-label': m.label }, m.text)),
        ),
    )
  return h('ol', { class: 'seats seat-list', 'data-test': 'seat-list' }, ...seats.map(seat))
}

/** The countdown from the host's deadline; warning colour below clock.warningMs. */
function bigClock(clock: ClockView, offset: number, { t }: Words): { el: HTMLElement; tick(): void; state(): string | undefined } {
  const label = t(`clock.${clock.kind}`)
  const time = h('span', { class: 'time', 'data-test': 'clock-time' })
  const warn = h('span', { class: 'sr-only' }, t('clock.warning'))
  const paused = clock.deadline === null && !clock.expired
  const el = h(
    'div',
    { class: 'big-clock', role: 'timer', 'aria-label': label, 'data-test': 'board-clock' },
    h('span', { class: 'label', 'data-test': 'clock-label' }, paused ? `${label} · ${t('clock.paused')}` : label),
    time,
  )
  let shown = ''
  const tick = () => {
    const remaining = remainingMs(clock, Date.now(), offset)
    const warning = isWarning(clock, remaining)
    const expired = clock.expired || (clock.deadline !== null && remaining === 0)
    const state = expired ? 'expired' : warning ? 'warning' : paused ? 'paused' : 'running'
    const text = expired ? t('clock.expired') : formatClock(remaining)
    if (text === shown && el.dataset.state === state) return
    shown = text
    el.dataset.state = state
    el.className = ['big-clock', 'clock', warning && 'warning', expired && 'expired', paused && 'paused'].filter(Boolean).join(' ')
    time.textContent = text
    if (warning) el.append(warn)
    else warn.remove()
  }
  tick()
  return { el, tick, state: () => el.dataset.state }
}

/** The open vote as the room sees it: yes so far against the majority needed, or the count per suspect. */
function voteDisplay(vote: PublicVote, seats: ProjectorSeat[], words: Words): HTMLElement {
  const { t } = words
  const { list, short } = roomPhrasing(words)
  const name = (p: number) => seatName(seats, p)
  const hands = (voters: number[] | null | undefined, test: string) =>
    !!voters?.length && h('p', { class: 'hands', 'data-test': test }, short(voters.map(name)))
  if (vote.kind !== 'plurality') {
    const accused = vote.candidates[0]?.seat ?? null
    const reached = vote.yes >= vote.needed && 'reached'
    return h(
      'section',
      { class: ['vote-display', 'vote', `kind-${vote.kind}`], 'aria-live': 'polite' },
      h('h2', { class: 'question', 'data-test': 'vote-question' }, t(`projector.${vote.kind}`, { name: accused === null ? '' : name(accused) })),
      h(
        'p',
        { class: ['running-count', reached], 'data-test': 'vote-count', 'aria-hidden': 'true' },
        t('projector.yesCount', { yes: vote.yes, needed: vote.needed }),
      ),
      h(
        'p',
        { class: ['progress', reached], 'data-test': 'vote-progress' },
        t('projector.yesNo', { needed: vote.needed, eligible: vote.eligible, yes: vote.yes }),
      ),
      hands(vote.candidates[0]?.voters, 'vote-hands'),
    )
  }
  return h(
    'section',
    { class: ['vote-display', 'vote', `kind-${vote.kind}`], 'aria-live': 'polite' },
    h('h2', { class: 'question', 'data-test': 'vote-question' }, t(vote.revote ? 'projector.revote' : 'projector.plurality')),
    vote.revote &&
      vote.tiedAt !== null &&
      h(
        'p',
        { class: 'reason', 'data-test': 'revote-reason' },
        t('projector.revoteReason', { names: list(vote.candidates.map((c) => name(c.seat))), n: vote.tiedAt }, vote.tiedAt),
      ),
    h(
      'ul',
      { class: 'candidates' },
      ...vote.candidates.map((c) =>
        h(
          'li',
          { 'data-candidate': c.seat },
          h('span', { class: 'cand-name', 'data-test': 'candidate-name' }, name(c.seat)),
          h('span', { class: 'cand-votes', 'data-test': 'candidate-votes' }, t('projector.votes', { n: c.votes }, c.votes)),
          !!c.voters?.length && h('span', { class: 'hands', 'data-test': 'candidate-hands' }, short(c.voters.map(name))),
        ),
      ),
    ),
  )
}
