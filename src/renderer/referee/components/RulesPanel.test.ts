// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { makeAppView, makeRuleset } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import RulesPanel from './RulesPanel.vue'

describe('RulesPanel', () => {
  it('puts the draft ruleset on the projector, turns its pages, follows an edit, and gives the projector back', async () => {
    const ruleset = makeRuleset()
    const { pinia, api } = await connectedReferee(makeAppView())
    const w = await mountWith(RulesPanel, pinia, { props: { ruleset } })
    expect(w.find('[data-test="rules-next"]').exists()).toBe(false)

    await w.get('[data-test="rules-show"]').trigger('click')
    await flushPromises()
    expect(api.showOnProjector).toHaveBeenLastCalledWith({ kind: 'rules', ruleset, index: 0 })
    api.push({ ...api.current, projectorShows: { kind: 'rules', index: 0, pages: 4 } })
    await flushPromises()
    expect(w.get('[data-test="rules-show"]').attributes('aria-pressed')).toBe('true')

    await w.get('[data-test="rules-next"]').trigger('click')
    await flushPromises()
    expect(api.showOnProjector).toHaveBeenLastCalledWith({ kind: 'rules', ruleset, index: 1 })

    // An option changed while the rules show: the projector gets the new words at the same page.
    const edited = { ...ruleset, options: { ...ruleset.options, tieRule: 'random' as const } }
    await w.setProps({ ruleset: edited })
    await flushPromises()
    expect(api.showOnProjector).toHaveBeenLastCalledWith({ kind: 'rules', ruleset: edited, index: 1 })

    await w.get('[data-test="rules-show"]').trigger('click')
    await flushPromises()
    expect(api.showOnProjector).toHaveBeenLastCalledWith({ kind: 'game' })
  })
})
