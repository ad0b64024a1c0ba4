import { rulesetOptionsSchema, type RulesetOptions } from '../../shared/ruleset'

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

const shape = rulesetOptionsSchema.shape
const values = <K extends OptionKey>(k: K): readonly string[] => {
  const s = shape[k] as unknown as { options?: readonly string[] }
  return s.options ?? []
}

export const OPTION_GROUPS: readonly { id: 'night' | 'day' | 'end' | 'table'; fields: readonly OptionField[] }[] = [
  {
    id: 'night',
    fields: [
      { key: 'firstPhase', kind: 'enum', values: values('firstPhase') },
      { key: 'hasInvestigator', kind: 'bool' },
      { key: 'hasDoctor', kind: 'bool' },
      { key: 'nightOrder', kind: 'order', values: shape.nightOrder.element.options },
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
    id: 'table',
    fields: [
      { key: 'minPlayers', kind: 'int', min: 3, max: 60 },
      { key: 'maxPlayers', kind: 'int', min: 3, max: 60 },
      { key: 'recommendedMin', kind: 'int', min: 3, max: 60 },
      { key: 'recommendedMax', kind: 'int', min: 3, max: 60 },
    ],
  },
]

export const SECONDS_MAX = 24 * 3600
