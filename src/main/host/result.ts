import type { ApiError } from '../../shared/api'

/** Error codes the host adds to the engine's (EngineErrorCode). */
export type HostErrorCode =
  | 'unknown-method'
  | 'invalid-arguments'
  | 'no-game'
  | 'game-in-progress'
  | 'unfinished-game'
  | 'nothing-to-resume'
  | 'setup-problems'
  | 'not-found'
  | 'preset-readonly'
  | 'storage-failed'
  | 'unavailable'
  | 'cancelled'
  | 'estimate-failed'
  | 'internal'

/** The host's answers: a refusal with a code and plain words, or a value. */
export const fail = (code: HostErrorCode | string, message: string): { ok: false; error: ApiError } => ({ ok: false, error: { code, message } })
export const OK: { ok: true; value: null } = { ok: true, value: null }
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

/** The message of whatever was thrown. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))
