import type { ApiResult, Estimate, EstimateRequest } from '../shared/api'
import { setupProblems } from '../engine'
import { fail, messageOf, ok, setupRefused } from './result'

export type Estimator = (req: EstimateRequest, opts: { signal: AbortSignal }) => Promise<Estimate>

/** The odds estimate: one at a time, a newer request cancels the one running. */
export class LatestEstimate {
  private running: AbortController | null = null

  constructor(private readonly estimator: Estimator | undefined) {}

  async run(req: EstimateRequest): Promise<ApiResult<Estimate>> {
    if (!this.estimator) return fail('unavailable', 'The odds estimator is not available in this build.')
    const problems = setupProblems(
      req.ruleset,
      Array.from({ length: req.players }, (_, i) => `P${i + 1}`),
      req.counts,
    )
    if (problems.length) return setupRefused(problems)
    this.running?.abort()
    const ctrl = new AbortController()
    this.running = ctrl
    try {
      return ok(await this.estimator(req, { signal: ctrl.signal }))
    } catch (e) {
      if (ctrl.signal.aborted || (e as Error)?.name === 'AbortError') return fail('cancelled', 'A newer estimate replaced this one.')
      return fail('estimate-failed', `The estimate failed: ${messageOf(e)}`)
    } finally {
      if (this.running === ctrl) this.running = null
    }
  }

  cancel(): void {
    this.running?.abort()
  }
}
