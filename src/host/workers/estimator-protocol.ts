/** What the estimator (./estimator.ts) and its worker threads (./estimator-worker.ts) say to each other. */
import type { EstimateRequest } from '../../shared/api'
import type { Tally } from '../../sim/tally'

/** Int32 slots of a job's shared control block: the next chunk to claim, and the stop flag. */
export const CONTROL_NEXT = 0
export const CONTROL_STOP = 1
export const CONTROL_SLOTS = 2

/** One batch for one worker; every worker of the batch gets the same control block. */
export interface EstimatorJob {
  id: number
  request: EstimateRequest
  seed: number
  control: SharedArrayBuffer
}

export type EstimatorReply = { id: number; kind: 'chunk'; index: number; tally: Tally } | { id: number; kind: 'failed'; message: string }
