import type { EngineErrorCode } from './error-codes'
import { FEATURE_REFUSALS } from './features'
import type { RoleId } from './roles'

/**
 * Why the engine refused a command: the one list of reasons. Each reason has its error code (the
 * window's first sentence, `errors.<code>`) and its typed parameters; its words are
 * `refusals.<reason>` in the refusals area of every language (src/shared/locales/<lang>/refusals.json),
 * put in words as a line (src/shared/text/refusal.ts: `refusalLine`, `refusalText`; its English
 * `message` for logs, the CLI and tests, `refusalEnglish`, from the English file) — no second list.
 * `refusals.test.ts` checks that every reason has words in every language with exactly its parameters.
 *
 * A parameter's kind says what it holds and how a window shows it:
 * - `name`: a player's name as typed; `names`: several, joined with ", "
 * - `seat`: a seat as a person reads it (1-based, `seatNumber`); `count`: a number
 * - `role`: a role id, named from the ruleset's names in the window's language (`{role}`, and its
 *   definite form `{theRole}` where a language needs one) — never an English word
 * - `stage`: the day's stage, shown as `stage.<id>`; `clock`: a clock, shown as `clock.<id>`
 */
export interface ParamKinds {
  name: string
  names: string
  seat: number
  count: number
  role: RoleId
  stage: 'discussion' | 'defence' | 'vote' | 'lastWords' | 'nominating'
  clock: 'day' | 'defence'
}
export type ParamKind = keyof ParamKinds

type Spec = { code: EngineErrorCode; params: Readonly<Record<string, ParamKind>> }

export const REFUSALS = {
  'game-over': { code: 'game-over', params: {} },
  // The phase
  'not-day': { code: 'wrong-phase', params: {} },
  'not-night': { code: 'wrong-phase', params: {} },
  'clocks-by-day': { code: 'wrong-phase', params: {} },
  // A command that is not one, or a setup that cannot start (the detail, English, goes to the message only)
  'bad-command': { code: 'invalid-command', params: {} },
  'setup-invalid': { code: 'invalid-command', params: {} },
  'won-at-start': { code: 'invalid-command', params: {} },
  'bad-undo': { code: 'invalid-command', params: {} },
  'listed-twice': { code: 'invalid-command', params: { name: 'name' } },
  // Seats
  'no-seat': { code: 'unknown-player', params: { seat: 'seat' } },
  dead: { code: 'not-alive', params: { name: 'name' } },
  // The day
  'uses-nominations': { code: 'not-allowed', params: {} },
  'uses-accusations': { code: 'not-allowed', params: {} },
  'executed-today': { code: 'not-allowed', params: {} },
  'already-nominated': { code: 'not-allowed', params: { name: 'name' } },
  'max-nominees': { code: 'not-allowed', params: { count: 'count' } },
  'not-nominated': { code: 'not-allowed', params: { name: 'name' } },
  'self-accusation': { code: 'not-allowed', params: {} },
  'no-accusation': { code: 'not-allowed', params: {} },
  'nominees-only-defend': { code: 'not-allowed', params: {} },
  'last-nominee': { code: 'not-allowed', params: {} },
  'day-ends-with-death': { code: 'not-allowed', params: {} },
  'no-random-death': { code: 'not-allowed', params: {} },
  'died-today': { code: 'not-allowed', params: {} },
  'day-clock-running': { code: 'not-allowed', params: {} },
  'day-stage': { code: 'wrong-step', params: { stage: 'stage' } },
  'day-cannot-end': { code: 'wrong-step', params: { stage: 'stage' } },
  'last-words': { code: 'wrong-step', params: {} },
  'no-vote': { code: 'wrong-step', params: {} },
  'no-nominee': { code: 'step-incomplete', params: {} },
  // Votes
  'may-not-vote': { code: 'vote-invalid', params: { name: 'name' } },
  'vote-for-nominee': { code: 'vote-invalid', params: {} },
  'not-candidate': { code: 'vote-invalid', params: { name: 'name' } },
  'vote-yes-no': { code: 'vote-invalid', params: {} },
  'count-over': { code: 'vote-invalid', params: { count: 'count' } },
  'count-which': { code: 'vote-invalid', params: {} },
  'count-no-candidate': { code: 'vote-invalid', params: {} },
  'votes-over': { code: 'vote-invalid', params: { total: 'count', count: 'count' } },
  'tie-draw': { code: 'draw-required', params: {} },
  'death-draw': { code: 'draw-required', params: {} },
  // Clocks
  'no-clock': { code: 'timer-invalid', params: { clock: 'clock' } },
  'clock-out': { code: 'timer-invalid', params: { clock: 'clock' } },
  'clock-running': { code: 'timer-invalid', params: { clock: 'clock' } },
  'clock-stopped': { code: 'timer-invalid', params: { clock: 'clock' } },
  'clock-left': { code: 'timer-invalid', params: { clock: 'clock' } },
  'zero-time': { code: 'timer-invalid', params: {} },
  'no-time-left': { code: 'timer-invalid', params: {} },
  // The night
  'other-call': { code: 'wrong-step', params: { role: 'role' } },
  'identify-first': { code: 'identify-first', params: { role: 'role' } },
  'all-identified': { code: 'not-allowed', params: { role: 'role' } },
  'call-identified': { code: 'not-allowed', params: {} },
  'has-role': { code: 'not-allowed', params: { name: 'name' } },
  'mafia-count': { code: 'not-allowed', params: { role: 'role', count: 'count', given: 'count' } },
  'too-many-identified': { code: 'not-allowed', params: { role: 'role', count: 'count' } },
  'names-not-read': { code: 'not-allowed', params: {} },
  'uses-shots': { code: 'not-allowed', params: {} },
  'uses-group-target': { code: 'not-allowed', params: {} },
  'target-own': { code: 'not-allowed', params: { role: 'role' } },
  'not-shooter': { code: 'not-allowed', params: { name: 'name', role: 'role' } },
  'no-shot': { code: 'not-allowed', params: { name: 'name' } },
  'already-no-shot': { code: 'not-allowed', params: { name: 'name' } },
  'self-shot': { code: 'not-allowed', params: {} },
  'role-dead-call': { code: 'not-allowed', params: { role: 'role' } },
  'investigated-tonight': { code: 'not-allowed', params: { role: 'role' } },
  'investigation-skipped': { code: 'not-allowed', params: { role: 'role' } },
  'investigator-self': { code: 'not-allowed', params: { role: 'role' } },
  'already-investigated': { code: 'not-allowed', params: { name: 'name' } },
  'doctor-self': { code: 'not-allowed', params: { role: 'role' } },
  'shots-missing': { code: 'step-incomplete', params: { names: 'names' } },
  'no-target': { code: 'step-incomplete', params: {} },
  'no-investigation': { code: 'step-incomplete', params: { role: 'role' } },
  'no-heal': { code: 'step-incomplete', params: { role: 'role' } },
  // Undo, notes, the story
  'undo-too-many': { code: 'nothing-to-undo', params: { count: 'count' } },
  'note-unchanged': { code: 'not-allowed', params: {} },
  'story-before-end': { code: 'not-allowed', params: {} },
  /** What the blind operator reads for any refused night action (views/blind.ts: blindRefusal): it names no secret. */
  'blind-night': { code: 'not-allowed', params: {} },
  // The features' own (src/shared/features)
  ...FEATURE_REFUSALS,
} as const satisfies Record<string, Spec>

export type RefusalReason = keyof typeof REFUSALS
export const REFUSAL_REASONS = Object.keys(REFUSALS) as RefusalReason[]

/** The parameters a reason takes, typed by their kinds. */
type ParamSpec<R extends RefusalReason> = (typeof REFUSALS)[R]['params']
export type RefusalParams<R extends RefusalReason> = {
  -readonly [K in keyof ParamSpec<R>]: ParamSpec<R>[K] extends ParamKind ? ParamKinds[ParamSpec<R>[K]] : never
}

/** A reason with its parameters, as it travels (a refusal, a why-line under a disabled button). */
export interface Reason {
  reason: RefusalReason
  params: Record<string, string | number>
}

/** Role parameters are named `role`; its definite form `{theRole}` counts as the same parameter. */
export const definiteForm = (param: string): string => `the${param[0]?.toUpperCase() ?? ''}${param.slice(1)}`
