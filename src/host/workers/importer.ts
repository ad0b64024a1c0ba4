import type { ApiResult } from '../../shared/api'
import type { GameRecord } from '../../shared/club'
import type { Clock } from '../clock'
import type { Club } from '../club/club'
import type { HistoryResult, PreparedImport } from '../club/history'
import { cryptoHex } from '../random'
import { fail } from '../result'
import { newGameId } from '../summary'
import { IMPORTED_SUFFIX } from '../club/import'
import { MAX_IMPORT_BYTES, prepareImport } from '../club/history'
import type { Worker } from 'node:worker_threads'
import { findWorkerEntry, startWorker } from './worker-entry'

/**
 * Checking an imported game file off the main thread: a worker thread (import-worker.ts) parses and
 * replays it while the host goes on answering the windows and running the clocks. The worker is
 * started by the first import and kept, idle and unref'd, for the next (starting one costs
 * 0.1–0.6 s); a worker still busy after IMPORT_TIME_LIMIT_MS is ended and the import refused. The
 * host checks one import at a time. A file over the size cap is refused here, before any worker.
 */

export interface ImportJob {
  text: string
  id: string
  /** ISO time of the import: the game's date when the file has none of its own. */
  at: string
}
export type ImportReply = HistoryResult<PreparedImport>

/** A bounded file is checked in well under a second; a worker still busy after this is ended. */
export const IMPORT_TIME_LIMIT_MS = 20_000

/** Checks a file in a worker thread. */
export type ImportChecker = (job: ImportJob) => Promise<ImportReply>

const tooLarge = (): ImportReply => ({
  ok: false,
  error: { code: 'too-large', message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; a game file is much smaller.` },
})

export const findImportWorker = (here: string = import.meta.url): URL => findWorkerEntry('import-worker', here, 'import worker')

let idle: Worker | null = null

function fresh(url: URL): Worker {
  const w = startWorker(url)
  w.on('exit', () => {
    if (idle === w) idle = null
  })
  return w
}

export function checkInWorker(job: ImportJob, workerUrl: URL = findImportWorker(), timeLimitMs = IMPORT_TIME_LIMIT_MS): Promise<ImportReply> {
  if (job.text.length > MAX_IMPORT_BYTES) return Promise.resolve(tooLarge())
  return new Promise((resolve) => {
    let worker: Worker
    try {
      worker = idle ?? fresh(workerUrl)
    } catch (e) {
      return resolve(failed(e instanceof Error ? e.message : String(e)))
    }
    idle = null
    worker.ref()
    let settled = false
    const finish = (reply: ImportReply, keep: boolean): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      if (keep && idle === null) {
        worker.unref()
        idle = worker
      } else void worker.terminate()
      resolve(reply)
    }
    const onMessage = (reply: ImportReply): void => finish(reply, true)
    const onError = (e: Error): void => finish(failed(e.message), false)
    const onExit = (code: number): void => finish(failed(`the worker stopped (exit code ${code})`), false)
    const timer = setTimeout(
      () =>
        finish(
          {
            ok: false,
            error: {
              code: 'bad-file',
              message: `Checking the file took longer than ${timeLimitMs / 1000} s; it is not a game file Nightfall can read.`,
              params: { kind: 'slow' },
            },
          },
          false,
        ),
      timeLimitMs,
    )
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    worker.postMessage(job)
  })
}

const failed = (why: string): ImportReply => ({ ok: false, error: { code: 'storage-failed', message: `The file could not be checked: ${why}` } })

/** End the idle import worker, if any (the app quits; tests). */
export function disposeImportWorker(): void {
  const w = idle
  idle = null
  void w?.terminate()
}

/** The same check on the calling thread (tests, the CLI). */
export const checkHere: ImportChecker = (job) => Promise.resolve(prepareImport(job.text, job.id, new Date(job.at)))

/** The host's imports: checked by `check` (a worker thread by default), then saved by the club; one at a time. */
export class Imports {
  private busy = false
  constructor(
    private readonly club: Club,
    private readonly clock: Clock,
    private readonly check: ImportChecker = (job) => checkInWorker(job),
  ) {}

  /** `replace`: the same game saved already is replaced (the referee agreed), not refused. */
  async run(text: string, replace = false): Promise<ApiResult<GameRecord>> {
    if (this.busy) return fail('unavailable', 'Another file is being imported; try again when it is done.')
    this.busy = true
    try {
      const at = new Date(this.clock.now())
      const checked = await this.check({ text, id: `${newGameId(at, cryptoHex(3))}${IMPORTED_SUFFIX}`, at: at.toISOString() })
      return checked.ok ? this.club.saveImport(checked.value, replace) : checked
    } finally {
      this.busy = false
    }
  }
}
