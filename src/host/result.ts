import type { ApiError } from '../shared/api'

/** Error codes the host adds to the engine's (EngineErrorCode): the list is shared/error-codes.ts. */
export type { HostErrorCode } from '../shared/error-codes'
import type { HostErrorCode } from '../shared/error-codes'

/** The host's answers: a refusal with a code and plain words, or a value. */
export const fail = (code: HostErrorCode | string, message: string, params?: ApiError['params']): { ok: false; error: ApiError } => ({
  ok: false,
  error: params ? { code, message, params } : { code, message },
})
/** The engine's refusal as an answer: its code, its reason and parameters, its English words. */
export const refused = (e: { code: string; reason: string; params: Record<string, string | number>; message: string }): { ok: false; error: ApiError } => ({
  ok: false,
  error: { code: e.code, reason: e.reason, params: e.params, message: e.message },
})
export const OK: { ok: true; value: null } = { ok: true, value: null }
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

/** The message of whatever was thrown. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** A setup the check refuses: its problems' English words, and their lines for the window's language. */
export const setupRefused = (
  problems: readonly { key: string; params: Record<string, string | number>; message: string }[],
): { ok: false; error: ApiError } => ({
  ok: false,
  error: { code: 'setup-problems', message: problems.map((p) => p.message).join(' '), lines: problems.map(({ key, params }) => ({ key, params })) },
})
