import { z } from 'zod'
import type { Language } from './languages'
import { ADDED_OPTIONS, type AddedOption, type AddedOptionKey } from './added-options'
import { ROLE_IDS } from './roles'
import { PRESET_IDS, type PresetId } from './preset-ids'
import { migrateRuleset } from './ruleset-migrate'
import { rulesetNamesSchema, type RulesetNames } from './ruleset-names'

export { roleNamesSchema, teamNamesSchema, rulesetWordsSchema, rulesetNamesSchema, type RulesetNames } from './ruleset-names'

/**
 * A ruleset is data. Every point the source texts leave open is an option here,
 * and every preset is a value of this type (see src/engine/rulesets).
 */
const seconds = z
  .number()
  .int()
  .min(0)
  .max(24 * 3600)

/** An added option's schema, from its entry in ADDED_OPTIONS. */
type AddedSchema<O extends AddedOption> = O extends { kind: 'bool' } ? z.ZodDefault<z.ZodBoolean> : z.ZodDefault<z.ZodNullable<z.ZodNumber>>
const addedSchema = (o: AddedOption): z.ZodType =>
  o.kind === 'bool' ? z.boolean().default(o.default) : z.number().int().min(o.min).max(o.max).nullable().default(o.default)
const ADDED_SCHEMAS = Object.fromEntries(Object.entries(ADDED_OPTIONS as Record<string, AddedOption>).map(([k, o]) => [k, addedSchema(o)])) as {
  [K in AddedOptionKey]: AddedSchema<(typeof ADDED_OPTIONS)[K]>
}

export const rulesetOptionsSchema = z.object({
  /** What the game starts with: 'night0' = an introduction night (mafia meet, no kill) then day 1; 'night' = a full night 1. */
  firstPhase: z.enum(['night0', 'night', 'day']),
  /** Roles that take part in the game besides mafia and citizens. */
  hasInvestigator: z.boolean(),
  hasDoctor: z.boolean(),
  /** Order of the night calls. */
  nightOrder: z
    .array(z.enum(['mafia', 'investigator', 'doctor']))
    .min(1)
    .max(3),
  /** 'individualShots': each living mafioso signals one target, the kill needs a strict majority of living mafiosi. 'groupTarget': the mafia agree on one target. */
  killResolution: z.enum(['individualShots', 'groupTarget']),
  /** Individual shots: may a mafioso shoot another mafioso? */
  mafiaMayTargetMafia: z.boolean(),
  /** May the doctor heal themself? */
  doctorSelfHeal: z.boolean(),
  /** May the investigator investigate a player already investigated? (informational limit; default true) */
  investigatorMayRepeat: z.boolean(),
  /** Call a role's night step even when all its players are dead, so nobody learns it. */
  callDeadRoles: z.boolean(),
  /** MaffiaSIG: the referee reads all living names in seating order during the shots. */
  readNamesAtShots: z.boolean(),

  /** 'accusation': accusations, a guilty vote, a defence and an execution vote, each needing more than half of the eligible voters. 'nomination': suspects are nominated and a plurality vote decides. */
  dayProcedure: z.enum(['accusation', 'nomination']),
  /** Nomination: most suspects per day (null = no limit). */
  maxNominees: z.number().int().min(1).max(30).nullable(),
  /** Nomination: each nominee gives a defence speech before the vote. */
  nomineeDefence: z.boolean(),
  /** Nomination: a lone nominee is executed without a vote (Swedish: a vote is held only when several are nominated). */
  singleNomineeExecuted: z.boolean(),
  /** Plurality tie: no execution, one revote among the tied (then no execution), or a random pick among the tied. */
  tieRule: z.enum(['noExecution', 'revote', 'random']),
  /** Nomination: a day with no nominee goes straight to night. When false the referee must nominate at least one. */
  noNominationGoesToNight: z.boolean(),
  /** Every day must end with a death (MaffiaSIG). */
  dayMustEndWithDeath: z.boolean(),
  /** Day time limit in seconds (null = none). */
  dayTimeLimit: seconds.nullable(),
  /** Warn when this many seconds remain on the day timer. */
  dayWarning: seconds,
  /** What the day timer's expiry does. */
  dayTimeoutAction: z.enum(['randomDeath', 'closeNominations', 'none']),
  /** Defence speech time limit in seconds (null = none). */
  defenceTimeLimit: seconds.nullable(),
  /** A player who dies by day (random death) may say last words. */
  lastWords: z.boolean(),
  /** Reveal the role of a player who dies by day (executed, or drawn when the day runs out). */
  revealOnExecution: z.boolean(),
  /** Reveal the role of a player killed at night. */
  revealOnNightDeath: z.boolean(),

  /** Mafia win when mafia ≥ town (true) or only when mafia > town (false). */
  mafiaWinAtParity: z.boolean(),
  /** Swedish: at parity the mafia win only if no doctor is alive. */
  parityNeedsDeadDoctor: z.boolean(),
  /** Swedish: the last two alive are a doctor and a mafioso → draw. */
  doctorMafiaDraw: z.boolean(),
  /** MaffiaSIG variant: the first player to die by day becomes the referee; until then the operator sees no secret. */
  firstDeadBecomesReferee: z.boolean(),

  minPlayers: z.number().int().min(3).max(60),
  maxPlayers: z.number().int().min(3).max(60),
  recommendedMin: z.number().int().min(3).max(60),
  recommendedMax: z.number().int().min(3).max(60),

  /** The options added later (added-options.ts: each declared there once, with its default). */
  ...ADDED_SCHEMAS,
})

export type RulesetOptions = z.infer<typeof rulesetOptionsSchema>
/** Options as a preset or a file may write them: an option with a default (`.default(…)` above) may be left out. */
export type RulesetOptionsInput = z.input<typeof rulesetOptionsSchema>

/**
 * The options that have a default, and it: an option added after the first presets and game files
 * gets one (the value that keeps every older game as it was), so a preset, an example file or an
 * older game leaves it out and reads it as this value.
 */
export const OPTION_DEFAULTS: Partial<RulesetOptions> = Object.fromEntries(
  Object.entries(rulesetOptionsSchema.shape).flatMap(([k, schema]) => {
    const absent = (schema as z.ZodType).safeParse(undefined)
    return absent.success ? [[k, absent.data]] : []
  }),
)

/** A ruleset's options with every default filled in. */
export const withOptionDefaults = (o: RulesetOptionsInput): RulesetOptions =>
  ({ ...o, ...Object.fromEntries(Object.entries(OPTION_DEFAULTS).filter(([k]) => !Object.hasOwn(o, k))) }) as RulesetOptions

/** The options without those at their default (what a preset or an example file writes). */
export const withoutDefaultOptions = (o: RulesetOptions): RulesetOptionsInput =>
  Object.fromEntries(
    Object.entries(o).filter(
      ([k, v]) => !Object.hasOwn(OPTION_DEFAULTS, k) || JSON.stringify(OPTION_DEFAULTS[k as keyof RulesetOptions]) !== JSON.stringify(v),
    ),
  ) as RulesetOptionsInput

export const rulesetNameSchema = z.string().min(1).max(80)

const rulesetObjectSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9][a-z0-9-]*$/),
  /** The ruleset's name: a preset's English name (shown in each language from the glossary) or the name a club gave it. */
  name: rulesetNameSchema,
  /** The preset this ruleset started from. */
  base: z.enum(PRESET_IDS),
  /** The role and team names in every language. */
  names: rulesetNamesSchema,
  options: rulesetOptionsSchema,
})

/** A ruleset; one written before the names per language (`roleNames` + `roleNamesNative`) is read into `names` (ruleset-migrate.ts). */
export const rulesetSchema = z.preprocess(migrateRuleset, rulesetObjectSchema)

export type Ruleset = z.infer<typeof rulesetObjectSchema>
/** A ruleset as a preset is written: the options it sets (every option without a default, and those it sets otherwise). */
export type RulesetInput = Omit<Ruleset, 'options'> & { options: RulesetOptionsInput }
export type RulesetWords = RulesetNames[Language]
export { PRESET_IDS, type PresetId }

export const roleCountsSchema = z.object({
  mafia: z.number().int().min(0).max(60),
  investigator: z.number().int().min(0).max(60),
  doctor: z.number().int().min(0).max(60),
  citizen: z.number().int().min(0).max(60),
})

export const roleIdSchema = z.enum(ROLE_IDS)
