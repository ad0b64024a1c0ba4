import { matchLanguage } from '../shared/languages'
import { z } from 'zod'
import type { ApiResult, PrintOutcome, PrintOutput, RefereeApi, RefereeMethod } from '../shared/api'
import {
  cardsRequestSchema,
  estimateRequestSchema,
  MAX_IMPORT_CHARS,
  roomSettingsSchema,
  rosterSchema,
  startGameRequestSchema,
  type RefereeWireResult,
} from '../shared/api-schemas'
import type { CardsPayload } from '../shared/cards'
import { HOST_FIELDS_OF, playerSchema, refereeCommandSchema, type Command, type HostField, type RefereeCommand } from '../shared/commands'
import { roleCountsSchema, rulesetSchema } from '../shared/ruleset'
import { cardsPayloadFor } from './cards'
import type { Clock } from './clock'
import type { Club } from './club/club'
import type { Imports } from './workers/importer'
import type { LatestEstimate } from './latest-estimate'
import type { ProjectorFullscreen } from './fullscreen'
import { checkSetup, type Library } from './library'
import type { NoticeBoard } from './notice-board'
import { storyOf, type ProjectorChoiceState } from './projector-choice'
import type { HostRandom } from './random'
import { fail, ok } from './result'
import type { Table } from './table'
import type { RoomPart } from './room/room-part'
import type { ViewSource } from './fan-out'

/** Prints a cards payload (the Electron glue: a hidden window on the cards page); absent in the browser mode. */
export type CardsPrinter = (payload: CardsPayload, output: PrintOutput) => Promise<ApiResult<PrintOutcome>>

/** The host's parts a method is routed to (game-host.ts builds them; each owns its state). */
export interface HostParts {
  readonly library: Library
  readonly table: Table
  readonly club: Club
  readonly imports: Imports
  readonly estimate: LatestEstimate
  readonly notices: NoticeBoard
  readonly projector: ProjectorChoiceState
  readonly fullscreen: ProjectorFullscreen
  readonly printer: CardsPrinter | undefined
  readonly clock: Clock
  readonly random: HostRandom
  /** The room on the LAN: phones and TVs (room/room-part.ts). */
  readonly lan: RoomPart
  /** What the windows are shown (host-views.ts). */
  readonly views: ViewSource
}

/** One RefereeApi method in the host. */
interface Method<K extends RefereeMethod> {
  /** Its arguments: every call's UNKNOWN argument list is parsed with this before anything else happens. */
  readonly args: z.ZodTuple
  /** True: a success may change what a window shows, so both windows are pushed a view after it. False: a read, nothing is pushed. */
  readonly changes: boolean
  /** Answered with a promise (in the process too: invoke() then returns one). */
  readonly async?: true
  /** The part that owns it does the work (arguments already parsed). */
  readonly run: (h: HostParts, ...args: Parameters<RefereeApi[K]>) => RefereeWireResult<K> | Promise<RefereeWireResult<K>>
}

const none = z.tuple([])
/** A language tag: 'hu', 'en', 'sv-FI'. */
const language = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
/** A saved game's id: also its file name (no path, no dots). */
const gameId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/)
const rosterName = z.string().trim().min(1).max(60)
/** A room device's id as the referee window sees it (room/room.ts: 6 random bytes, base64url). */
const deviceId = z.string().regex(/^[A-Za-z0-9_-]{8}$/)
const projectorChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game') }),
  z.object({ kind: z.literal('story'), gameId: gameId.nullable(), index: z.number().int().min(0).max(10_000) }),
  z.object({ kind: z.literal('standings'), period: z.enum(['tonight', 'season']).optional() }),
  z.object({ kind: z.literal('rules'), ruleset: rulesetSchema.nullable(), index: z.number().int().min(0).max(100) }),
])

/**
 * THE method table: per RefereeApi method its argument schema, whether it changes anything, and its
 * handler. The compiler refuses a RefereeApi method without a row, a row for no method, a schema
 * whose parsed list is not the method's parameters, and a handler whose answer is not the method's.
 * The argument schemas, the read-only and the asynchronous methods are read off it.
 */
export const METHODS = {
  // setup and library
  ready: { args: none, changes: false, run: (h) => ok(h.views.refereeAppView()) },
  saveRoster: { args: z.tuple([rosterSchema]), changes: true, run: (h, names) => h.library.saveRoster(names) },
  setSittingOut: { args: z.tuple([rosterSchema]), changes: true, run: (h, names) => h.library.setSittingOut(names) },
  saveRuleset: { args: z.tuple([rulesetSchema]), changes: true, run: (h, r) => h.library.saveRuleset(r) },
  deleteRuleset: { args: z.tuple([z.string().min(1).max(60)]), changes: true, run: (h, id) => h.library.deleteRuleset(id) },
  checkSetup: {
    args: z.tuple([rulesetSchema, z.array(z.string().max(60)).max(60), roleCountsSchema.optional()]),
    changes: false,
    run: (_, r, players, counts) => checkSetup(r, players, counts),
  },
  startGame: { args: z.tuple([startGameRequestSchema]), changes: true, run: (h, req) => h.table.start(req) },
  rematch: { args: none, changes: true, run: (h) => h.table.rematch() },
  resumeGame: { args: none, changes: true, run: (h) => h.table.resume() },
  discardSavedGame: { args: none, changes: true, run: (h) => h.table.discard() },
  closeGame: { args: none, changes: true, run: (h) => h.table.close() },
  exportGame: { args: none, changes: false, run: (h) => h.table.exportGame() },
  revealRole: { args: z.tuple([playerSchema]), changes: false, run: (h, seat) => h.table.revealRole(seat) },
  dismissNotice: { args: z.tuple([z.number().int().min(0).max(1000)]), changes: true, run: (h, i) => h.notices.dismiss(i) },
  estimate: { args: z.tuple([estimateRequestSchema]), changes: false, async: true, run: (h, req) => h.estimate.run(req) },
  toggleProjectorFullscreen: { args: none, changes: true, run: (h) => h.fullscreen.toggle() },
  setLanguage: { args: z.tuple([language, language.nullable()]), changes: true, run: (h, l, p) => h.library.setLanguages(l, p) },
  setRoomSettings: { args: z.tuple([roomSettingsSchema]), changes: true, run: (h, room) => h.library.setRoom(room) },

  // printing
  cardsPayload: { args: z.tuple([cardsRequestSchema]), changes: false, run: (h, req) => cardsPayloadFor(h.table.game, req) },
  printCards: {
    args: z.tuple([cardsRequestSchema, z.enum(['print', 'pdf'])]),
    changes: false,
    async: true,
    run: async (h, req, output) => {
      const payload = cardsPayloadFor(h.table.game, req)
      if (!payload.ok) return payload
      if (!h.printer) return fail('unavailable', 'Printing is done by the cards page in this mode.')
      return h.printer(payload.value, output)
    },
  },

  // the game
  play: { args: z.tuple([refereeCommandSchema]), changes: true, run: (h, c) => h.table.command(withHostFields(h, c)) },
  undo: { args: z.tuple([z.number().int().min(1).max(10_000).optional()]), changes: true, run: (h, steps) => h.table.undo(steps ?? 1) },
  logLines: {
    args: z.tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(1).max(500)]),
    changes: false,
    run: (h, from, count) => h.table.logLines(from, count),
  },

  // the club night
  clubView: {
    args: none,
    changes: false,
    run: (h) => {
      // Damaged game files found while listing are set aside; their notices show with the next view.
      const { view, notices } = h.club.view(h.library.roster)
      h.notices.add(...notices)
      return ok(view)
    },
  },
  openSavedGame: { args: z.tuple([gameId]), changes: false, run: (h, id) => h.club.open(id) },
  currentStory: { args: none, changes: false, run: (h) => (h.table.game ? storyOf(h.table.game) : fail('no-game', 'No game is open.')) },
  deleteSavedGame: {
    args: z.tuple([gameId]),
    changes: true,
    run: (h, id) => {
      const r = h.club.delete(id)
      if (r.ok) h.projector.gameDeleted(id)
      return r
    },
  },
  // Checked in a worker thread (importer.ts): the host answers other calls meanwhile.
  importGame: {
    args: z.tuple([z.string().max(MAX_IMPORT_CHARS), z.literal('replace').optional()]),
    changes: true,
    async: true,
    run: (h, text, replace) => h.imports.run(text, replace === 'replace'),
  },
  carryHistory: {
    args: z.tuple([rosterName, rosterName]),
    changes: true,
    run: (h, from, to) => {
      const r = h.club.carryHistory(from, to)
      if (r.ok) h.projector.standingsChanged()
      return r
    },
  },
  newClubNight: {
    args: none,
    changes: true,
    run: (h) => {
      const r = h.club.newNight()
      if (r.ok) h.projector.standingsChanged()
      return r
    },
  },
  clubCsv: {
    args: z.tuple([z.enum(['tonight', 'season', 'allTime', 'history'])]),
    changes: false,
    run: (h, kind) => h.club.csv(kind, h.library.roster, matchLanguage([h.library.language ?? '']) ?? 'en'),
  },
  setSeasonStart: {
    args: z.tuple([z.iso.date().nullable()]),
    changes: true,
    run: (h, date) => {
      const r = h.club.setSeasonStart(date)
      if (r.ok) h.projector.standingsChanged()
      return r
    },
  },
  showOnProjector: { args: z.tuple([projectorChoiceSchema]), changes: true, run: (h, choice) => h.projector.show(choice) },

  // the room on the LAN (docs/room.md)
  openRoom: { args: z.tuple([z.ipv4().nullable()]), changes: true, async: true, run: (h, address) => h.lan.open(address) },
  closeRoom: { args: none, changes: true, async: true, run: (h) => h.lan.close() },
  admitDevice: { args: z.tuple([deviceId]), changes: true, run: (h, id) => h.lan.admit(id) },
  dropDevice: { args: z.tuple([deviceId]), changes: true, run: (h, id) => h.lan.drop(id) },
  // A new secret for the room, nothing any window shows: nothing is pushed.
  personalLink: { args: z.tuple([z.number().int().min(0).max(99)]), changes: false, run: (h, seat) => h.lan.personalLink(seat) },
  // The night on the phones: the actors' picks become the commands the referee's clicks make.
  takePhonePicks: { args: none, changes: true, run: (h) => h.lan.confirmCall((c) => h.table.command(withHostFields(h, c))) },
} as const satisfies { [K in RefereeMethod]: Method<K> }

type Rows = typeof METHODS

/** The argument schemas, read off the table. */
export const REFEREE_ARG_SCHEMAS = Object.fromEntries(Object.entries(METHODS).map(([m, e]) => [m, e.args])) as { [K in RefereeMethod]: Rows[K]['args'] }

/** The methods a window may call: the table's own keys (never an inherited name such as `constructor`). */
export const isRefereeMethod = (m: unknown): m is RefereeMethod => typeof m === 'string' && Object.prototype.hasOwnProperty.call(METHODS, m)

/** The reads: methods after which nothing is pushed. */
export type ReadMethod = { [K in RefereeMethod]: Rows[K]['changes'] extends false ? K : never }[RefereeMethod]
export const READ_ONLY_METHODS: ReadonlySet<RefereeMethod> = new Set((Object.keys(METHODS) as RefereeMethod[]).filter((m) => !METHODS[m].changes))

/** The methods the host answers with a promise. */
export type AsyncMethod = { [K in RefereeMethod]: Rows[K] extends { async: true } ? K : never }[RefereeMethod]
export const ASYNC_METHODS: ReadonlySet<RefereeMethod> = new Set((Object.keys(METHODS) as RefereeMethod[]).filter((m) => 'async' in METHODS[m]))

/** What invoke() answers: the wire result, at once for every method but the asynchronous ones. */
export type HostAnswer<K extends RefereeMethod> = K extends AsyncMethod ? Promise<RefereeWireResult<K>> : RefereeWireResult<K>

// Compile-time checks: each schema's parsed list is the method's parameter list, and only the
// methods marked async answer with a promise.
type ArgsMatch = { [K in RefereeMethod]: z.infer<Rows[K]['args']> extends Parameters<RefereeApi[K]> ? true : K }
const argsMatch: { [K in RefereeMethod]: true } = {} as ArgsMatch
type SyncMatch = { [K in RefereeMethod]: K extends AsyncMethod ? true : [Extract<ReturnType<Rows[K]['run']>, PromiseLike<unknown>>] extends [never] ? true : K }
const syncMatch: { [K in RefereeMethod]: true } = {} as SyncMatch
void argsMatch
void syncMatch

/** A referee's game action (already parsed) with the host's own fields: its clock and its crypto draw (a phone's day vote too: host-parts.ts). */
export function withHostFields(h: Pick<HostParts, 'clock' | 'random'>, c: RefereeCommand): Command {
  const supply: Record<HostField, () => number> = { at: () => h.clock.now(), draw: () => h.random.draw() }
  const given = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined))
  const added = Object.fromEntries(HOST_FIELDS_OF[c.type].map((f) => [f, supply[f]()]))
  return { ...given, ...added } as Command
}
