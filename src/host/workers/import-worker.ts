/**
 * The import's worker thread: checks one game file (size, format, every command replayed) off the
 * main thread, so the host keeps answering the windows while a large or hostile file is read. One
 * job per worker (./importer.ts starts one per import). In the built app this file is its own
 * main-process entry (out/main/import-worker.js).
 */
import { parentPort } from 'node:worker_threads'
import { prepareImport } from '../club/history'
import type { ImportJob, ImportReply } from './importer'

parentPort?.on('message', (job: ImportJob) => {
  let reply: ImportReply
  try {
    reply = prepareImport(job.text, job.id, new Date(job.at))
  } catch (e) {
    reply = {
      ok: false,
      error: { code: 'bad-file', message: `The file could not be read: ${e instanceof Error ? e.message : String(e)}`, params: { kind: 'unreadable' } },
    }
  }
  parentPort?.postMessage(reply)
})
