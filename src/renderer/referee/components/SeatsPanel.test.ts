// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { makeAppView, makeLegal, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import SeatsPanel from './SeatsPanel.vue'

describe('SeatsPanel', () => {
  it('keeps a private note per player: saved when the field is left, shown again from the view', async () => {
    const game = makeRefereeView({ legal: makeLegal({ note: true }), notes: ['', 'claimed doctor day 2', '', '', '', ''] })
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
    const w = await mountWith(SeatsPanel, pinia, { props: { game } })
    const notes = w.findAll('[data-test="note"]')
    expect(notes).toHaveLength(6)
    expect((notes[1]!.element as HTMLInputElement).value).toBe('claimed doctor day 2')
    expect(notes[0]!.attributes('aria-label')).toContain('never on the projector')
    await notes[0]!.setValue(' quiet all day ') // setValue fires input and change
    expect(api.play).toHaveBeenCalledWith({ type: 'note', player: 0, text: 'quiet all day' })
    expect(api.played('note')).toHaveLength(1)
    // Unchanged: nothing is sent.
    await notes[1]!.trigger('change')
    expect(api.played('note')).toHaveLength(1)
  })
})
