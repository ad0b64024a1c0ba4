// @vitest-environment happy-dom
/** The Quick start opens the whole referee's guide in the window's language (docs/guide.<lang>.md). */
import { mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { Composer } from 'vue-i18n'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { GUIDE_FILES } from '../guides'
import QuickStart from './QuickStart.vue'

describe('QuickStart: the whole guide', () => {
  it('shows nothing until opened, then the guide of the window’s language; it follows a language change', async () => {
    const i18n = createAppI18n(refereeMessages)
    await switchLanguage(i18n.global as unknown as Composer, 'hu')
    const w = mount(QuickStart, { global: { plugins: [i18n] } })
    expect(w.find('.guide-text').exists()).toBe(false)
    const details = w.get('[data-test=guide]')
    ;(details.element as HTMLDetailsElement).open = true
    await details.trigger('toggle')
    // The guide is a chunk of its own, loaded when opened.
    await vi.waitFor(() => expect(w.get('.guide-text').attributes('data-file')).toBe(GUIDE_FILES.hu))
    expect(w.get('.guide-text h3').text()).not.toBe('')
    await switchLanguage(i18n.global as unknown as Composer, 'ja')
    await vi.waitFor(() => expect(w.get('.guide-text').attributes('data-file')).toBe(GUIDE_FILES.ja))
    w.unmount()
  })
})
