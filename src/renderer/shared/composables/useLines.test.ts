// @vitest-environment happy-dom
/** Clock lines read right in every language: time taken off is never "-30 s added". */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { useI18n } from 'vue-i18n'
import { LANGUAGE_IDS } from '../../../shared/languages'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import type { Line } from '../../../shared/views'
import { useLines } from './useLines'

async function words(lang: string, lines: Line[]): Promise<string[]> {
  let out: string[] = []
  const Probe = defineComponent({
    setup() {
      const { lineText } = useLines()
      const composer = useI18n({ useScope: 'global' })
      return { lineText, composer }
    },
    render: () => h('p'),
  })
  const w = mount(Probe, { global: { plugins: [createAppI18n(refereeMessages)] } })
  await switchLanguage(w.vm.composer as never, lang)
  out = lines.map((l) => w.vm.lineText(l))
  w.unmount()
  return out
}

describe('useLines — the clock', () => {
  const group = (seconds: number): Line => ({ key: 'step.addTimeGroup', params: { type: 'addTime', seconds, count: 37 } })
  const one = (seconds: number): Line => ({ key: 'step.addTime', params: { type: 'addTime', seconds } })

  it.each(LANGUAGE_IDS)('%s: added time has its number; time taken off has no minus sign and other words', async (lang) => {
    const [added, taken, addedOne, takenOne] = await words(lang, [group(1110), group(-1110), one(30), one(-30)])
    expect(added).toContain('1110')
    expect(taken).toContain('1110')
    expect(taken).not.toContain('-')
    expect(taken).not.toBe(added)
    expect(takenOne).toContain('30')
    expect(takenOne).not.toContain('-')
    expect(takenOne).not.toBe(addedOne)
  })

  it('English words', async () => {
    expect(await words('en', [group(-1110), one(-30), one(60)])).toEqual([
      '1110 s taken off the clock in all (37 presses)',
      '30 s taken off the clock',
      '60 s added to the clock',
    ])
  })
})
