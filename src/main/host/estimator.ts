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
  request: EstimateRequest
  seed: number
}
export type EstimatorReply = { ok: true; simulation: Simulation } | { ok: false; message: string }

export { DEFAULT_SEED }

/** The worker's location. import.meta.url is this file from source, or the main bundle when built. */
function workerSpec(): { url: URL; fromSource: boolean } {
  const here = import.meta.url
  const fromSource = /\.[cm]?ts$/.test(new URL(here).pathname)
  const file = fromSource ? './estimator-worker.ts' : './estimator-worker.js'
  return { url: new URL(file, here), fromSource }
}

function startWorker(job: EstimatorJob): Worker {
  const { url, fromSource } = workerSpec()
  if (!fromSource) return new Worker(url, { workerData: job })
  // From source the worker must compile TypeScript: register tsx in the worker, then load the entry.
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}) })`
  return new Worker(code, { eval: true, workerData: job })
}

const abortError = (message: string): Error => Object.assign(new Error(message), { name: 'AbortError' })

export interface EstimatorRunner {
  /** Run one estimate; a newer run() supersedes an unfinished older one. */
  run(request: EstimateRequest, opts?: EstimateOptions): Promise<Simulation>
  /** Cancel the running estimate, if any. */
  cancel(): void
}

/** An estimator with its own "current request" slot. */
export function createEstimator(): EstimatorRunner {
  let cancelCurrent: ((why: string) => void) | null = null

  const cancel = (why = 'The estimate was cancelled.'): void => {
    const c = cancelCurrent
    cancelCurrent = null
    c?.(why)
  }

  const run = (request: EstimateRequest, opts: EstimateOptions = {}): Promise<Simulation> => {
    cancel('A newer estimate replaced this one.')
    const { signal, seed = DEFAULT_SEED } = opts
    if (signal?.aborted) return Promise.reject(abortError('The estimate was cancelled.'))
    return new Promise<Simulation>((resolve, reject) => {
      let settled = false
      const worker = startWorker({ request, seed })
      const finish = (): void => {
        settled = true
        if (cancelCurrent === stop) cancelCurrent = null
        signal?.removeEventListener('abort', onAbort)
        void worker.terminate()
      }
      const stop = (why: string): void => {
        if (settled) return
        finish()
        reject(abortError(why))
      }
      const onAbort = (): void => stop('The estimate was cancelled.')
      cancelCurrent = stop
      signal?.addEventListener('abort', onAbort, { once: true })
      worker.once('message', (reply: EstimatorReply) => {
        if (settled) return
        finish()
        if (!reply.ok) return reject(new Error(reply.message))
        const s = reply.simulation
        // A game that never ended is a bug (engine or policy); say so rather than show biased odds.
        if (s.errors > 0) return reject(new Error(`${s.errors} of ${s.requested} simulated games did not end. ${s.firstError ?? ''}`.trim()))
        resolve(s)
      })
      worker.once('error', (e) => {
        if (settled) return
        finish()
        reject(e)
      })
      worker.once('exit', (code) => {
        if (settled) return
        finish()
        reject(new Error(`The estimator worker stopped (exit code ${code}) without an answer.`))
      })
    })
  }

  return { run, cancel: () => cancel() }
}

const shared = createEstimator()

/**
 * Estimate the odds of a setup off the main thread. One shared slot: a newer call supersedes an
 * older unfinished one, whose promise rejects with an AbortError. Fits GameHostOptions.estimate.
 */
export const runEstimate = (request: EstimateRequest, opts?: EstimateOptions): Promise<Simulation> => shared.run(request, opts)
