// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import type { Composer } from 'vue-i18n'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { describe, expect, it } from 'vitest'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import PrintCardsPanel from './PrintCardsPanel.vue'

describe('PrintCardsPanel', () => {
  it('names what it prints on its buttons, and its last message follows a language switch', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game: makeRefereeView() }))
    const i18n = createAppI18n(refereeMessages)
    const w = mount(PrintCardsPanel, { props: { source: 'game' }, global: { plugins: [pinia, i18n] } })
    await flushPromises()
    expect(w.get('[data-test="print-cards-print"]').text()).toBe('Print role cards…')
    await w.get('[data-test="print-kind-sheet"]').setValue(true)
    expect(w.get('[data-test="print-cards-print"]').text()).toBe('Print…')
    expect(w.get('[data-test="print-cards-pdf"]').text()).toBe('Save as PDF…')
    api.printCards.mockResolvedValueOnce({ ok: true, value: { done: 'printed' } })
    await w.get('[data-test="print-cards-print"]').trigger('click')
    await flushPromises()
    expect(w.get('[role="status"]').text()).toBe('Sent to the printer.')
    await switchLanguage(i18n.global as unknown as Composer, 'hu')
    await flushPromises()
    expect(w.get('[role="status"]').text()).not.toBe('Sent to the printer.')
    expect(w.get('[data-test="print-cards-print"]').text()).toBe('Nyomtatás…')
  })

  it('in a game: deck, personal cards, the sheet or the rules page; the choice and the paper go to the host', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game: makeRefereeView() }))
    const w = await mountWith(PrintCardsPanel, pinia, { props: { source: 'game' } })
    expect(w.findAll('input[name="print-kind"]').map((i) => (i.element as HTMLInputElement).value)).toEqual(['deck', 'personal', 'sheet', 'rules'])
    await w.get('[data-test="print-kind-personal"]').setValue(true)
    await w.get('[data-test="print-paper"]').setValue('letter')
    await w.get('[data-test="print-cards-pdf"]').trigger('click')
    await flushPromises()
    expect(api.printCards).toHaveBeenCalledWith({ kind: 'personal', paper: 'letter', backs: false, locale: 'en' }, 'pdf')
    api.printCards.mockResolvedValueOnce({ ok: true, value: { done: 'saved', path: '/home/anna/cards.pdf' } })
    await w.get('[data-test="print-cards-print"]').trigger('click')
    await flushPromises()
    expect(w.text()).toContain('Saved as /home/anna/cards.pdf')
    // The cards in another language than the window's (Japanese cards on an English evening).
    expect((w.get('[data-test="print-language"]').element as HTMLSelectElement).value).toBe('en')
    await w.get('[data-test="print-language"]').setValue('ja')
    await w.get('[data-test="print-cards-pdf"]').trigger('click')
    await flushPromises()
    expect(api.printCards).toHaveBeenLastCalledWith({ kind: 'personal', paper: 'letter', backs: false, locale: 'ja' }, 'pdf')
  })

  it('while the operator is a blind player only the deck and the rules page can be printed, and it says why', async () => {
    const game = makeRefereeView({ blind: true, seats: makeRefereeView().seats.map((s) => ({ ...s, role: null })) })
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
    const w = await mountWith(PrintCardsPanel, pinia, { props: { source: 'game' } })
    expect(w.findAll('input[name="print-kind"]').map((i) => (i.element as HTMLInputElement).value)).toEqual(['deck', 'rules'])
    expect(w.get('[data-test="print-blocked"]').text()).toMatch(/nothing with roles on it is printed/)
    await w.get('[data-test="print-backs"]').setValue(true)
    await w.get('[data-test="print-cards-print"]').trigger('click')
    expect(api.printCards).toHaveBeenCalledWith({ kind: 'deck', paper: 'a4', backs: true, locale: 'en' }, 'print')
  })
  it('a deal by hand: the deck or the sheet (its role column blank), no personal cards, and it says why', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game: makeRefereeView({ dealMode: 'physical' }) }))
    const w = await mountWith(PrintCardsPanel, pinia, { props: { source: 'game' } })
    expect(w.findAll('input[name="print-kind"]').map((i) => (i.element as HTMLInputElement).value)).toEqual(['deck', 'sheet', 'rules'])
    expect(w.get('[data-test="print-blocked"]').text()).toMatch(/blank role column/)
    await w.get('[data-test="print-kind-sheet"]').setValue(true)
    await w.get('[data-test="print-cards-print"]').trigger('click')
    expect(api.printCards).toHaveBeenCalledWith({ kind: 'sheet', paper: 'a4', backs: false, locale: 'en' }, 'print')
  })
})
