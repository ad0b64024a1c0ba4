import type { Line } from './views'

/**
 * A refusal: its code (the windows show `errors.<code>` in their language, filled with `params`),
 * for the engine's refusals its reason (`refusals.<reason>`, shared/refusals.ts, with the same
 * `params`), and English words for logs; a refused start or estimate (`setup-problems`) adds the
 * setup check's problems as `lines` (`check.<key>` in the setup area, a `role` parameter a role id).
 */
export type ApiError = { code: string; message: string; reason?: string; params?: Record<string, string | number>; lines?: Line[] }
export type ApiResult<T = null> = { ok: true; value: T } | { ok: false; error: ApiError }
