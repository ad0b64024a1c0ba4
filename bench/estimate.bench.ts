/**
 * The balance estimate as the app runs it: the bundled worker (esbuild, as electron-vite bundles it)
 * in warm worker threads — one, and one per core — playing a batch's chunks (src/host/workers/estimator.ts).
 * Prints games/s for 12 and 18 players (each preset, both policies), the headline (10,000 games of
 * 12, MaffiaSIG, informed), and the ±1 % estimate the setup screen asks for: games used and time.
 * Wall times, median of several runs; other load on the machine slows every figure (load printed).
 *
 * `npm run bench -- estimate [--quick]`.
 */
import { availableParallelism, cpus, loadavg } from 'node:os'
import type { EstimateRequest } from '../src/shared/api'
import type { PresetId } from '../src/shared/ruleset'
import { bundledEstimatorWorker } from '../src/cli/worker-bundle'
import { preset, suggestCounts } from '../src/engine'
import { createEstimator, type EstimatorRunner } from '../src/host/workers/estimator'
import type { PolicyName } from '../src/sim'

const PRESETS: PresetId[] = ['maffiasig', 'estonian', 'swedish']
const POLICIES: PolicyName[] = ['random', 'informed']
const fmt = (x: number, d = 0): string => x.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d })
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

function table(headers: string[], rows: string[][]): string {
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i] ?? 0) : c.padStart(w[i] ?? 0))).join('  ')
  return [line(headers), w.map((x) => '-'.repeat(x)).join('  '), ...rows.map(line)].join('\n')
}

const request = (id: PresetId, players: number, policy: PolicyName, games: number, precision?: number): EstimateRequest => {
  const ruleset = preset(id)
  return { ruleset, players, counts: suggestCounts(ruleset, players), policy, games, ...(precision ? { precision } : {}) }
}

/**
 * Median wall ms, median CPU ms of the whole process (every worker thread included; the main thread
 * only waits), and the last result's games, of `runs` runs of one request. On a loaded machine the
 * CPU time is the fair figure: wall time there is mostly waiting for a core.
 */
async function time(est: EstimatorRunner, req: EstimateRequest, runs: number): Promise<{ ms: number; cpuMs: number; games: number }> {
  const ms: number[] = []
  const cpu: number[] = []
  let games = 0
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const s = await est.run(req, { seed: 1000 + i })
    ms.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
    games = s.games
  }
  return { ms: median(ms), cpuMs: median(cpu), games }
}

export default async function bench(): Promise<void> {
  const quick = process.argv.includes('--quick')
  const runs = quick ? 3 : 7
  const cores = availableParallelism()
  console.log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cores}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  )
  const workerUrl = await bundledEstimatorWorker()
  if (!workerUrl) {
    console.log('(esbuild not found: the bundled worker cannot be built; skipped)')
    return
  }
  const counts = [...new Set([1, cores])]
  const estimators = new Map(counts.map((n) => [n, createEstimator({ workerUrl, workers: n })]))
  try {
    // Start the workers and let V8 optimise the engine, as the app's warm() does before the first
    // edit: a fresh worker needs a few thousand games of each preset to reach full speed.
    for (const est of estimators.values()) for (const id of PRESETS) await est.run(request(id, 12, 'informed', 10_000))

    console.log(`\nHeadline: 10,000 games of 12 players, MaffiaSIG, informed (goal ≤ 120 ms on two cores); median of ${runs}`)
    const head: string[][] = []
    for (const [n, est] of estimators) {
      const r = await time(est, request('maffiasig', 12, 'informed', 10_000), runs)
      head.push([`${n} worker${n === 1 ? '' : 's'}`, fmt(r.ms, 1), fmt((10_000 / r.ms) * 1000), fmt(r.cpuMs, 1), fmt((10_000 / r.cpuMs) * 1000)])
    }
    console.log(table(['threads', 'wall ms', 'games/s', 'CPU ms', 'games/CPU-s'], head))

    console.log(`\nThe setup screen's ±1 % estimate (at most 10,000 games, 12 players, informed); median of ${runs}`)
    const pm: string[][] = []
    for (const id of PRESETS)
      for (const [n, est] of estimators) {
        const r = await time(est, request(id, 12, 'informed', 10_000, 0.01), runs)
        pm.push([id, String(n), fmt(r.games), fmt(r.ms, 1), fmt(r.cpuMs, 1)])
      }
    console.log(table(['preset', 'workers', 'games used', 'wall ms', 'CPU ms'], pm))

    const games = quick ? 2000 : 10_000
    console.log(`\nGames/s (wall) and games per CPU-second, ${fmt(games)} games per cell, median of ${quick ? 1 : 3}`)
    const rows: string[][] = []
    for (const id of PRESETS)
      for (const players of [12, 18])
        for (const policy of POLICIES) {
          const cells = [id, String(players), policy]
          for (const est of estimators.values()) {
            const r = await time(est, request(id, players, policy, games), quick ? 1 : 3)
            cells.push(fmt((games / r.ms) * 1000), fmt((games / r.cpuMs) * 1000))
          }
          rows.push(cells)
        }
    console.log(table(['preset', 'players', 'policy', ...counts.flatMap((n) => [`${n} worker${n === 1 ? '' : 's'}/s`, 'per CPU-s'])], rows))
  } finally {
    for (const est of estimators.values()) est.dispose()
  }
}
