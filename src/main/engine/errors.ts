/** A command the engine refused. A refused command changes nothing. */
export type EngineErrorCode =
  | 'invalid-command'
  | 'game-over'
  | 'wrong-phase'
  | 'wrong-step'
  | 'unknown-player'
  | 'not-alive'
  | 'not-allowed'
  | 'identify-first'
  | 'step-incomplete'
  | 'vote-invalid'
  | 'draw-required'
  | 'timer-invalid'
  | 'nothing-to-undo'

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
