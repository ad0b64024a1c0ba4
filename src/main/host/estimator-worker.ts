/**
 * The estimator's worker thread: runs one simulate() off the main thread and posts the result.
 * Started by ./estimator.ts (one worker per request; a superseded request's worker is terminated).
 * In the built app this file is its own main-process entry (out/main/estimator-worker.js).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { simulate } from '../sim'
import type { EstimatorJob, EstimatorReply } from './estimator'

const job = workerData as EstimatorJob
let reply: EstimatorReply
try {
  reply = { ok: true, simulation: simulate({ ...job.request, seed: job.seed }) }
} catch (e) {
  reply = { ok: false, message: e instanceof Error ? e.message : String(e) }
}
parentPort?.postMessage(reply)
