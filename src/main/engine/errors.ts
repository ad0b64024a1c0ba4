/** A command the engine refused. A refused command changes nothing. The codes: shared/error-codes.ts. */
import type { EngineErrorCode } from '../../shared/error-codes'

export type { EngineErrorCode }

export interface EngineError {
  code: EngineErrorCode
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: EngineError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (code: EngineErrorCode, message: string): { ok: false; error: EngineError } => ({
  ok: false,
  error: { code, message },
})
