import { z } from 'zod'
import { commandSchema } from './commands'
import { roleCountsSchema, roleIdSchema, rulesetSchema } from './ruleset'

/**
 * One JSON format for the journal of a game in progress, saved games, exports and `cli replay`.
 * See docs/game-file.md. This is the full form, the one Nightfall writes; game-file/normalize.ts
 * reads any version and the short form into it. Bump GAME_FILE_VERSION and add a migration in
 * game-file/migrate.ts on any change.
 */
export const GAME_FILE_FORMAT = 'nightfall-game'
/** 2: read strictly (an unknown key is an error, not dropped) and the short form is accepted. */
export const GAME_FILE_VERSION = 2

export const dealSchema = z.object({
  mode: z.enum(['digital', 'physical']),
  counts: roleCountsSchema,
  roles: z.array(roleIdSchema.nullable()).max(60),
})

export const gameFileSchema = z.object({
  format: z.literal(GAME_FILE_FORMAT),
  version: z.literal(GAME_FILE_VERSION),
  id: z.string().max(100).optional(),
  createdAt: z.string().max(40).optional(),
  ruleset: rulesetSchema,
  players: z.array(z.string().min(1).max(60)).min(1).max(60),
  deal: dealSchema,
  commands: z.array(commandSchema),
})

export type GameFile = z.infer<typeof gameFileSchema>
