import { ADDED_OPTIONS, type AddedOption, type AddedOptionKey, type OptionGroupId } from '../../shared/added-options'
import type { RulesetOptions } from '../../shared/ruleset'

/*
 * Type imports only from shared/ruleset: importing its zod schemas at run time makes zod probe
 * `new Function('')`, which the pages' CSP (no 'unsafe-eval') reports as a violation.
 */

/** How the options editor shows each ruleset option, grouped as on the setup screen. */
export type OptionKey = keyof RulesetOptions
export type OptionField =
  | { key: OptionKey; kind: 'bool' }
  | { key: OptionKey; kind: 'enum'; values: readonly string[] }
  | { key: OptionKey; kind: 'int'; min: number; max: number }
  | { key: OptionKey; kind: 'nullableInt'; min: number; max: number }
  | { key: OptionKey; kind: 'seconds' }
  | { key: OptionKey; kind: 'nullableSeconds' }
  | { key: 'nightOrder'; kind: 'order'; values: readonly string[] }

type EnumKey = { [K in OptionKey]: RulesetOptions[K] extends string ? K : never }[OptionKey]
/** Every value of a string option, checked by the compiler: a value missing here is a type error. */
const allOf =
  <T extends string>() =>
  <const A extends readonly T[]>(...values: A & ([T] extends [A[number]] ? unknown : never)): readonly T[] =>
    values
const ENUM_VALUES: { [K in EnumKey]: readonly RulesetOptions[K][] } = {
  firstPhase: allOf<RulesetOptions['firstPhase']>()('night0', 'night', 'day'),
  killResolution: allOf<RulesetOptions['killResolution']>()('individualShots', 'groupTarget'),
  dayProcedure: allOf<RulesetOptions['dayProcedure']>()('accusation', 'nomination'),
  tieRule: allOf<RulesetOptions['tieRule']>()('noExecution', 'revote', 'random'),
  dayTimeoutAction: allOf<RulesetOptions['dayTimeoutAction']>()('randomDeath', 'closeNominations', 'none'),
}
export const NIGHT_CALLS = allOf<RulesetOptions['nightOrder'][number]>()('mafia', 'investigator', 'doctor')
const values = (k: EnumKey): readonly string[] => ENUM_VALUES[k]

/** The fields of the options added later (added-options.ts), each at the end of its group. */
const addedField = (key: AddedOptionKey, o: AddedOption): OptionField & { group: OptionGroupId } =>
  o.kind === 'bool' ? { key, kind: 'bool', group: o.group } : { key, kind: 'nullableInt', min: o.min, max: o.max, group: o.group }
const ADDED_FIELDS = (Object.keys(ADDED_OPTIONS) as AddedOptionKey[]).map((key) => addedField(key, ADDED_OPTIONS[key]))

const LISTED: readonly { id: OptionGroupId; fields: readonly OptionField[] }[] = [
  {
    id: 'night',
    fields: [
      { key: 'firstPhase', kind: 'enum', values: values('firstPhase') },
      { key: 'hasInvestigator', kind: 'bool' },
      { key: 'hasDoctor', kind: 'bool' },
      { key: 'nightOrder', kind: 'order', values: NIGHT_CALLS },
      { key: 'killResolution', kind: 'enum', values: values('killResolution') },
      { key: 'mafiaMayTargetMafia', kind: 'bool' },
      { key: 'doctorSelfHeal', kind: 'bool' },
      { key: 'investigatorMayRepeat', kind: 'bool' },
      { key: 'callDeadRoles', kind: 'bool' },
      { key: 'readNamesAtShots', kind: 'bool' },
    ],
  },
  {
    id: 'day',
    fields: [
      { key: 'dayProcedure', kind: 'enum', values: values('dayProcedure') },
      { key: 'maxNominees', kind: 'nullableInt', min: 1, max: 30 },
      { key: 'nomineeDefence', kind: 'bool' },
      { key: 'singleNomineeExecuted', kind: 'bool' },
      { key: 'tieRule', kind: 'enum', values: values('tieRule') },
      { key: 'noNominationGoesToNight', kind: 'bool' },
      { key: 'dayMustEndWithDeath', kind: 'bool' },
      { key: 'dayTimeLimit', kind: 'nullableSeconds' },
      { key: 'dayWarning', kind: 'seconds' },
      { key: 'dayTimeoutAction', kind: 'enum', values: values('dayTimeoutAction') },
      { key: 'defenceTimeLimit', kind: 'nullableSeconds' },
      { key: 'lastWords', kind: 'bool' },
      { key: 'revealOnExecution', kind: 'bool' },
      { key: 'revealOnNightDeath', kind: 'bool' },
    ],
  },
  {
    id: 'end',
    fields: [
      { key: 'mafiaWinAtParity', kind: 'bool' },
      { key: 'parityNeedsDeadDoctor', kind: 'bool' },
      { key: 'doctorMafiaDraw', kind: 'bool' },
      { key: 'firstDeadBecomesReferee', kind: 'bool' },
    ],
  },
  {
    id: 'phones',
    fields: [],
  },
  {
    id: 'table',
    fields: [
      { key: 'minPlayers', kind: 'int', min: 3, max: 60 },
      { key: 'maxPlayers', kind: 'int', min: 3, max: 60 },
      { key: 'recommendedMin', kind: 'int', min: 3, max: 60 },
      { key: 'recommendedMax', kind: 'int', min: 3, max: 60 },
    ],
  },
]

export const OPTION_GROUPS: readonly { id: OptionGroupId; fields: readonly OptionField[] }[] = LISTED.map((g) => ({
  id: g.id,
  fields: [...g.fields, ...ADDED_FIELDS.filter((f) => f.group === g.id).map(({ group: _, ...f }) => f)],
}))

export const SECONDS_MAX = 24 * 3600

/**
 * Does the option matter under the others? One that cannot apply (a mafioso shooting a mafioso
 * under a group kill, a warning time with no time limit, nomination rules under accusations) is
 * not shown. Its value is kept, so switching back restores it.
 */
export function optionApplies(key: OptionKey, o: RulesetOptions): boolean {
  const nominations = o.dayProcedure === 'nomination'
  switch (key) {
    case 'mafiaMayTargetMafia':
    case 'readNamesAtShots':
      return o.killResolution === 'individualShots'
    case 'doctorSelfHeal':
    case 'parityNeedsDeadDoctor':
    case 'doctorMafiaDraw':
      return o.hasDoctor
    case 'investigatorMayRepeat':
      return o.hasInvestigator
    case 'maxNominees':
    case 'nomineeDefence':
    case 'singleNomineeExecuted':
    case 'tieRule':
    case 'noNominationGoesToNight':
      return nominations
    case 'dayWarning':
    case 'dayTimeoutAction':
      return o.dayTimeLimit !== null
    case 'defenceTimeLimit':
      return !nominations || o.nomineeDefence
    case 'firstDeadBecomesReferee':
      return !nominations
    default:
      return true
  }
}
