// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { Line } from '../../../shared/views'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import GameLog from './GameLog.vue'

/** Line i of a long log: a game started (the simplest line there is), told apart by its number. */
const line = (i: number): Line => ({ key: 'step.addTimeGroup', params: { type: 'addTime', seconds: i, count: 2 } })
const lines = (from: number, to: number): Line[] => Array.from({ length: to - from }, (_, k) => line(from + k))

describe('GameLog', () => {
  it('shows the view’s newest lines numbered from where they start, and pages earlier ones on request', async () => {
    const { pinia, api } = await connectedReferee(makeAppView())
    api.logLines.mockImplementation(async (from: number, count: number) => ({ ok: true, value: lines(from, from + count) }))
    const w = await mountWith(GameLog, pinia, { props: { log: lines(250, 350), total: 350 } })
    expect(w.findAll('[data-test="log"] li')).toHaveLength(100)
    expect(w.get('[data-test="log"]').attributes('start')).toBe('251')
    expect(w.get('[data-test="log-earlier"]').text()).toContain('250')

    await w.get('[data-test="log-earlier"]').trigger('click')
    await flushPromises()
    expect(api.logLines).toHaveBeenLastCalledWith(50, 200)
    expect(w.findAll('[data-test="log"] li')).toHaveLength(300)
    expect(w.get('[data-test="log"]').attributes('start')).toBe('51')
    expect(w.get('[data-test="log-earlier"]').text()).toContain('50')

    await w.get('[data-test="log-earlier"]').trigger('click')
    await flushPromises()
    expect(api.logLines).toHaveBeenLastCalledWith(0, 50)
    expect(w.findAll('[data-test="log"] li')).toHaveLength(350)
    expect(w.find('[data-test="log-earlier"]').exists()).toBe(false)
    const texts = w.findAll('[data-test="log"] li').map((li) => li.text())
    expect(new Set(texts).size).toBe(350)

    // A new step: the view's window moves on by one; the line it leaves joins the fetched ones.
    await w.setProps({ log: lines(251, 351), total: 351 })
    expect(w.findAll('[data-test="log"] li')).toHaveLength(351)
    expect(w.find('[data-test="log-earlier"]').exists()).toBe(false)
    expect(w.findAll('[data-test="log"] li')[250]!.text()).toMatch(/\b250\b/)
    expect(new Set(w.findAll('[data-test="log"] li').map((li) => li.text())).size).toBe(351)

    // Undo of three steps: the window moves back; fetched lines past its start are dropped.
    await w.setProps({ log: lines(248, 348), total: 348 })
    expect(w.findAll('[data-test="log"] li')).toHaveLength(348)
    expect(new Set(w.findAll('[data-test="log"] li').map((li) => li.text())).size).toBe(348)

    // A new game: nothing fetched remains.
    await w.setProps({ log: [], total: 0 })
    expect(w.find('[data-test="log"]').exists()).toBe(false)
    expect(w.find('[data-test="log-earlier"]').exists()).toBe(false)
  })

  it('without a total (a short game) shows everything and no button', async () => {
    const { pinia, api } = await connectedReferee(makeAppView())
    const w = await mountWith(GameLog, pinia, { props: { log: lines(0, 5), total: 5 } })
    expect(w.findAll('[data-test="log"] li')).toHaveLength(5)
    expect(w.find('[data-test="log-earlier"]').exists()).toBe(false)
    expect(api.logLines).not.toHaveBeenCalled()
  })
})
