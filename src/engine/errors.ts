/**
 * A command the engine refused. A refused command changes nothing. A refusal is a reason from the
 * one list (shared/refusals.ts) with its typed parameters; its code and its English message follow
 * from that list. The codes: shared/error-codes.ts.
 */
import type { EngineErrorCode } from '../shared/error-codes'
import { REFUSALS, type RefusalParams, type RefusalReason } from '../shared/refusals'
import { refusalEnglish } from '../shared/text/refusal'

export type { EngineErrorCode, RefusalReason }

export interface EngineError {
  code: EngineErrorCode
  reason: RefusalReason
  params: Record<string, string | number>
  /** English, for logs, the CLI and tests; a window shows the code and the reason in its own language. */
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: EngineError }
export type Refused = { ok: false; error: EngineError }

/** A check's answer is a refusal (the checks answer their findings or a Refused). */
export const refused = (x: object): x is Refused => 'ok' in x

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })

type ParamsArg<R extends RefusalReason> = keyof RefusalParams<R> extends never ? [params?: RefusalParams<R>] : [params: RefusalParams<R>]

/** The refusal for `reason`, with its parameters. */
export function refusal<R extends RefusalReason>(reason: R, ...[params]: ParamsArg<R>): EngineError {
  const p = { ...(params ?? {}) } as Record<string, string | number>
  return { code: REFUSALS[reason].code, reason, params: p, message: refusalEnglish({ reason, params: p }) }
}

/** Refuse a command for `reason`. */
export const refuse = <R extends RefusalReason>(reason: R, ...params: ParamsArg<R>): Refused => ({ ok: false, error: refusal(reason, ...params) })

/** The same, with English detail for logs and files (a schema's complaint, a setup's problems) that no window shows. */
export function refuseWithDetail(reason: 'bad-command' | 'setup-invalid', detail: string): Refused {
  const e = refusal(reason)
  return { ok: false, error: { ...e, message: `${e.message} ${detail}` } }
}
