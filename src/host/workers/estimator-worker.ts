/**
 * The estimator's worker thread. Each job names a setup and a shared control block; the worker
 * plays chunks of the batch — taking the next unclaimed chunk index from the block, so several
 * workers share one batch — and posts each chunk's tally, until the chunks run out or the block's
 * stop flag is set (the batch is done, superseded or cancelled). Started and kept warm by
 * ./estimator.ts. In the built app this file is its own main-process entry (out/main/estimator-worker.js).
 */
import { parentPort } from 'node:worker_threads'
import { prepareBatch } from '../../sim/simulate'
import { CONTROL_NEXT, CONTROL_STOP, type EstimatorJob, type EstimatorReply } from './estimator-protocol'

parentPort?.on('message', (job: EstimatorJob) => {
  const post = (reply: EstimatorReply): void => parentPort?.postMessage(reply)
  const control = new Int32Array(job.control)
  let batch
  try {
    batch = prepareBatch({ ...job.request, seed: job.seed })
  } catch (e) {
    post({ id: job.id, kind: 'failed', message: e instanceof Error ? e.message : String(e) })
    return
  }
  while (Atomics.load(control, CONTROL_STOP) === 0) {
    const index = Atomics.add(control, CONTROL_NEXT, 1)
    if (index >= batch.chunks) break
    post({ id: job.id, kind: 'chunk', index, tally: batch.play(index) })
  }
})
