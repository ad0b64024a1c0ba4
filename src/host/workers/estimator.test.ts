import { describe, expect, test } from 'vitest'
import type { EstimateRequest } from '../../shared/api'
import { preset, suggestCounts } from '../../engine'
import { simulate } from '../../sim'
import { createEstimator, DEFAULT_SEED, findWorker, runEstimate } from './estimator'

const request = (games: number, id: 'maffiasig' | 'estonian' | 'swedish' = 'estonian', players = 12): EstimateRequest => {
  const ruleset = preset(id)
  return { ruleset, players, counts: suggestCounts(ruleset, players), policy: 'informed', games }
}

describe('estimator worker', () => {
  test('the worker gives the same numbers as simulate() in this thread, for the same seed', async () => {
    const req = request(2000)
    const off = await runEstimate(req, { seed: 42 })
    const here = simulate({ ...req, seed: 42 })
    expect(off).toEqual(here)
    // The default seed is fixed: the same setup always shows the same figures.
    expect(await runEstimate(req)).toEqual(simulate({ ...req, seed: DEFAULT_SEED }))
  })

  test('a newer request supersedes the older one', async () => {
    const est = createEstimator()
    const slow = est.run(request(2_000_000), { seed: 1 })
    const fast = est.run(request(200, 'swedish', 9), { seed: 2 })
    await expect(slow).rejects.toMatchObject({ name: 'AbortError', message: /newer estimate/ })
    const r = await fast
    expect(r.games).toBe(200)
  })

  test('aborting the signal cancels the estimate', async () => {
    const ctrl = new AbortController()
    const started = Date.now()
    const p = createEstimator().run(request(2_000_000), { signal: ctrl.signal })
    setTimeout(() => ctrl.abort(), 50)
    await expect(p).rejects.toMatchObject({ name: 'AbortError' })
    expect(Date.now() - started).toBeLessThan(10_000)
    const pre = new AbortController()
    pre.abort()
    await expect(createEstimator().run(request(10), { signal: pre.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('warm workers serve request after request; a superseded batch stops between chunks, no worker is replaced', async () => {
    const est = createEstimator({ workers: 2 })
    const a = await est.run(request(300), { seed: 1 })
    const b = await est.run(request(300), { seed: 1 })
    expect(b).toEqual(a)
    expect(est.started).toBe(2)
    const slow = est.run(request(2_000_000), { seed: 1 })
    const next = est.run(request(100), { seed: 3 })
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' })
    expect((await next).games).toBe(100)
    expect(est.started).toBe(2)
    est.dispose()
    expect((await est.run(request(50))).games).toBe(50)
    expect(est.started).toBe(4)
    est.dispose()
  })

  test('warm() starts the workers before the first estimate, which then starts none; a second warm() none either', async () => {
    const est = createEstimator({ workers: 2 })
    expect(est.started).toBe(0)
    est.warm()
    expect(est.started).toBe(2)
    expect(est.warmUpGames).toBe(12_000)
    est.warm()
    expect(est.warmUpGames).toBe(12_000)
    // Asked while the workers still play their warm-up batches: those stop, and none of their
    // chunks is counted in this estimate; what is left of the warm-up goes on once it is answered.
    const req = request(600, 'swedish', 9)
    const answer = est.run(req, { seed: 5 })
    expect(est.warmUpGames).toBe(0)
    expect(await answer).toEqual(simulate({ ...req, seed: 5 }))
    expect(est.warmUpGames).toBeGreaterThan(0)
    expect(est.warmUpGames).toBeLessThanOrEqual(12_000)
    expect(est.started).toBe(2)
    est.dispose()
    expect(est.warmUpGames).toBe(0)
  })

  test('the result for a seed is the same with one worker or two, and equals simulate() in this thread', async () => {
    const one = createEstimator({ workers: 1 })
    const two = createEstimator({ workers: 2 })
    try {
      for (const [req, seed] of [
        [request(3_100, 'maffiasig'), 9],
        [request(2_000, 'swedish', 9), 10],
      ] as const) {
        const [a, b] = await Promise.all([one.run(req, { seed }), two.run(req, { seed })])
        expect(b).toEqual(a)
        expect(a).toEqual(simulate({ ...req, seed }))
        expect(a.games).toBe(req.games)
      }
      // Sequential stopping ends at the same chunk whoever plays the chunks.
      const precise = { ...request(20_000, 'maffiasig'), precision: 0.015 }
      const [a, b] = await Promise.all([one.run(precise, { seed: 4 }), two.run(precise, { seed: 4 })])
      expect(b).toEqual(a)
      expect(a).toEqual(simulate({ ...precise, seed: 4 }))
      expect(a.games).toBeLessThan(20_000)
      expect(Math.max(a.townCi, a.mafiaCi, a.drawCi)).toBeLessThanOrEqual(0.015)
    } finally {
      one.dispose()
      two.dispose()
    }
  })

  test('a missing worker entry is a clear error', async () => {
    expect(() => findWorker('file:///nowhere/out/main/index.js')).toThrow(/estimator worker is missing/)
    expect(findWorker(import.meta.url.replace(/estimator\.test\.ts$/, 'estimator.ts')).pathname).toMatch(/estimator-worker\.ts$/)
    const est = createEstimator({ workerUrl: new URL('file:///nowhere/estimator-worker.js') })
    await expect(est.run(request(10))).rejects.toThrow()
  })

  test('independent estimators do not cancel each other', async () => {
    const [a, b] = await Promise.all([createEstimator().run(request(300), { seed: 5 }), createEstimator().run(request(300), { seed: 5 })])
    expect(a).toEqual(b)
  })

  test('a setup the engine refuses rejects with its reason', async () => {
    const ruleset = preset('maffiasig')
    const bad: EstimateRequest = { ruleset, players: 8, counts: { mafia: 4, investigator: 0, doctor: 0, citizen: 4 }, policy: 'random', games: 10 }
    await expect(createEstimator().run(bad)).rejects.toThrow(/mafia would win/)
  })
})
