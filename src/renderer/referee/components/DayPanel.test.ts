// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RefereeView } from '../../../shared/views'
import { makeAppView, makeLegal, makeProjectorView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useDialogStore } from '../stores/useDialogStore'
import DayPanel from './DayPanel.vue'

function dayGame(over: Partial<RefereeView['projector']> = {}, legal = makeLegal()): RefereeView {
  return makeRefereeView({ night: null, projector: makeProjectorView({ phase: 'day', dayNumber: 1, nightNumber: 0, stage: 'discussion', ...over }), legal })
}

async function setup(game: RefereeView) {
  const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
  const wrapper = await mountWith(DayPanel, pinia, { props: { game } })
  return { wrapper, api }
}

describe('DayPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => vi.useRealTimers())

  it('accuses: choose the accused among legal.accuse, optionally the accuser, then open the vote', async () => {
    const { wrapper, api } = await setup(dayGame({}, makeLegal({ accuse: [0, 1, 2, 3, 4, 5], accusers: [0, 1, 2, 3, 4, 5] })))
    const accuse = wrapper.get('[data-test="accuse"]')
    expect(accuse.attributes('disabled')).toBeDefined()
    await wrapper.get('[data-test="accused-picker"] [data-seat="1"]').trigger('click')
    expect(accuse.text()).toContain('Accuse Bence')
    // The accused cannot also be the accuser.
    expect(wrapper.get('[data-test="accuser-picker"] [data-seat="1"]').attributes('disabled')).toBeDefined()
    await wrapper.get('[data-test="accuser-picker"] [data-seat="4"]').trigger('click')
    await accuse.trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'accuse', accused: 1, accuser: 4 })
  })

  it('accuses without an accuser', async () => {
    const { wrapper, api } = await setup(dayGame({}, makeLegal({ accuse: [0, 1], accusers: [0, 1] })))
    await wrapper.get('[data-test="accused-picker"] [data-seat="0"]').trigger('click')
    await wrapper.get('[data-test="accuse"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'accuse', accused: 0 })
  })

  it('no accusation panel when accusing is not legal', async () => {
    const { wrapper } = await setup(dayGame())
    expect(wrapper.find('[data-test="accusation"]').exists()).toBe(false)
  })

  it('defence: the speaker and End the defence (as legal)', async () => {
    const { wrapper, api } = await setup(dayGame({ stage: 'defence', accused: 2, speaker: 2 }, makeLegal({ endDefence: true, withdrawAccusation: true })))
    expect(wrapper.get('[data-test="defence"]').text()).toContain('Defence of Csaba')
    await wrapper.get('[data-test="end-defence"]').trigger('click')
    expect(api.played('endDefence')).toHaveLength(1)
    await wrapper.get('[data-test="withdraw-accusation"]').trigger('click')
    expect(api.played('withdrawAccusation')).toHaveLength(1)
  })

  it('nominations: nominate, withdraw, close — each as legal', async () => {
    const game = dayGame({ stage: 'nominating', nominees: [3] }, makeLegal({ nominate: [0, 1, 2, 4, 5], withdrawNomination: [3], closeNominations: true }))
    const { wrapper, api } = await setup(game)
    const panel = wrapper.get('[data-test="nominations"]')
    expect(panel.text()).toContain('Dóra')
    expect(panel.get('[data-seat="3"]').attributes('disabled')).toBeDefined()
    await panel.get('[data-seat="5"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'nominate', player: 5 })
    await panel.get('.nominees button').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'withdrawNomination', player: 3 })
    await wrapper.get('[data-test="close-nominations"]').trigger('click')
    expect(api.played('closeNominations')).toHaveLength(1)
  })

  it('a plain seat action (a foul): a picker of the seats legal offers, playing the command with its seat', async () => {
    const none = await setup(dayGame())
    expect(none.wrapper.find('[data-test="seat-action-foul"]').exists()).toBe(false)
    const { wrapper, api } = await setup(dayGame({}, makeLegal({ foul: [0, 2] })))
    const panel = wrapper.get('[data-test="seat-action-foul"]')
    expect(panel.get('[data-seat="1"]').attributes('disabled')).toBeDefined()
    await panel.get('[data-seat="2"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'foul', player: 2 })
  })

  it('random death only when legal, after a confirmation', async () => {
    const none = await setup(dayGame())
    expect(none.wrapper.find('[data-test="random-death"]').exists()).toBe(false)

    const { wrapper, api } = await setup(dayGame({}, makeLegal({ drawRandomDeath: true })))
    await wrapper.get('[data-test="random-death"]').trigger('click')
    expect(api.played('drawRandomDeath')).toHaveLength(0)
    useDialogStore().answer(true)
    await vi.runAllTimersAsync()
    expect(api.played('drawRandomDeath')).toHaveLength(1)
  })

  it('last words: End the last words', async () => {
    const { wrapper, api } = await setup(dayGame({ stage: 'lastWords', speaker: 5 }, makeLegal({ endLastWords: true })))
    expect(wrapper.get('[data-test="last-words"]').text()).toContain('Fanni: last words')
    await wrapper.get('[data-test="end-last-words"]').trigger('click')
    expect(api.played('endLastWords')).toHaveLength(1)
  })

  it('the clock: start when legal, pause when running, add time; warning state below warningMs', async () => {
    const paused = { kind: 'day' as const, deadline: null, remainingMs: 300_000, durationMs: 1_200_000, warningMs: 120_000, expired: false }
    const a = await setup(dayGame({ clock: paused }, makeLegal({ startTimer: true, addTime: true })))
    expect(a.wrapper.get('[role="timer"]').text()).toContain('5:00')
    await a.wrapper.get('[data-test="clock-start"]').trigger('click')
    expect(a.api.played('startTimer')).toHaveLength(1)
    await a.wrapper.get('[data-test="clock-add"]').trigger('click')
    expect(a.api.play).toHaveBeenCalledWith({ type: 'addTime', seconds: 60 })
    await a.wrapper.get('[data-test="clock-remove"]').trigger('click')
    expect(a.api.played('addTime').at(-1)).toEqual({ type: 'addTime', seconds: -30 })

    const running = { ...paused, deadline: 1_000_000 + 90_000 }
    const b = await setup(dayGame({ clock: running }, makeLegal({ pauseTimer: true, addTime: true })))
    expect(b.wrapper.find('[data-test="clock-start"]').exists()).toBe(false)
    expect(b.wrapper.get('[role="timer"]').attributes('data-state')).toBe('warning')
    await b.wrapper.get('[data-test="clock-pause"]').trigger('click')
    expect(b.api.played('pauseTimer')).toHaveLength(1)

    const c = await setup(dayGame({ clock: paused }))
    expect(c.wrapper.get('[data-test="clock-start"]').attributes('disabled')).toBeDefined()
    expect(c.wrapper.get('[data-test="clock-add"]').attributes('disabled')).toBeDefined()
  })
  it('Swedish lone nominee: the button says the nominee is executed, and asks first', async () => {
    const game = dayGame({ stage: 'nominating', nominees: [2] }, makeLegal({ nominate: [0, 1, 3], closeNominations: true, closeNominationsExecutes: 2 }))
    const { wrapper, api } = await setup(game)
    const button = wrapper.get('[data-test="close-nominations"]')
    expect(button.text()).toContain('Csaba is executed')
    await button.trigger('click')
    const dialog = useDialogStore()
    expect(dialog.current?.message).toBe('Csaba is the only suspect and will be executed.')
    dialog.answer(false)
    await vi.runAllTimersAsync()
    expect(api.played('closeNominations')).toHaveLength(0)
    await button.trigger('click')
    dialog.answer(true)
    await vi.runAllTimersAsync()
    expect(api.played('closeNominations')).toHaveLength(1)
  })
})
