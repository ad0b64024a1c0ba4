import { z } from 'zod'
import type { RefereeApi, RefereeMethod } from './api'
import { CARDS_KINDS, PAPERS, type CardsKind, type Paper } from './cards'
import { NAME_INPUT_MAX } from './names'
import { roleCountsSchema, roleIdSchema, rulesetSchema } from './ruleset'

/**
 * Schemas of the RefereeApi's request objects. The host's method table (src/host/methods.ts)
 * builds each method's argument schema from these; a game action (`play`) is checked by the
 * engine's own command schema, minus the fields the host fills in.
 */
/** A name as typed: its limit (NAME_MAX) is checked once normalised, by the setup check (look-alike.ts). */
const name = z.string().trim().min(1).max(NAME_INPUT_MAX)

export const startGameRequestSchema = z.object({
  ruleset: rulesetSchema,
  players: z.array(z.string().max(NAME_INPUT_MAX)).min(1).max(60),
  counts: roleCountsSchema,
  dealMode: z.enum(['digital', 'physical']),
  knownRoles: z.array(roleIdSchema.nullable()).max(60).optional(),
})

export const estimateRequestSchema = z.object({
  ruleset: rulesetSchema,
  players: z.number().int().min(3).max(60),
  counts: roleCountsSchema,
  policy: z.enum(['random', 'informed']),
  read: z.number().min(0).max(1).optional(),
  games: z.number().int().min(1).max(1_000_000),
  precision: z.number().min(0.001).max(0.5).optional(),
})

export const cardsRequestSchema = z.object({
  kind: z.enum(CARDS_KINDS as [CardsKind, ...CardsKind[]]),
  paper: z.enum(PAPERS as [Paper, ...Paper[]]),
  backs: z.boolean(),
  locale: z
    .string()
    .min(2)
    .max(35)
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/),
  sourceWord: z.boolean().optional(),
  ruleset: rulesetSchema.optional(),
  counts: roleCountsSchema.optional(),
})

export const rosterSchema = z.array(name).max(500)

export const roomSettingsSchema = z.object({
  showVoters: z.boolean(),
  sound: z.object({ volume: z.number().int().min(0).max(100), muted: z.boolean() }),
})

/** The longest game file text accepted for import (the host also checks the size in bytes). */
export const MAX_IMPORT_CHARS = 5 * 1024 * 1024

/** What a call returns over a transport: ApiResult for every method (ready wraps the view in one too). */
export type RefereeWireResult<K extends RefereeMethod> =
  Awaited<ReturnType<RefereeApi[K]>> extends infer R
    ? R extends { ok: boolean }
      ? R
      : { ok: true; value: R } | { ok: false; error: { code: string; message: string } }
    : never
