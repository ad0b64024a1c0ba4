// @vitest-environment happy-dom
/**
 * The component-test setup works: single-file components compile (plugin-vue), a DOM is there
 * (happy-dom, opted into by the comment above), and @vue/test-utils mounts and drives them.
 * Copy this shape for component tests of the real pages.
 */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import ClickCounter from './fixtures/ClickCounter.vue'

describe('component test setup', () => {
  it('mounts a single-file component in a DOM and reacts to clicks', async () => {
    const wrapper = mount(ClickCounter, { props: { label: 'Votes' } })
    expect(wrapper.text()).toBe('Votes: 0')
    await wrapper.get('button').trigger('click')
    await wrapper.get('button').trigger('click')
    expect(wrapper.text()).toBe('Votes: 2')
    expect(typeof window).toBe('object')
  })
})
