// @vitest-environment happy-dom
/** The referee's preview of the projector speaks the projector's language, not the referee's. */
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { makeAppView, makeProjectorView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import ProjectorPreview from './ProjectorPreview.vue'

const dayView = makeProjectorView({ phase: 'day', dayNumber: 1 })

async function preview(language: string, projectorLanguage: string | null) {
  const { pinia } = await connectedReferee(makeAppView({ language, projectorLanguage }))
  const w = await mountWith(ProjectorPreview, pinia, { props: { view: dayView, offset: 0 } })
  // The projector's language loads as a lazy chunk: wait for it (generously: a loaded machine is slow).
  await vi
    .waitFor(
      async () => {
        await flushPromises()
        if (w.get('.frame').attributes('lang') !== (projectorLanguage ?? language)) throw new Error('not yet')
      },
      { timeout: 10_000, interval: 20 },
    )
    .catch(() => undefined)
  return w
}

describe('ProjectorPreview', () => {
  it('shows the board in the projector’s own language, the panel in the referee’s, and leaves the page’s language alone', async () => {
    document.documentElement.lang = 'en'
    const w = await preview('en', 'sv')
    expect(w.get('.frame').attributes('lang')).toBe('sv')
    expect(w.get('.frame .title').text()).toContain('Dag 1')
    expect(w.get('#preview-title').text()).toBe('Projector preview')
    expect(document.documentElement.lang).toBe('en')
  })

  it('follows the referee’s language when the projector has none of its own', async () => {
    const w = await preview('en', null)
    expect(w.get('.frame .title').text()).toContain('Day 1')
  })
})
