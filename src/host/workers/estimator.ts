import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { EstimateRequest } from '../../shared/api'
import { preset, suggestCounts } from '../../engine'
import { DEFAULT_SEED } from '../../sim/prng'
import type { Simulation } from '../../sim/simulate'
import { CHUNK_GAMES, ChunkMerger, chunkCount } from '../../sim/tally'
import { findWorkerEntry, startWorker } from './worker-entry'
import { CONTROL_NEXT, CONTROL_SLOTS, CONTROL_STOP, type EstimatorJob, type EstimatorReply } from './estimator-protocol'

/**
 * The balance estimator off the main thread. A request's games are split into fixed chunks (see
 * src/sim/tally.ts) played by worker threads — one per core by default — each taking the next
 * unclaimed chunk from a shared counter; the chunks are merged in chunk order, so the result for a
 * seed is the same whatever the number of workers, and exactly what simulate() gives in one thread.
 * With `precision` the batch stops at the first chunk where every interval is within ± precision.
 *
 * A newer request supersedes the older one (its promise rejects with an AbortError), and so does
 * aborting the caller's signal: the batch's stop flag is set and the workers, which check it between
 * chunks, take the next job — nothing is terminated, so the workers stay warm (loading the engine
 * and zod in a fresh worker costs 0.1–0.6 s). They are unref'd while idle, so they never keep the
 * process alive; dispose() ends them.
 *
 * The worker entry is the file next to this one: estimator-worker.ts when running from source
 * (vitest, tsx: the worker registers tsx first), estimator-worker.js when bundled — the app's
 * electron.vite.config.ts builds it as a second main-process entry (see docs/estimator.md).
 */

export interface EstimateOptions {
  signal?: AbortSignal
  /** Seed of the simulation's PRNG. The default is fixed, so the same setup shows the same figures. */
  seed?: number
  /** Resolve even when some games did not end (counted in `errors`); by default that rejects. For the CLI, which reports them itself. */
  keepErrors?: boolean
}

export type { EstimatorJob, EstimatorReply } from './estimator-protocol'
export { DEFAULT_SEED }

/** One worker per core by default. */
export const defaultWorkers = (): number => Math.max(1, availableParallelism())

/** The estimator worker's entry (worker-entry.ts): estimator-worker.ts beside this file from source, out/main/estimator-worker.js built. */
export const findWorker = (here: string = import.meta.url): URL => findWorkerEntry('estimator-worker', here, 'estimator worker')

/**
 * What warm() has the workers play, the answers dropped: each preset's 12-player table. Until V8
 * has optimised the engine, games run 5–20 times slower (a fresh worker's first 1,000 MaffiaSIG
 * games at 2,600 games/s, the next at 23,000, 35,000, 38,000, 43,000, then about 49,000), which
 * would otherwise land on the referee's first estimates. About 6,000 games per worker.
 */
const WARM_UP: readonly EstimateRequest[] = (['maffiasig', 'estonian', 'swedish'] as const).map((id) => {
  const ruleset = preset(id)
  return { ruleset, players: 12, counts: suggestCounts(ruleset, 12), policy: 'informed', games: 4000 }
})

const abortError = (message: string): Error => Object.assign(new Error(message), { name: 'AbortError' })

export interface EstimatorRunner {
  /** Run one estimate; a newer run() supersedes an unfinished older one. */
  run(request: EstimateRequest, opts?: EstimateOptions): Promise<Simulation>
  /**
   * Start the worker threads now and let them play a few unseen batches, so the estimates wait
   * neither for them to load the engine nor for V8 to optimise it. A real estimate stops the
   * warm-up between chunks; what is left of it is played once that estimate is answered. A worker
   * that cannot start is not reported here: the next run() rejects with the reason.
   */
  warm(): void
  /** Cancel the running estimate, if any. */
  cancel(): void
  /** Cancel, and end the warm workers. A later run() starts new ones. */
  dispose(): void
  /** The games of the warm-up batches posted and not stopped (for tests; some may be played already). */
  readonly warmUpGames: number
  /** How many worker threads this estimator has started (for tests). */
  readonly started: number
  /** How many it uses at once. */
  readonly workers: number
}

export interface EstimatorConfig {
  /** Where the worker entry is (default: findWorker()). */
  workerUrl?: URL
  /** Worker threads per estimate (default: one per core). The result does not depend on it. */
  workers?: number
}

/** An estimator with its own "current request" slot and warm workers. */
export function createEstimator(config: EstimatorConfig = {}): EstimatorRunner {
  const size = Math.max(1, Math.floor(config.workers ?? defaultWorkers()))
  const pool: Worker[] = []
  let stopCurrent: ((why: string) => void) | null = null
  let nextId = 1
  let started = 0
  /** The warm-up batches posted, with their control blocks (a real estimate stops them first). */
  let warming: { request: EstimateRequest; flags: Int32Array }[] = []
  /** What a real estimate interrupted of the warm-up: played once the estimate is done. */
  let warmLeft: EstimateRequest[] = []

  const postWarmUp = (requests: readonly EstimateRequest[]): void => {
    // Job id 0 is nobody's: no run listens for it. Each batch's chunks are shared by the workers.
    for (const request of requests) {
      const control = new SharedArrayBuffer(CONTROL_SLOTS * Int32Array.BYTES_PER_ELEMENT)
      warming.push({ request, flags: new Int32Array(control) })
      const job: EstimatorJob = { id: 0, request, seed: DEFAULT_SEED, control }
      for (const w of pool) w.postMessage(job)
    }
  }
  /** Stop the warm-up between chunks, keeping what it has not played yet for later. */
  const stopWarmUp = (): void => {
    for (const { request, flags } of warming) {
      Atomics.store(flags, CONTROL_STOP, 1)
      // A claimed chunk is always played to its end: what is left is the unclaimed games.
      const left = request.games - Math.min(chunkCount(request.games), Atomics.load(flags, CONTROL_NEXT)) * CHUNK_GAMES
      if (left > 0) warmLeft.push({ ...request, games: left })
    }
    warming = []
  }
  const resumeWarmUp = (): void => {
    const left = warmLeft
    warmLeft = []
    if (left.length > 0 && stopCurrent === null) postWarmUp(left)
  }

  const spawn = (): Worker => {
    const w = startWorker(config.workerUrl ?? findWorker())
    started++
    w.unref()
    // A worker that dies leaves the pool; a running estimate hears of it through its own listeners.
    w.on('error', () => {})
    w.once('exit', () => {
      const i = pool.indexOf(w)
      if (i >= 0) pool.splice(i, 1)
    })
    return w
  }

  const cancel = (why = 'The estimate was cancelled.'): void => {
    const stop = stopCurrent
    stopCurrent = null
    stop?.(why)
  }

  const run = (request: EstimateRequest, opts: EstimateOptions = {}): Promise<Simulation> => {
    cancel('A newer estimate replaced this one.')
    stopWarmUp()
    const { signal, seed = DEFAULT_SEED, keepErrors = false } = opts
    if (signal?.aborted) return Promise.reject(abortError('The estimate was cancelled.'))
    try {
      while (pool.length < size) pool.push(spawn())
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)))
    }
    const workers = [...pool]
    const id = nextId++
    const control = new SharedArrayBuffer(CONTROL_SLOTS * Int32Array.BYTES_PER_ELEMENT)
    const flags = new Int32Array(control)
    const merger = new ChunkMerger({
      policy: request.policy,
      seed,
      games: request.games,
      precision: request.precision ?? null,
      chunks: chunkCount(request.games),
    })

    return new Promise<Simulation>((resolve, reject) => {
      const done = (): void => {
        Atomics.store(flags, CONTROL_STOP, 1)
        if (stopCurrent === stop) stopCurrent = null
        signal?.removeEventListener('abort', onAbort)
        for (const w of workers) {
          w.off('message', onMessage)
          w.off('error', onError)
          w.off('exit', onExit)
          w.unref()
        }
      }
      const stop = (why: string): void => {
        done()
        reject(abortError(why))
      }
      const onAbort = (): void => stop('The estimate was cancelled.')
      const onMessage = (reply: EstimatorReply): void => {
        if (reply.id !== id) return
        if (reply.kind === 'failed') {
          done()
          return reject(new Error(reply.message))
        }
        const s = merger.add(reply.index, reply.tally)
        if (!s) return
        done()
        // A game that never ended is a bug (engine or policy); say so rather than show biased odds.
        if (s.errors > 0 && !keepErrors) reject(new Error(`${s.errors} of ${s.requested} simulated games did not end. ${s.firstError ?? ''}`.trim()))
        else resolve(s)
        resumeWarmUp()
      }
      const onError = (e: Error): void => {
        done()
        reject(e)
      }
      const onExit = (code: number): void => {
        done()
        reject(new Error(`An estimator worker stopped (exit code ${code}) without an answer.`))
      }
      stopCurrent = stop
      signal?.addEventListener('abort', onAbort, { once: true })
      for (const w of workers) {
        w.ref()
        w.on('message', onMessage)
        w.on('error', onError)
        w.on('exit', onExit)
        const job: EstimatorJob = { id, request, seed, control }
        w.postMessage(job)
      }
    })
  }

  return {
    run,
    warm() {
      const fresh: Worker[] = []
      try {
        while (pool.length < size) {
          const w = spawn()
          pool.push(w)
          fresh.push(w)
        }
      } catch {
        return // run() reports it.
      }
      if (fresh.length === 0) return
      stopWarmUp()
      warmLeft = []
      postWarmUp(WARM_UP)
    },
    cancel: () => cancel(),
    dispose() {
      cancel()
      stopWarmUp()
      warmLeft = []
      for (const w of pool.splice(0)) void w.terminate()
    },
    get started() {
      return started
    },
    get warmUpGames() {
      return warming.reduce((n, w) => n + w.request.games, 0)
    },
    get workers() {
      return size
    },
  }
}

const shared = createEstimator()

/**
 * Estimate the odds of a setup off the main thread. One shared slot: a newer call supersedes an
 * older unfinished one, whose promise rejects with an AbortError. Fits GameHostOptions.estimate.
 */
export const runEstimate = (request: EstimateRequest, opts?: EstimateOptions): Promise<Simulation> => shared.run(request, opts)

/** Start the shared estimator's workers ahead of the first estimate (once the windows are up). */
export const warmEstimator = (): void => shared.warm()

/** End the shared estimator's warm workers (e.g. when the app quits). */
export const disposeEstimator = (): void => shared.dispose()
