// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createPinia } from 'pinia'
import type { Line } from '../../../shared/views'
import { mountWith } from '../../testing/mount'
import ScriptLines from './ScriptLines.vue'

describe('ScriptLines', () => {
  it('numbers the lines to say 1, 2, 3…; a "→ Record who is awake" note takes no number', async () => {
    const lines: Line[] = [
      { key: 'night.begin', params: { night: 1 } },
      { key: 'night.group.wake', params: {} },
      { key: 'night.identify', params: { count: 2, role: 'mafia' } },
      { key: 'night.group.sleep', params: {} },
      { key: 'night.end', params: {} },
    ]
    const wrapper = await mountWith(ScriptLines, createPinia(), { props: { lines } })
    const marks = wrapper.findAll('[data-test="line-number"]').map((n) => n.text())
    expect(marks).toEqual(['1.', '2.', '→', '3.', '4.'])
    expect(wrapper.findAll('li')[2]!.classes()).toContain('note')
  })
})
