import { z } from 'zod'
import { LANGUAGE_IDS, type Language } from './languages'

/** A ruleset's role and team names (a part of ruleset.ts's schema, apart so that role-names.ts can name its type without the whole ruleset). */
export const roleNamesSchema = z.object({
  mafia: z.string().min(1).max(40),
  investigator: z.string().min(1).max(40),
  doctor: z.string().min(1).max(40),
  citizen: z.string().min(1).max(40),
})

export const teamNamesSchema = z.object({
  town: z.string().min(1).max(40),
  mafia: z.string().min(1).max(40),
})

/** A ruleset's words in one language: its roles and its two teams. */
export const rulesetWordsSchema = z.object({ roleNames: roleNamesSchema, teamNames: teamNamesSchema })

/** The words in every language (a preset's come from src/shared/glossary.ts; a club's own ruleset copies them and may change them). */
export const rulesetNamesSchema = z.object(Object.fromEntries(LANGUAGE_IDS.map((l) => [l, rulesetWordsSchema])) as Record<Language, typeof rulesetWordsSchema>)

export type RulesetNames = z.infer<typeof rulesetNamesSchema>
