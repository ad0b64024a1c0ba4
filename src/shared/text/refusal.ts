import english from '../locales/en/refusals.json'
import { FEATURES_EN } from '../locales/features-en'
import { definiteForm, REFUSALS, type ParamKind, type Reason, type RefusalParams, type RefusalReason } from '../refusals'
import type { RulesetNames } from '../ruleset'
import { englishWords } from './english'
import { lineText, type Line, type LineParam, type Words } from './line'

/**
 * Why the engine refused a command, as a line: `refusals.<reason>` (the refusals area) with the
 * reason's parameters typed by their kinds (src/shared/refusals.ts) — a name, names and a number
 * shown as they are, a seat as a person reads it, a role id under `role` (named from the game's
 * names, `{role}` and `{theRole}`, cased for its place in the sentence), the day's stage and a
 * clock by their words (`stage.<id>`, `clock.<id>`). The window, the referee's why-line under a
 * disabled button and the CLI put it in words with `lineText`, as every other line.
 */

/** Every role parameter of a reason is called `role`, the name `lineText` names a role id under (and `{theRole}` beside it). */
type RoleKeys = {
  [R in RefusalReason]: { [K in keyof RefusalParams<R>]: (typeof REFUSALS)[R]['params'][K] extends 'role' ? K : never }[keyof RefusalParams<R>]
}[RefusalReason]
export const ROLE_KEYS_ARE_ROLE: RoleKeys extends 'role' ? true : never = true

const isReason = (x: unknown): x is RefusalReason => typeof x === 'string' && Object.hasOwn(REFUSALS, x)

const word = (kind: ParamKind, v: string | number): LineParam =>
  kind === 'stage' ? { line: { key: `stage.${String(v)}`, params: {} } } : kind === 'clock' ? { line: { key: `clock.${String(v)}`, params: {} } } : v

/**
 * A reason as a line, for a game with `names` (its ruleset's: they name its roles). Null for a
 * reason this build does not know, a missing parameter, or a role with no names to name it by
 * (never an id or an English word in its place).
 */
export function refusalLine(r: { reason?: unknown; params?: Record<string, string | number> }, names: RulesetNames | null | undefined): Line | null {
  if (!isReason(r.reason)) return null
  const given = r.params ?? {}
  const params: Record<string, LineParam> = {}
  for (const [k, kind] of Object.entries(REFUSALS[r.reason].params as Record<string, ParamKind>)) {
    const v = given[k]
    if (v === undefined || (kind === 'role' && !names)) return null
    params[k] = word(kind, v)
  }
  return { key: `refusals.${r.reason}`, params }
}

/** A reason in the words' language, its roles named from `names` (the game's); null as `refusalLine`. */
export function refusalText(
  words: Words,
  r: { reason?: unknown; params?: Record<string, string | number> },
  names: RulesetNames | null | undefined,
): string | null {
  const line = refusalLine(r, names)
  return line && lineText(words, line, names ?? undefined)
}

const ENGLISH = englishWords(english, ...FEATURES_EN)

/**
 * The English sentence for logs, the CLI and tests, from the English file. Roles, stages and
 * clocks stay ids here (no ruleset is at hand): "Choose whom the doctor heals first."
 */
export function refusalEnglish(r: Reason): string {
  const spec = REFUSALS[r.reason].params as Record<string, ParamKind>
  const params: Record<string, string | number> = { ...r.params }
  for (const [k, kind] of Object.entries(spec)) if (kind === 'role') params[definiteForm(k)] = `the ${String(r.params[k])}`
  return lineText(ENGLISH, { key: `refusals.${r.reason}`, params })
}
