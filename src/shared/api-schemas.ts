import { z } from 'zod'
import type { RefereeApi, RefereeMethod } from './api'
import { CARDS_KINDS, PAPERS, type CardsKind, type Paper } from './cards'
import { playerSchema, refereeCommandSchema } from './commands'
import { roleCountsSchema, roleIdSchema, rulesetSchema } from './ruleset'

/**
 * Argument schemas of every RefereeApi method (except onView, which never crosses a process
 * boundary). A game action (`play`) is checked by the engine's own command schema, minus the
 * fields the host fills in. Every transport (Electron IPC, the browser mode's HTTP) and the host itself parse the
 * UNKNOWN arguments of a call with these before anything else happens.
 *
 * The keys of REFEREE_ARG_SCHEMAS are the allow-list of callable methods. The mapped type below makes
 * the compiler refuse this file when RefereeApi gains a method without a schema, and the
 * `ArgsMatch` check refuses a schema whose parsed tuple is not the method's parameter list.
 */
const name = z.string().trim().min(1).max(60)

export const startGameRequestSchema = z.object({
  ruleset: rulesetSchema,
  players: z.array(z.string().max(60)).min(1).max(60),
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
  locale: z.string().min(2).max(35).regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/),
  ruleset: rulesetSchema.optional(),
  counts: roleCountsSchema.optional(),
})

export const rosterSchema = z.array(name).max(500)

export const roomSettingsSchema = z.object({
  showVoters: z.boolean(),
  sound: z.object({ volume: z.number().int().min(0).max(100), muted: z.boolean() }),
})

const none = z.tuple([])
/** A language tag: 'hu', 'en', 'sv-FI'. */
const language = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)

/** A saved game's id: also its file name (no path, no dots). */
const gameId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/)
/** The longest game file text accepted for import (the host also checks the size in bytes). */
export const MAX_IMPORT_CHARS = 5 * 1024 * 1024

const projectorChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game') }),
  z.object({ kind: z.literal('story'), gameId: gameId.nullable(), index: z.number().int().min(0).max(10_000) }),
  z.object({ kind: z.literal('standings') }),
])

export const REFEREE_ARG_SCHEMAS = {
  ready: none,
  saveRoster: z.tuple([rosterSchema]),
  saveRuleset: z.tuple([rulesetSchema]),
  deleteRuleset: z.tuple([z.string().min(1).max(60)]),
  checkSetup: z.tuple([rulesetSchema, z.array(z.string().max(60)).max(60), roleCountsSchema.optional()]),
  startGame: z.tuple([startGameRequestSchema]),
  rematch: none,
  resumeGame: none,
  discardSavedGame: none,
  closeGame: none,
  exportGame: none,
  revealRole: z.tuple([playerSchema]),
  dismissNotice: z.tuple([z.number().int().min(0).max(1000)]),
  estimate: z.tuple([estimateRequestSchema]),
  toggleProjectorFullscreen: none,
  setRoomSettings: z.tuple([roomSettingsSchema]),
  cardsPayload: z.tuple([cardsRequestSchema]),
  printCards: z.tuple([cardsRequestSchema, z.enum(['print', 'pdf'])]),
  setLanguage: z.tuple([language, language.nullable()]),

  play: z.tuple([refereeCommandSchema]),
  undo: z.tuple([z.number().int().min(1).max(10_000).optional()]),
  logLines: z.tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(1).max(500)]),

  clubView: none,
  openSavedGame: z.tuple([gameId]),
  currentStory: none,
  deleteSavedGame: z.tuple([gameId]),
  importGame: z.tuple([z.string().max(MAX_IMPORT_CHARS), z.literal('replace').optional()]),
  carryHistory: z.tuple([z.string().trim().min(1).max(60), z.string().trim().min(1).max(60)]),
  newClubNight: none,
  clubCsv: z.tuple([z.enum(['tonight', 'season', 'allTime', 'history'])]),
  setSeasonStart: z.tuple([z.iso.date().nullable()]),
  showOnProjector: z.tuple([projectorChoiceSchema]),
} satisfies { [K in RefereeMethod]: z.ZodTuple }

export const isRefereeMethod = (m: unknown): m is RefereeMethod =>
  typeof m === 'string' && Object.prototype.hasOwnProperty.call(REFEREE_ARG_SCHEMAS, m)

/** What a call returns over a transport: ApiResult for every method (ready wraps the view in one too). */
export type RefereeWireResult<K extends RefereeMethod> = Awaited<ReturnType<RefereeApi[K]>> extends infer R
  ? R extends { ok: boolean }
    ? R
    : { ok: true; value: R } | { ok: false; error: { code: string; message: string } }
  : never

// Compile-time check: each schema's parsed tuple is assignable to the method's parameters.
type ArgsMatch = {
  [K in RefereeMethod]: z.infer<(typeof REFEREE_ARG_SCHEMAS)[K]> extends Parameters<RefereeApi[K]> ? true : K
}
const argsMatch: { [K in RefereeMethod]: true } = {} as ArgsMatch
void argsMatch
