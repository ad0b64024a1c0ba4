/**
 * The estimator's worker thread: answers each job message with one simulate() run. Started and kept
 * warm by ./estimator.ts (a superseded job's worker is terminated, not interrupted).
 * In the built app this file is its own main-process entry (out/main/estimator-worker.js).
 */
import { parentPort } from 'node:worker_threads'
import { simulate } from '../sim'
import type { EstimatorJob, EstimatorReply } from './estimator'

parentPort?.on('message', (job: EstimatorJob) => {
  let reply: EstimatorReply
  try {
    reply = { id: job.id, ok: true, simulation: simulate({ ...job.request, seed: job.seed }) }
  } catch (e) {
    reply = { id: job.id, ok: false, message: e instanceof Error ? e.message : String(e) }
  }
  parentPort?.postMessage(reply)
})
