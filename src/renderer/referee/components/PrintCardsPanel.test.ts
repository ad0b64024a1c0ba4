// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import PrintCardsPanel from './PrintCardsPanel.vue'

describe('PrintCardsPanel', () => {
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
})
