// @vitest-environment happy-dom
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import type { Pinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RefereeAppView } from '../../shared/api'
import { notice, noticeLine } from '../../shared/notices'
import { fakeRefereeApi, type FakeRefereeApi } from '../testing/fakes'
import { makeAppView, makeLegal, makeProjectorView, makeRefereeView, makeSummary } from '../testing/fixtures'
import { freshPinia, mountWith } from '../testing/mount'
import App from './App.vue'
import { useRevealStore } from './stores/useRevealStore'

const mounted: VueWrapper[] = []
async function mountApp(view: RefereeAppView): Promise<{ wrapper: VueWrapper; api: FakeRefereeApi; pinia: Pinia }> {
  const api = fakeRefereeApi(view)
  Object.assign(window, { referee: api })
  const pinia = freshPinia()
  const wrapper = await mountWith(App, pinia, { attachTo: document.body })
  mounted.push(wrapper)
  await flushPromises()
  return { wrapper, api, pinia }
}
const key = (init: KeyboardEventInit) => window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }))

describe('referee App', () => {
  afterEach(() => {
    while (mounted.length) mounted.pop()?.unmount()
    delete (window as { referee?: unknown }).referee
  })

  it('keeps the language it shows as the referee’s on the first start (none kept), so the projector and the TV follow it; never again after', async () => {
    const first = await mountApp(makeAppView({ language: null, projectorLanguage: null }))
    expect(first.api.setLanguage).toHaveBeenCalledExactlyOnceWith('en', null)
    const later = await mountApp(makeAppView({ language: 'hu' }))
    expect(later.api.setLanguage).not.toHaveBeenCalled()
  })

  it('connects, shows the setup screen, and offers to resume an unfinished game', async () => {
    const { wrapper, api } = await mountApp(makeAppView({ resumable: makeSummary() }))
    expect(api.ready).toHaveBeenCalledOnce()
    expect(wrapper.get('[data-test="resume-banner"]').text()).toContain('MaffiaSIG')
    await wrapper.get('[data-test="resume"]').trigger('click')
    expect(api.resumeGame).toHaveBeenCalledOnce()

    // Discard asks first; Escape cancels the dialog.
    await wrapper.get('[data-test="discard"]').trigger('click')
    expect(wrapper.find('[role="alertdialog"]').exists()).toBe(true)
    key({ key: 'Escape' })
    await flushPromises()
    expect(wrapper.find('[role="alertdialog"]').exists()).toBe(false)
    expect(api.discardSavedGame).not.toHaveBeenCalled()
    await wrapper.get('[data-test="discard"]').trigger('click')
    await wrapper.get('[data-test="dialog-confirm"]').trigger('click')
    await flushPromises()
    expect(api.discardSavedGame).toHaveBeenCalledOnce()
  })

  it('shows the host’s notices and dismisses them by index', async () => {
    const { wrapper, api } = await mountApp(
      makeAppView({
        notices: [
          notice('settings.damaged', {}, [noticeLine('settings.keptAs', { file: 'settings.json.corrupt-1' }), noticeLine('settings.defaultsUsed')]),
          notice('games.notListed', { error: 'EACCES' }),
        ],
      }),
    )
    const notices = wrapper.findAll('[data-test="notice"]')
    expect(notices).toHaveLength(2)
    expect(notices[0]!.text()).toContain('The settings file was damaged. It was kept as settings.json.corrupt-1. Defaults were used.')
    expect(notices[1]!.text()).toContain('The finished games could not be listed (EACCES).')
    await notices[1]!.get('button').trigger('click')
    expect(api.dismissNotice).toHaveBeenCalledWith(1)
  })

  it('shows a refused action by its code in the window’s language, never the host’s English words', async () => {
    const game = makeRefereeView({ legal: makeLegal({ endNightStep: true }) })
    const { wrapper, api } = await mountApp(makeAppView({ screen: 'game', game }))
    api.play.mockResolvedValueOnce({ ok: false, error: { code: 'step-incomplete', message: 'Still waiting for the shot of Anna.' } })
    await wrapper.get('[data-test="end-step"]').trigger('click')
    await flushPromises()
    const banner = wrapper.get('[data-test="error-banner"]').text()
    expect(banner).toContain('This step is not finished yet.')
    expect(banner).not.toContain('Still waiting')
  })

  it('undo: the button names the last step; Ctrl+Z undoes; nothing when undoable is 0', async () => {
    const game = makeRefereeView({ undoable: 3, lastStep: { key: 'step.shoot', params: { type: 'shoot', shooter: 'Anna', target: 'Bence' } } })
    const { wrapper, api } = await mountApp(makeAppView({ screen: 'game', game }))
    const undo = wrapper.get('[data-test="undo"]')
    expect(undo.text()).toContain('Undo: Anna shot Bence')
    await undo.trigger('click')
    expect(api.undo).toHaveBeenCalledTimes(1)
    key({ key: 'z', ctrlKey: true })
    await flushPromises()
    expect(api.undo).toHaveBeenCalledTimes(2)

    api.push(makeAppView({ screen: 'game', game: makeRefereeView({ undoable: 0 }) }))
    await flushPromises()
    expect(wrapper.get('[data-test="undo"]').attributes('disabled')).toBeDefined()
    key({ key: 'z', ctrlKey: true })
    await flushPromises()
    expect(api.undo).toHaveBeenCalledTimes(2)
  })

  it('N ends the night call only where legal, and not while typing', async () => {
    const { api } = await mountApp(makeAppView({ screen: 'game', game: makeRefereeView() }))
    key({ key: 'n' })
    await flushPromises()
    expect(api.played('endNightStep')).toHaveLength(0)

    api.push(makeAppView({ screen: 'game', game: makeRefereeView({ legal: makeLegal({ endNightStep: true }) }) }))
    await flushPromises()
    key({ key: 'n' })
    await flushPromises()
    expect(api.played('endNightStep')).toHaveLength(1)

    const input = document.createElement('input')
    document.body.append(input)
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }))
    await flushPromises()
    expect(api.played('endNightStep')).toHaveLength(1)
    input.remove()
  })

  it('shows the script in words, and the projector preview fed with view.game.projector', async () => {
    const game = makeRefereeView({
      script: [{ key: 'night.shots.read', params: { names: 'Bence, Csaba' } }],
      projector: makeProjectorView({ nightNumber: 4 }),
    })
    const { wrapper } = await mountApp(makeAppView({ screen: 'game', game }))
    expect(wrapper.text()).toContain('Read slowly: Bence, Csaba.')
    expect(wrapper.get('.preview [data-test="projector-board"]').text()).toContain('Night 4')
    // The preview shows no role the projector view does not carry.
    expect(wrapper.get('.preview').text()).not.toMatch(/Mafioso|Inspector/)
  })

  it('game over: winner, full reveal, rematch; close needs no confirmation then', async () => {
    const seats = makeRefereeView().seats
    const game = makeRefereeView({
      night: null,
      winner: 'mafia',
      projector: makeProjectorView({
        phase: 'over',
        winner: 'mafia',
        seats: seats.map((s) => ({ seat: s.seat, name: s.name, alive: true, role: s.role, fouls: 0 })),
      }),
    })
    const { wrapper, api } = await mountApp(makeAppView({ screen: 'game', game }))
    const over = wrapper.get('[data-test="game-over"]')
    expect(over.text()).toContain('Winner: Mafia')
    expect(over.get('[data-seat="3"]').text()).toContain('Mafioso')
    await wrapper.get('[data-test="close-over"]').trigger('click')
    await flushPromises()
    expect(api.closeGame).toHaveBeenCalledOnce()
  })

  it('a rematch with a digital deal opens the private reveal for the new roles', async () => {
    const over = makeRefereeView({ night: null, winner: 'town', projector: makeProjectorView({ phase: 'over', winner: 'town' }) })
    const { wrapper, api, pinia } = await mountApp(makeAppView({ screen: 'game', game: over }))
    api.rematch.mockImplementationOnce(async () => {
      api.push(makeAppView({ screen: 'game', game: makeRefereeView() }))
      return { ok: true, value: null }
    })
    await wrapper.get('[data-test="rematch"]').trigger('click')
    await flushPromises()
    expect(api.rematch).toHaveBeenCalledOnce()
    expect(useRevealStore(pinia).active).toBe(true)
    expect(wrapper.find('[data-test="role-reveal"]').exists()).toBe(true)
  })

  it('closing a running game asks first', async () => {
    const { wrapper, api } = await mountApp(makeAppView({ screen: 'game', game: makeRefereeView() }))
    await wrapper.get('[data-test="close-game"]').trigger('click')
    await wrapper.get('[data-test="dialog-cancel"]').trigger('click')
    await flushPromises()
    expect(api.closeGame).not.toHaveBeenCalled()
  })

  it('exports the game file as a JSON download', async () => {
    const { wrapper, api } = await mountApp(makeAppView({ screen: 'game', game: makeRefereeView() }))
    const file = { format: 'nightfall-game', version: 1 } as never
    api.exportGame.mockResolvedValueOnce({ ok: true, value: file })
    const createObjectURL = vi.fn(() => 'blob:x')
    const revokeObjectURL = vi.fn()
    Object.assign(URL, { createObjectURL, revokeObjectURL })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await wrapper.get('[data-test="export"]').trigger('click')
    await flushPromises()
    expect(createObjectURL).toHaveBeenCalledOnce()
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(JSON.parse(await blob.text())).toEqual(file)
    expect(click).toHaveBeenCalledOnce()
    click.mockRestore()
  })

  it('shows only the reveal screen while the laptop goes round, and no shortcut fires', async () => {
    const game = makeRefereeView({ undoable: 2, lastStep: { key: 'step.heal', params: { target: 'Anna' } } })
    const { wrapper, api, pinia } = await mountApp(makeAppView({ screen: 'game', game }))
    useRevealStore(pinia).begin()
    await flushPromises()
    expect(wrapper.find('[data-test="role-reveal"]').exists()).toBe(true)
    expect(wrapper.find('[data-test="undo"]').exists()).toBe(false)
    expect(wrapper.text()).not.toMatch(/Mafioso|Inspector|Citizen/)
    key({ key: 'z', ctrlKey: true })
    await flushPromises()
    expect(api.undo).not.toHaveBeenCalled()
  })

  it('says so when no host API is present', async () => {
    const wrapper = await mountWith(App, freshPinia())
    mounted.push(wrapper)
    await flushPromises()
    expect(wrapper.text()).toContain('not available')
  })
})
