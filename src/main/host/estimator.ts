import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EstimateRequest } from '../../shared/api'
import { DEFAULT_SEED } from '../sim/prng'
import type { Simulation } from '../sim/simulate'

/**
 * The balance estimator off the main thread: each request runs simulate() (src/main/sim) in a Node
 * worker thread, so the referee window never waits on it. A newer request supersedes the older one
 * (its worker is terminated and its promise rejects with an AbortError), and so does aborting the
 * caller's signal. Resolves with a Simulation, which is an Estimate plus the raw counts.
 *
 * One worker is kept warm between requests (loading the engine and zod costs 0.1–0.3 s), unref'd
 * while idle so it never keeps the process alive; dispose() ends it.
 *
 * The worker entry is the file next to this one: estimator-worker.ts when running from source
 * (vitest, tsx: the worker registers tsx first), estimator-worker.js when bundled — the app's
 * electron.vite.config.ts builds it as a second main-process entry (see docs/estimator.md).
 */

export interface EstimateOptions {
  signal?: AbortSignal
  /** Seed of the simulation's PRNG. The default is fixed, so the same setup shows the same figures. */
  seed?: number
}

/** What the worker is given, and what it answers. */
export interface EstimatorJob {
  id: number
  request: EstimateRequest
  seed: number
}
export type EstimatorReply = { id: number; ok: true; simulation: Simulation } | { id: number; ok: false; message: string }

export { DEFAULT_SEED }

const isTs = (u: URL): boolean => /\.[cm]?ts$/.test(u.pathname)

/**
 * The worker's location. From source, import.meta.url is this file and the entry is the .ts beside
 * it. Built, this module sits in the main bundle — or, when the bundler shares it between entries,
 * in out/main/chunks/ — and the entry is out/main/estimator-worker.js: beside it or one level up.
 */
export function findWorker(here: string = import.meta.url): URL {
  if (isTs(new URL(here))) return new URL('./estimator-worker.ts', here)
  const candidates = ['./estimator-worker.js', '../estimator-worker.js'].map((f) => new URL(f, here))
  const found = candidates.find((u) => existsSync(fileURLToPath(u)))
  if (!found)
    throw new Error(
      `The estimator worker is missing (looked for ${candidates.map((u) => fileURLToPath(u)).join(' and ')}); ` +
        'build src/main/host/estimator-worker.ts as a main-process entry (docs/estimator.md).',
    )
  return found
}

function startWorker(url: URL): Worker {
  if (!isTs(url)) return new Worker(url)
  // From source the worker must compile TypeScript: register tsx in the worker, then load the entry.
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}) })`
  return new Worker(code, { eval: true })
}

const abortError = (message: string): Error => Object.assign(new Error(message), { name: 'AbortError' })

export interface EstimatorRunner {
  /** Run one estimate; a newer run() supersedes an unfinished older one. */
  run(request: EstimateRequest, opts?: EstimateOptions): Promise<Simulation>
  /** Cancel the running estimate, if any. */
  cancel(): void
  /** Cancel, and end the warm worker. A later run() starts a new one. */
  dispose(): void
  /** How many workers this estimator has started (for tests). */
  readonly started: number
}

/** An estimator with its own "current request" slot and warm worker. `workerUrl` overrides where the worker entry is. */
export function createEstimator(config: { workerUrl?: URL } = {}): EstimatorRunner {
  let idle: Worker | null = null
  let stopCurrent: ((why: string) => void) | null = null
  let nextId = 1
  let started = 0

  const spawn = (): Worker => {
    const w = startWorker(config.workerUrl ?? findWorker())
    started++
    // An idle worker that dies is simply dropped; a busy one's run() hears of it through its own listeners.
    w.on('error', () => {})
    w.once('exit', () => {
      if (idle === w) idle = null
    })
    return w
  }

  const park = (w: Worker): void => {
    if (idle) void w.terminate()
    else {
      w.unref()
      idle = w
    }
  }

  const cancel = (why = 'The estimate was cancelled.'): void => {
    const stop = stopCurrent
    stopCurrent = null
    stop?.(why)
  }

  const run = (request: EstimateRequest, opts: EstimateOptions = {}): Promise<Simulation> => {
    cancel('A newer estimate replaced this one.')
    const { signal, seed = DEFAULT_SEED } = opts
    if (signal?.aborted) return Promise.reject(abortError('The estimate was cancelled.'))
    let worker: Worker
    try {
      worker = idle ?? spawn()
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)))
    }
    idle = null
    worker.ref()
    const id = nextId++

    return new Promise<Simulation>((resolve, reject) => {
      const done = (): void => {
        if (stopCurrent === stop) stopCurrent = null
        signal?.removeEventListener('abort', onAbort)
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
      }
      const stop = (why: string): void => {
        done()
        void worker.terminate()
        reject(abortError(why))
      }
      const onAbort = (): void => stop('The estimate was cancelled.')
      const onMessage = (reply: EstimatorReply): void => {
        if (reply.id !== id) return
        done()
        park(worker)
        if (!reply.ok) return reject(new Error(reply.message))
        const s = reply.simulation
        // A game that never ended is a bug (engine or policy); say so rather than show biased odds.
        if (s.errors > 0) return reject(new Error(`${s.errors} of ${s.requested} simulated games did not end. ${s.firstError ?? ''}`.trim()))
        resolve(s)
      }
      const onError = (e: Error): void => {
        done()
        void worker.terminate()
        reject(e)
      }
      const onExit = (code: number): void => {
        done()
        reject(new Error(`The estimator worker stopped (exit code ${code}) without an answer.`))
      }
      stopCurrent = stop
      signal?.addEventListener('abort', onAbort, { once: true })
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.on('exit', onExit)
      const job: EstimatorJob = { id, request, seed }
      worker.postMessage(job)
    })
  }

  return {
    run,
    cancel: () => cancel(),
    dispose() {
      cancel()
      const w = idle
      idle = null
      void w?.terminate()
    },
    get started() {
      return started
    },
  }
}

const shared = createEstimator()

/**
 * Estimate the odds of a setup off the main thread. One shared slot: a newer call supersedes an
 * older unfinished one, whose promise rejects with an AbortError. Fits GameHostOptions.estimate.
 */
export const runEstimate = (request: EstimateRequest, opts?: EstimateOptions): Promise<Simulation> => shared.run(request, opts)

/** End the shared estimator's warm worker (e.g. when the app quits). */
export const disposeEstimator = (): void => shared.dispose()
