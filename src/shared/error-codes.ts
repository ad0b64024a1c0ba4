/**
 * Every error code a window can be shown: the engine's (a refused command), the host's, and the
 * transports'. The windows show `errors.<code>` from the locale files in their language, never the
 * host's English text (a test checks that each code has a message in every language).
 */
export const ENGINE_ERROR_CODES = [
  'invalid-command',
  'game-over',
  'wrong-phase',
  'wrong-step',
  'unknown-player',
  'not-alive',
  'not-allowed',
  'identify-first',
  'step-incomplete',
  'vote-invalid',
  'draw-required',
  'timer-invalid',
  'nothing-to-undo',
] as const

export const HOST_ERROR_CODES = [
  'unknown-method',
  'invalid-arguments',
  'no-game',
  'game-in-progress',
  'unfinished-game',
  'nothing-to-resume',
  'setup-problems',
  'not-found',
  'preset-readonly',
  'storage-failed',
  'unavailable',
  'cancelled',
  'estimate-failed',
  'internal',
  'names-collide',
  'duplicate-game',
  'bad-file',
  'too-large',
] as const

/** Raised on the way: the main process refused the sender, or could not be reached; no host in the window. */
export const TRANSPORT_ERROR_CODES = ['forbidden', 'transport-failed', 'transport', 'no-host'] as const

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number]
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number]
export const ERROR_CODES: readonly string[] = [...ENGINE_ERROR_CODES, ...HOST_ERROR_CODES, ...TRANSPORT_ERROR_CODES]
