// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { ProjectorView } from '../../../shared/views'
import { createAppI18n } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { makeProjectorView } from '../../testing/fixtures'
import ProjectorBoard from './ProjectorBoard.vue'

const mountBoard = (view: ProjectorView) => mount(ProjectorBoard, { props: { view }, global: { plugins: [createAppI18n(refereeMessages)] } })

describe('ProjectorBoard', () => {
  it('renders every seat, alive or dead, and no role when none is sent', () => {
    const view = makeProjectorView({ seats: makeProjectorView().seats.map((s) => ({ ...s, alive: s.seat !== 1 })) })
    const w = mountBoard(view)
    const seats = w.findAll('[data-seat]')
    expect(seats).toHaveLength(6)
    expect(w.find('[data-seat="1"]').classes()).toContain('dead')
    expect(w.find('[data-seat="1"]').text()).toContain('dead')
    expect(w.findAll('[data-test=seat-role]')).toHaveLength(0)
    expect(w.text()).not.toMatch(/Mafioso|Inspector|Citizen/)
  })

  it('numbers every seat in seating order (the order is public)', () => {
    const w = mountBoard(makeProjectorView())
    expect(w.findAll('[data-seat] [data-test=seat-no]').map((e) => e.text())).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('renders a role exactly where the host sent one', () => {
    const seats = makeProjectorView().seats.map((s) => (s.seat === 3 ? { ...s, alive: false, role: 'mafia' as const } : s))
    const w = mountBoard(makeProjectorView({ phase: 'day', dayNumber: 2, seats }))
    const roles = w.findAll('[data-test=seat-role]')
    expect(roles).toHaveLength(1)
    expect(w.get('[data-seat="3"]').text()).toContain('Mafioso')
  })

  it('uses the night theme at night and the day theme by day', () => {
    expect(mountBoard(makeProjectorView()).get('[data-test="projector-board"]').classes()).toContain('theme-night')
    expect(
      mountBoard(makeProjectorView({ phase: 'day', dayNumber: 1 }))
        .get('[data-test="projector-board"]')
        .classes(),
    ).toContain('theme-day')
  })

  it('shows the phase and day number', () => {
    expect(mountBoard(makeProjectorView({ nightNumber: 2 })).text()).toContain('Night 2')
    expect(mountBoard(makeProjectorView({ phase: 'day', dayNumber: 3, stage: 'discussion' })).text()).toContain('Day 3 · Discussion')
  })

  it('shows the open yes/no vote: needed of eligible and yes so far', () => {
    const w = mountBoard(
      makeProjectorView({
        phase: 'day',
        dayNumber: 1,
        stage: 'vote',
        accused: 1,
        vote: { kind: 'guilty', candidates: [{ seat: 1, votes: 2, voters: null }], yes: 2, needed: 3, eligible: 5, revote: false, tiedAt: null },
      }),
    )
    expect(w.text()).toContain('Is Bence guilty?')
    expect(w.get('[data-test="vote-progress"]').text()).toBe('3 of 5 needed — 2 so far')
    expect(w.get('[data-test="vote-count"]').text()).toBe('2 yes — 3 needed')
    expect(w.find('[data-test="vote-hands"]').exists()).toBe(false)
  })

  it('names the raised hands when the view carries them (yes/no and plurality)', () => {
    const yesNo = mountBoard(
      makeProjectorView({
        phase: 'day',
        dayNumber: 1,
        stage: 'vote',
        accused: 1,
        vote: { kind: 'guilty', candidates: [{ seat: 1, votes: 2, voters: [0, 3] }], yes: 2, needed: 3, eligible: 5, revote: false, tiedAt: null },
      }),
    )
    expect(yesNo.get('[data-test="vote-hands"]').text()).toBe('Anna, Dóra')
    // The raised hands light their seats on the ring, and only those.
    expect(yesNo.findAll('li.seat.hand').map((li) => li.attributes('data-seat'))).toEqual(['0', '3'])
    expect(yesNo.findAll('[data-test="hand-up"]')).toHaveLength(2)
    const plurality = mountBoard(
      makeProjectorView({
        phase: 'day',
        dayNumber: 1,
        stage: 'vote',
        nominees: [1, 4],
        vote: {
          kind: 'plurality',
          candidates: [
            { seat: 1, votes: 2, voters: [2, 5] },
            { seat: 4, votes: 0, voters: [] },
          ],
          yes: 0,
          needed: 0,
          eligible: 6,
          revote: false,
          tiedAt: null,
        },
      }),
    )
    expect(plurality.get('[data-candidate="1"] [data-test="candidate-hands"]').text()).toBe('Csaba, Fanni')
    expect(plurality.find('[data-candidate="4"] [data-test="candidate-hands"]').exists()).toBe(false)
  })

  it('shows plurality counts per nominee', () => {
    const w = mountBoard(
      makeProjectorView({
        phase: 'day',
        dayNumber: 1,
        stage: 'vote',
        nominees: [1, 4],
        vote: {
          kind: 'plurality',
          candidates: [
            { seat: 1, votes: 3, voters: null },
            { seat: 4, votes: 1, voters: null },
          ],
          yes: 0,
          needed: 0,
          eligible: 6,
          revote: false,
          tiedAt: null,
        },
      }),
    )
    expect(w.get('[data-candidate="1"]').text()).toContain('3 votes')
    expect(w.get('[data-candidate="4"]').text()).toContain('1 vote')
  })

  it('announces deaths, with the role only when revealed', () => {
    const seats = makeProjectorView().seats.map((s) =>
      s.seat === 4 ? { ...s, alive: false, role: 'mafia' as const } : s.seat === 1 ? { ...s, alive: false } : s,
    )
    const w = mountBoard(
      makeProjectorView({
        phase: 'day',
        dayNumber: 2,
        seats,
        announcements: [
          { kind: 'nightResult', night: 1, deaths: [] },
          { kind: 'executed', day: 1, player: 1, role: null },
          { kind: 'executed', day: 2, player: 4, role: 'mafia' },
        ],
      }),
    )
    const text = w.get('.announcements').text()
    expect(text).toContain('Emil was executed — Mafioso')
    expect(text).toContain('Bence was executed')
    expect(text).not.toContain('Bence was executed —')
    expect(text).toContain('Night 1: nobody died')
  })

  it('shows the winner', () => {
    const seats = makeProjectorView().seats.map((s, i) => ({ ...s, role: i === 0 ? ('mafia' as const) : ('citizen' as const) }))
    const w = mountBoard(makeProjectorView({ phase: 'over', winner: 'town', seats, announcements: [{ kind: 'gameOver', winner: 'town' }] }))
    expect(w.get('[data-test="winner"]').text()).toContain('Winner: Town')
    expect(w.findAll('[data-test=seat-role]')).toHaveLength(6)
  })
})
