// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult, Estimate } from '../../../shared/api'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useSetupStore } from '../stores/useSetupStore'
import EstimatePanel from './EstimatePanel.vue'

const ESTIMATE: Estimate = { games: 6500, town: 0.2, mafia: 0.8, draw: 0, townCi: 0.0097, mafiaCi: 0.0097, drawCi: 0.001, meanDays: 5 }

describe('EstimatePanel', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a quick estimate just replaces the figures; one that takes a while greys them and says it is running', async () => {
    const { pinia, api } = await connectedReferee()
    const setup = useSetupStore(pinia)
    setup.syncFromView()
    const wrapper = await mountWith(EstimatePanel, pinia)
    await vi.advanceTimersByTimeAsync(100) // the refresh the first view starts
    const answer = (ms: number) =>
      api.estimate.mockImplementationOnce(() => new Promise<ApiResult<Estimate>>((r) => setTimeout(() => r({ ok: true, value: ESTIMATE }), ms)))

    answer(100)
    void setup.refreshNow()
    await vi.advanceTimersByTimeAsync(50)
    expect(wrapper.attributes('aria-busy')).toBe('true')
    expect(wrapper.find('[data-test=estimate-running]').exists()).toBe(false)
    await vi.advanceTimersByTimeAsync(100)
    await flushPromises()
    expect(wrapper.attributes('aria-busy')).toBe('false')
    expect(wrapper.get('[data-test=estimate]').classes()).not.toContain('stale')
    expect(wrapper.find('[data-test=estimate-running]').exists()).toBe(false)

    answer(1000)
    void setup.refreshNow()
    await vi.advanceTimersByTimeAsync(300)
    expect(wrapper.find('[data-test=estimate-running]').exists()).toBe(true)
    expect(wrapper.get('[data-test=estimate]').classes()).toContain('stale')
    await vi.advanceTimersByTimeAsync(800)
    await flushPromises()
    expect(wrapper.find('[data-test=estimate-running]').exists()).toBe(false)
    expect(wrapper.get('[data-test=estimate]').classes()).not.toContain('stale')
    // The rows name the teams as the draft ruleset does (a club's own word too), not one word per language.
    setup.draft!.names.en.teamNames.town = 'Our village'
    await flushPromises()
    expect(wrapper.findAll('[data-test=estimate] dt').map((d) => d.text())).toEqual(['Our village', setup.draft!.names.en.teamNames.mafia])
    wrapper.unmount()
  })
})
