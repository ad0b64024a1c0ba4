/**
 * Why a test or a suite is skipped, printed where the run's output shows it. The lint
 * (eslint.config.js, "Tests say why they skip") lets `describe.skipIf(…)`/`it.skipIf(…)`/`runIf(…)`
 * take only this: `describe.skipIf(skipReason(probeError))`. Inside a test, `ctx.skip(condition, 'why')`.
 * `reason`: why (a non-empty string), or nothing (null, false, undefined): not skipped.
 */
export function skipReason(reason: string | null | false | undefined): boolean {
  if (!reason) return false
  console.log(`[skipped] ${reason}`)
  return true
}
