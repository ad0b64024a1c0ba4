import { randomBytes } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import type { Standings } from '../../shared/club'
import type { Story } from '../../shared/story'
import {
  REFEREE_METHODS,
  type ApiError,
  type ApiResult,
  type Estimate,
  type EstimateRequest,
  type PrintOutcome,
  type PrintOutput,
  type ProjectorChoice,
  type ProjectorScreen,
  type ProjectorShows,
  type RefereeApi,
  type RefereeAppView,
  type RefereeMethod,
  type SavedGameSummary,
  type SetupCheck,
  type StartGameRequest,
} from '../../shared/api'
import { REFEREE_ARG_SCHEMAS, isRefereeMethod, type RefereeWireResult } from '../../shared/api-schemas'
import { HOST_FIELDS_OF, type Command, type HostField, type RefereeCommand } from '../../shared/commands'
import type { CardsPayload } from '../../shared/cards'
import type { GameFile } from '../../shared/game-file'
import type { RoleCounts, RoleId } from '../../shared/roles'
import { PRESET_IDS, type Ruleset } from '../../shared/ruleset'
import {
  PRESETS,
  createGame,
  dealFromOrder,
  describeHistory,
  describeLastStep,
  entriesToUndo,
  historySteps,
  dispatch,
  physicalDeal,
  projectorView,
  buildStory,
  refereeView,
  setupProblems,
  setupWarnings,
  suggestCounts,
  toGameFile,
  undo as engineUndo,
  type Game,
} from '../engine'
import { cardsPayloadFor } from './cards'
import { systemClock, type Clock } from './clock'
import { runEstimate } from './estimator'
import { GameArchive } from './persistence/games'
import { JournalWriter, recoverJournal } from './persistence/journal'
import { dataFolderProblem, memorySnapshot, notSavingNotice } from './persistence/data-folder'
import { MemoryStore, type KeyValueStore } from './persistence/kv-store'
import { SETTINGS_KEYS, dedupeNames, loadSettings, type Settings } from './persistence/settings'
import { lookAlikeProblems, normalizeName } from './names'
import { cryptoDraw, cryptoPermutation } from './random'
import { newGameId, summarize } from './summary'
import { Club } from './club/club'
import { GameHistory } from './club/history'

/** Where randomness comes from (crypto by default; tests inject a seeded one). */
export interface HostRandom {
  permutation(n: number): number[]
  draw(): number
}

export type Estimator = (req: EstimateRequest, opts: { signal: AbortSignal }) => Promise<Estimate>

export interface GameHostOptions {
  /** Roster, custom rulesets, language, finished-game summaries. */
  settings: KeyValueStore
  /** Folder of the game-in-progress journal (journal/current.jsonl) and finished games (games/). */
  dataDir: string
  clock?: Clock
  random?: HostRandom
  /** The odds estimator (default: runEstimate, a worker thread); null = none, estimate() answers 'unavailable'. */
  estimate?: Estimator | null
  /** Called when the referee toggles the projector's full screen (the Electron glue applies it). */
  onProjectorFullscreen?: (on: boolean) => void
  /** Prints a cards payload (the Electron glue: a hidden window on the cards page); absent in the browser mode. */
  printCards?: (payload: CardsPayload, output: PrintOutput) => Promise<ApiResult<PrintOutcome>>
  /** fsync journal appends and file writes (default true; only tests that do not test durability turn it off). */
  durable?: boolean
}

/** Error codes the host adds to the engine's (EngineErrorCode). */
export type HostErrorCode =
  | 'unknown-method'
  | 'invalid-arguments'
  | 'no-game'
  | 'game-in-progress'
  | 'unfinished-game'
  | 'nothing-to-resume'
  | 'setup-problems'
  | 'not-found'
  | 'preset-readonly'
  | 'storage-failed'
  | 'unavailable'
  | 'cancelled'
  | 'estimate-failed'
  | 'internal'

const fail = (code: HostErrorCode | string, message: string): { ok: false; error: ApiError } => ({ ok: false, error: { code, message } })
const OK: { ok: true; value: null } = { ok: true, value: null }
const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

interface OpenGame {
  id: string
  createdAt: string
  game: Game
  journal: JournalWriter | null
}

interface ParkedGame {
  id: string
  createdAt: string
  game: Game
  savedAt: string
}

/** The methods the host answers asynchronously. */
type AsyncMethod = 'estimate' | 'printCards'

/** What invoke() answers: the wire result, at once for every method but the asynchronous ones. */
export type HostAnswer<K extends RefereeMethod> = K extends AsyncMethod ? Promise<RefereeWireResult<K>> : RefereeWireResult<K>

type Args<K extends RefereeMethod> = z.infer<(typeof REFEREE_ARG_SCHEMAS)[K]>
type Handlers = { [K in RefereeMethod]: (...args: Args<K>) => ApiResult<unknown> | Promise<ApiResult<unknown>> }

/** Methods that never change anything (no view is pushed after them). */
const READ_ONLY: ReadonlySet<RefereeMethod> = new Set(['ready', 'checkSetup', 'exportGame', 'revealRole', 'estimate', 'cardsPayload', 'printCards'])

/**
 * The host: the library (presets, custom rulesets, the roster), the game in progress with its
 * journal, the resumable game, finished games and notices. Every RefereeApi method is here, taking
 * UNKNOWN arguments (parsed with REFEREE_ARG_SCHEMAS) and returning an ApiResult — it never throws
 * to its caller, and a refused call changes nothing and pushes nothing. After every change it pushes
 * a RefereeAppView to referee subscribers and a ProjectorScreen (built only from projectorView) to
 * projector subscribers. Time and randomness come from the host, never from a window.
 */
export class GameHost {
  private readonly kv: KeyValueStore
  private readonly clock: Clock
  private readonly random: HostRandom
  private readonly estimator: Estimator | undefined
  private readonly onFullscreen: ((on: boolean) => void) | undefined
  private readonly printer: GameHostOptions['printCards']
  private readonly durable: boolean
  /** False when the data folder cannot be written at start: play goes on, nothing is saved. */
  readonly saving: boolean
  readonly journalPath: string
  readonly archive: GameArchive

  private settings: Settings
  private notices: string[] = []
  private current: OpenGame | null = null
  private parked: ParkedGame | null = null
  /** The last finished game closed in this session (for a rematch from the setup screen). */
  private lastFinished: Game | null = null
  private fullscreen = false
  /** The club's saved games and standings (the same games folder as the archive). */
  readonly club: Club
  /** What the projector shows instead of the game, at the referee's choice; null: the game. */
  private projectorChoice: { kind: 'story'; gameId: string | null; index: number; story: Story } | { kind: 'standings'; standings: Standings } | null = null

  private readonly refereeSubs = new Set<(v: RefereeAppView) => void>()
  private readonly projectorSubs = new Set<(v: ProjectorScreen) => void>()
  /** What the projector was last sent (without its send time); unchanged screens are not re-sent. */
  private lastProjectorContent: string | null = null
  private readonly clockHandles = new Map<'day' | 'defence', unknown>()
  /** Running clocks whose deadline had already passed when undo or resume restored them: not auto-expired. */
  private readonly suppressed = new Map<'day' | 'defence', number>()
  private estimateAbort: AbortController | null = null
  private readonly handlers: Handlers

  constructor(opts: GameHostOptions) {
    // Start never fails because of the data folder (docs/host.md, "Damage").
    const problem = dataFolderProblem(opts.dataDir)
    this.saving = problem === null
    this.kv = problem === null ? opts.settings : memorySnapshot(opts.settings)
    if (problem !== null) this.notices.push(notSavingNotice(opts.dataDir, problem))
    this.clock = opts.clock ?? systemClock
    this.random = opts.random ?? { permutation: cryptoPermutation, draw: cryptoDraw }
    this.estimator = opts.estimate === undefined ? runEstimate : (opts.estimate ?? undefined)
    this.onFullscreen = opts.onProjectorFullscreen
    this.printer = opts.printCards
    this.durable = opts.durable ?? true
    this.journalPath = join(opts.dataDir, 'journal', 'current.jsonl')
    this.archive = new GameArchive(join(opts.dataDir, 'games'), this.durable)
    this.club = new Club(new GameHistory(join(opts.dataDir, 'games'), this.durable), this.kv, this.clock)
    this.handlers = this.makeHandlers()

    let loaded
    try {
      loaded = loadSettings(this.kv)
    } catch (e) {
      loaded = { settings: loadSettings(new MemoryStore()).settings, notices: [`The settings could not be read (${(e as Error).message}); defaults are used for now.`] }
    }
    this.settings = loaded.settings
    this.notices.push(...loaded.notices)
    try {
      this.syncFinishedWithFolder()
    } catch (e) {
      this.notices.push(`The finished games could not be listed (${(e as Error).message}).`)
    }
    this.recoverGameInProgress()
  }

  // ───────────────────────────── subscriptions and views ─────────────────────────────

  /** Subscribe a referee window; it gets a view after every change (ask ready() for the first). */
  onRefereeView(cb: (v: RefereeAppView) => void): () => void {
    this.refereeSubs.add(cb)
    return () => this.refereeSubs.delete(cb)
  }

  /** Subscribe a projector window; it gets ProjectorScreen values only. */
  onProjectorScreen(cb: (v: ProjectorScreen) => void): () => void {
    // "Send only on change" starts from what is on screen now: a projector that connects without
    // asking ready() must not get a stale-memory duplicate right after a secret step.
    this.lastProjectorContent = projectorContent(this.projectorScreen())
    this.projectorSubs.add(cb)
    return () => this.projectorSubs.delete(cb)
  }

  refereeAppView(): RefereeAppView {
    const cur = this.current
    const g = cur?.game
    const lastEntry = g && g.log.length ? g.log[g.log.length - 1]! : null
    return {
      screen: cur ? 'game' : 'setup',
      presets: PRESET_IDS.map((id) => structuredClone(PRESETS[id])),
      customRulesets: structuredClone(this.settings.customRulesets),
      roster: [...this.settings.roster],
      resumable: this.parked ? summarize(this.parked.game, this.parked.id, this.parked.savedAt) : null,
      finishedGames: [...this.settings.finishedGames].sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0)),
      // A run of clock presses is one step: one log line, one undo (engine/history.ts).
      game: g
        ? refereeView(g.state, { undoable: historySteps(g.log).length, last: lastEntry?.command ?? null, lastStep: describeLastStep(g.state, g.log) })
        : null,
      log: g ? describeHistory(g.state, g.log) : [],
      notices: [...this.notices],
      sentAt: this.clock.now(),
      projectorFullscreen: this.fullscreen,
      projectorShows: this.projectorShows(),
    }
  }

  /** The referee's choice for the projector, while it still holds: a story of the open game only while it is over. */
  private activeChoice(): GameHost['projectorChoice'] {
    const c = this.projectorChoice
    if (c?.kind === 'story' && c.gameId === null && this.current?.game.state.phase !== 'over') this.projectorChoice = null
    return this.projectorChoice
  }

  private projectorShows(): ProjectorShows {
    const c = this.activeChoice()
    if (!c) return { kind: 'game' }
    return c.kind === 'story' ? { kind: 'story', gameId: c.gameId, index: c.index, pages: c.story.chapters.length + 1 } : { kind: 'standings' }
  }

  /** What the projector shows: built from projectorView(state) alone, never from the referee's view. */
  projectorScreen(): ProjectorScreen {
    const sentAt = this.clock.now()
    const c = this.activeChoice()
    if (c?.kind === 'story') return { kind: 'story', story: c.story, index: c.index, sentAt }
    if (c?.kind === 'standings') return { kind: 'standings', standings: c.standings, sentAt }
    return this.current ? { kind: 'game', view: projectorView(this.current.game.state), sentAt } : { kind: 'idle', sentAt }
  }

  /** The projector page is ready: push it the current screen (and return it). */
  projectorReady(): ProjectorScreen {
    const screen = this.projectorScreen()
    this.lastProjectorContent = projectorContent(screen)
    for (const cb of this.projectorSubs) safe(() => cb(screen))
    return screen
  }

  /** The projector's full-screen state changed outside the referee's toggle (e.g. Esc on the projector). */
  setProjectorFullscreen(on: boolean): void {
    if (this.fullscreen === on) return
    this.fullscreen = on
    this.pushReferee()
  }

  get language(): string | null {
    return this.settings.language
  }

  /** The window language (not part of RefereeApi yet). */
  setLanguage(lang: unknown): ApiResult {
    if (typeof lang !== 'string' || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang)) return fail('invalid-arguments', 'Not a language code.')
    return this.saveSetting('language', lang, () => (this.settings.language = lang))
  }

  /** Stop clocks, cancel an estimate and close the journal (the game stays resumable on disk). */
  dispose(): void {
    this.clearClocks()
    this.estimateAbort?.abort()
    this.current?.journal?.close()
    this.refereeSubs.clear()
    this.projectorSubs.clear()
  }

  // ───────────────────────────── the generic entry point ─────────────────────────────

  /**
   * One call from a window: the method must be a RefereeApi method (the allow-list) and the arguments
   * a list; they are parsed with the method's schema. This is what the IPC handler and the browser
   * transport call. `ready` answers `{ ok: true, value: RefereeAppView }`.
   */
  async call(method: unknown, args: unknown): Promise<ApiResult<unknown>> {
    // Never String() an unknown value: an object's own toString may throw (or lie).
    if (!isRefereeMethod(method))
      return fail('unknown-method', typeof method === 'string' ? `There is no referee action called ${JSON.stringify(method.slice(0, 60))}.` : `The action name must be text, not ${method === null ? 'null' : typeof method}.`)
    if (!Array.isArray(args)) return fail('invalid-arguments', 'The arguments must be a list.')
    return this.run(method, args)
  }

  /**
   * A typed call from inside the process (the Electron menu, tests, the CLI): the same path as call(),
   * answered at once by every method but estimate and printCards.
   */
  invoke<K extends RefereeMethod>(method: K, ...args: Parameters<RefereeApi[K]>): HostAnswer<K> {
    return this.run(method, args) as HostAnswer<K>
  }

  /** One game action (shorthand for invoke('play', command)). */
  play(command: RefereeCommand): ApiResult {
    return this.invoke('play', command)
  }

  /** An in-process RefereeApi over this host (tests, the CLI, or a same-process window). */
  asRefereeApi(): RefereeApi {
    const api: Record<string, unknown> = {}
    for (const m of REFEREE_METHODS)
      api[m] = (...args: unknown[]) => Promise.resolve(this.run(m, args))
    api.ready = () => Promise.resolve(this.refereeAppView())
    api.onView = (cb: (v: RefereeAppView) => void) => this.onRefereeView(cb)
    return api as unknown as RefereeApi
  }

  private run(method: RefereeMethod, rawArgs: readonly unknown[]): ApiResult<unknown> | Promise<ApiResult<unknown>> {
    // JSON turns a missing optional argument into null at the end of the list only if sent; trailing undefined is dropped.
    const args = [...rawArgs]
    while (args.length && args[args.length - 1] === undefined) args.pop()
    const parsed = REFEREE_ARG_SCHEMAS[method].safeParse(args)
    if (!parsed.success) {
      const why = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.length ? `argument ${i.path.join('.')}` : 'arguments'}: ${i.message}`)
        .join('; ')
      return fail('invalid-arguments', `${method}: ${why}`)
    }
    try {
      const handler = this.handlers[method] as (...a: unknown[]) => ApiResult<unknown> | Promise<ApiResult<unknown>>
      const result = handler(...(parsed.data as unknown[]))
      if (result instanceof Promise) return result.catch((e: unknown) => fail('internal', String((e as Error)?.message ?? e)))
      if (result.ok && !READ_ONLY.has(method)) this.push()
      return result
    } catch (e) {
      return fail('internal', `${method} failed: ${(e as Error)?.message ?? String(e)}`)
    }
  }

  // ───────────────────────────── handlers (arguments already parsed) ─────────────────────────────

  private makeHandlers(): Handlers {
    return {
      ready: () => ok(this.refereeAppView()),
      saveRoster: (names) => this.doSaveRoster(names),
      saveRuleset: (r) => this.doSaveRuleset(r),
      deleteRuleset: (id) => this.doDeleteRuleset(id),
      checkSetup: (r, players, counts) => this.doCheckSetup(r, players, counts),
      startGame: (req) => this.doStartGame(req),
      rematch: () => this.doRematch(),
      resumeGame: () => this.doResume(),
      discardSavedGame: () => this.doDiscard(),
      closeGame: () => this.doClose(),
      exportGame: () => this.doExport(),
      revealRole: (seat) => this.doRevealRole(seat),
      dismissNotice: (i) => {
        if (i >= this.notices.length) return fail('not-found', `There is no notice ${i}.`)
        this.notices.splice(i, 1)
        return OK
      },
      estimate: (req) => this.doEstimate(req),
      toggleProjectorFullscreen: () => {
        this.fullscreen = !this.fullscreen
        safe(() => this.onFullscreen?.(this.fullscreen))
        return OK
      },
      cardsPayload: (req) => cardsPayloadFor(this.current?.game ?? null, req),
      printCards: (req, output) => {
        const payload = cardsPayloadFor(this.current?.game ?? null, req)
        if (!payload.ok) return payload
        if (!this.printer) return fail('unavailable', 'Printing is done by the cards page in this mode.')
        return this.printer(payload.value, output)
      },

      play: (c) => this.gameCommand(this.withHostFields(c)),
      undo: (steps) => this.doUndo(steps ?? 1),

      clubView: () => {
        const { view, notices } = this.club.view(this.settings.roster)
        this.notices.push(...notices)
        if (notices.length) this.pushReferee()
        return ok(view)
      },
      openSavedGame: (id) => this.club.open(id),
      currentStory: () => (this.current ? storyOf(this.current.game) : fail('no-game', 'No game is open.')),
      deleteSavedGame: (id) => {
        const r = this.club.delete(id)
        if (r.ok && this.projectorChoice?.kind === 'story' && this.projectorChoice.gameId === id) this.projectorChoice = null
        return r
      },
      importGame: (text) => this.club.importText(text, newGameId(new Date(this.clock.now()), randomBytes(3).toString('hex')), new Date(this.clock.now())),
      newClubNight: () => {
        const r = this.club.newNight()
        if (r.ok && this.projectorChoice?.kind === 'standings') this.projectorChoice = { kind: 'standings', standings: this.club.tonightStandings(this.settings.roster) }
        return r
      },
      clubCsv: (kind) => this.club.csv(kind, this.settings.roster),
      showOnProjector: (choice) => this.doShowOnProjector(choice),
    }
  }

  private doShowOnProjector(choice: ProjectorChoice): ApiResult {
    if (choice.kind === 'game') {
      this.projectorChoice = null
      return OK
    }
    if (choice.kind === 'standings') {
      this.projectorChoice = { kind: 'standings', standings: this.club.tonightStandings(this.settings.roster) }
      return OK
    }
    const held = this.projectorChoice
    const story =
      held?.kind === 'story' && held.gameId === choice.gameId
        ? ok(held.story)
        : choice.gameId === null
          ? this.current
            ? storyOf(this.current.game)
            : fail('no-game', 'No game is open.')
          : this.club.story(choice.gameId)
    if (!story.ok) return story
    this.projectorChoice = { kind: 'story', gameId: choice.gameId, index: Math.min(choice.index, story.value.chapters.length), story: story.value }
    return OK
  }

  private saveSetting<K extends keyof Settings>(key: K, value: Settings[K], commit: () => void): ApiResult {
    try {
      this.kv.set(SETTINGS_KEYS[key], value)
    } catch (e) {
      return fail('storage-failed', `The settings could not be saved: ${(e as Error).message}`)
    }
    commit()
    return OK
  }

  private doSaveRoster(names: string[]): ApiResult {
    const clean = names.map(normalizeName)
    const unique = dedupeNames(clean)
    if (unique.length !== clean.length) return fail('invalid-arguments', 'The roster has the same name twice.')
    const alike = lookAlikeProblems(unique)
    if (alike.length) return fail('invalid-arguments', alike.join(' ').replace(/\(seat \d+\) /g, ''))
    return this.saveSetting('roster', unique, () => (this.settings.roster = unique))
  }

  private doSaveRuleset(r: Ruleset): ApiResult {
    if ((PRESET_IDS as readonly string[]).includes(r.id))
      return fail('preset-readonly', `"${r.id}" is a preset; save your changes under a new id.`)
    const list = this.settings.customRulesets
    const i = list.findIndex((x) => x.id === r.id)
    if (i < 0 && list.length >= 200) return fail('invalid-arguments', 'At most 200 custom rulesets can be kept.')
    const next = i < 0 ? [...list, r] : list.map((x, j) => (j === i ? r : x))
    return this.saveSetting('customRulesets', next, () => (this.settings.customRulesets = next))
  }

  private doDeleteRuleset(id: string): ApiResult {
    if ((PRESET_IDS as readonly string[]).includes(id)) return fail('preset-readonly', 'A preset cannot be deleted.')
    const next = this.settings.customRulesets.filter((x) => x.id !== id)
    if (next.length === this.settings.customRulesets.length) return fail('not-found', `There is no custom ruleset "${id}".`)
    return this.saveSetting('customRulesets', next, () => (this.settings.customRulesets = next))
  }

  private doCheckSetup(r: Ruleset, players: string[], counts: RoleCounts | undefined): ApiResult<SetupCheck> {
    const suggested = suggestCounts(r, players.length)
    const c = counts ?? suggested
    return ok({
      suggested,
      problems: [...setupProblems(r, players.map(normalizeName), c).map((p) => p.message), ...lookAlikeProblems(players.map(normalizeName))],
      warnings: setupWarnings(r, players.length, c),
    })
  }

  private doStartGame(req: StartGameRequest): ApiResult {
    const blocked = this.blockedByOpenGame()
    if (blocked) return blocked
    const players = req.players.map(normalizeName)
    const problems = [...setupProblems(req.ruleset, players, req.counts).map((p) => p.message), ...lookAlikeProblems(players)]
    if (problems.length) return fail('setup-problems', problems.join(' '))
    let known: (RoleId | null)[] = players.map(() => null)
    if (req.dealMode === 'physical' && req.knownRoles) {
      if (req.knownRoles.length !== players.length)
        return fail('invalid-arguments', `knownRoles has ${req.knownRoles.length} entries for ${players.length} players.`)
      known = [...req.knownRoles]
    }
    const deal = req.dealMode === 'digital' ? dealFromOrder(req.counts, this.random.permutation(players.length)) : physicalDeal(req.counts, known)
    return this.openNewGame(req.ruleset, players, deal)
  }

  private doRematch(): ApiResult {
    const cur = this.current
    if (cur && cur.game.state.phase !== 'over') return fail('game-in-progress', 'The game is not over yet; finish or close it first.')
    const source = cur?.game ?? this.lastFinished
    if (!source) return fail('no-game', 'There is no finished game to play again.')
    const { ruleset, players, deal } = source.setup
    const blocked = this.blockedByOpenGame()
    if (blocked) return blocked
    const next =
      deal.mode === 'digital'
        ? dealFromOrder(deal.counts, this.random.permutation(players.length))
        : physicalDeal(deal.counts, players.map(() => null))
    return this.openNewGame(ruleset, [...players], next)
  }

  /** Before a new game: archive a finished open game; refuse while an unfinished one is open or parked. */
  private blockedByOpenGame(): ApiResult | null {
    if (this.current) {
      if (this.current.game.state.phase !== 'over') return fail('game-in-progress', 'A game is in progress; close it first.')
      const archived = this.archiveCurrent()
      if (!archived.ok) return archived
    }
    if (this.parked) return fail('unfinished-game', 'An unfinished game is saved; resume it or discard it first.')
    return null
  }

  private openNewGame(ruleset: Ruleset, players: string[], deal: Game['setup']['deal']): ApiResult {
    const created = createGame({ ruleset: structuredClone(ruleset), players, deal })
    if (!created.ok) return fail(created.error.code, created.error.message)
    const now = new Date(this.clock.now())
    const id = newGameId(now, randomBytes(3).toString('hex'))
    const createdAt = now.toISOString()
    let journal: JournalWriter | null = null
    try {
      if (this.saving) journal = JournalWriter.create(this.journalPath, toGameFile(created.value, { id, createdAt }), [], this.durable)
    } catch (e) {
      return fail('storage-failed', `The game could not be saved, so it was not started: ${(e as Error).message}`)
    }
    this.current = { id, createdAt, game: created.value, journal }
    this.projectorChoice = null
    this.suppressed.clear()
    this.scheduleClocks('forward')
    return OK
  }

  private doResume(): ApiResult {
    if (!this.parked) return fail('nothing-to-resume', 'There is no unfinished game to resume.')
    if (this.current) return fail('game-in-progress', 'Close the open game first.')
    let journal: JournalWriter | null = null
    try {
      if (this.saving)
        journal = existsSync(this.journalPath)
        ? JournalWriter.openAppend(this.journalPath, this.durable)
        : JournalWriter.create(this.journalPath, this.headerOf(this.parked), this.parked.game.log.map((e) => ({ command: e.command })), this.durable)
    } catch (e) {
      return fail('storage-failed', `The saved game could not be opened for writing: ${(e as Error).message}`)
    }
    const p = this.parked
    this.current = { id: p.id, createdAt: p.createdAt, game: p.game, journal }
    this.projectorChoice = null
    this.parked = null
    this.suppressed.clear()
    this.scheduleClocks('restore')
    return OK
  }

  private doDiscard(): ApiResult {
    if (!this.parked) return fail('nothing-to-resume', 'There is no unfinished game to discard.')
    try {
      if (this.saving) rmSync(this.journalPath, { force: true })
    } catch (e) {
      return fail('storage-failed', `The saved game could not be deleted: ${(e as Error).message}`)
    }
    this.parked = null
    return OK
  }

  private doClose(): ApiResult {
    const cur = this.current
    if (!cur) return fail('no-game', 'No game is open.')
    if (cur.game.state.phase === 'over') return this.archiveCurrent()
    // An unfinished game stays on disk and is offered for resume.
    cur.journal?.close()
    this.parked = { id: cur.id, createdAt: cur.createdAt, game: cur.game, savedAt: new Date(this.clock.now()).toISOString() }
    this.current = null
    this.clearClocks()
    return OK
  }

  private doExport(): ApiResult<GameFile> {
    const g = this.current ?? this.parked
    if (!g) return fail('no-game', 'No game is open.')
    // The file holds the deal: not while the operator is still a blind player (variant).
    if (g.game.state.operatorBlind) return fail('not-allowed', 'The game file holds every role: export it after the hand-over.')
    return ok(toGameFile(g.game, { id: g.id, createdAt: g.createdAt }))
  }

  private doRevealRole(seat: number): ApiResult<RoleId | null> {
    const g = this.current
    if (!g) return fail('no-game', 'No game is open.')
    const s = g.game.state
    if (seat >= s.roles.length) return fail('unknown-player', `There is no seat ${seat + 1}.`)
    if (s.operatorBlind && g.game.log.length > 0)
      return fail('not-allowed', 'Roles are shown privately only before the first step, while the referee is a blind player.')
    return ok(s.roles[seat] ?? null)
  }

  private async doEstimate(req: EstimateRequest): Promise<ApiResult<Estimate>> {
    if (!this.estimator) return fail('unavailable', 'The odds estimator is not available in this build.')
    const problems = setupProblems(req.ruleset, Array.from({ length: req.players }, (_, i) => `P${i + 1}`), req.counts)
    if (problems.length) return fail('setup-problems', problems.map((p) => p.message).join(' '))
    this.estimateAbort?.abort()
    const ctrl = new AbortController()
    this.estimateAbort = ctrl
    try {
      const value = await this.estimator(req, { signal: ctrl.signal })
      return ok(value)
    } catch (e) {
      if (ctrl.signal.aborted || (e as Error)?.name === 'AbortError') return fail('cancelled', 'A newer estimate replaced this one.')
      return fail('estimate-failed', `The estimate failed: ${(e as Error)?.message ?? String(e)}`)
    } finally {
      if (this.estimateAbort === ctrl) this.estimateAbort = null
    }
  }

  private doUndo(steps: number): ApiResult {
    const cur = this.current
    if (!cur) return fail('no-game', 'No game is open.')
    if (steps > historySteps(cur.game.log).length) return fail('nothing-to-undo', `Only ${historySteps(cur.game.log).length} steps can be undone.`)
    const entries = entriesToUndo(cur.game.log, steps)
    const r = engineUndo(cur.game, entries)
    if (!r.ok) return fail(r.error.code, r.error.message)
    try {
      cur.journal?.append({ undo: entries })
    } catch (e) {
      return fail('storage-failed', `The step could not be saved, so it was not taken back: ${(e as Error).message}`)
    }
    cur.game = r.value
    this.scheduleClocks('restore')
    return OK
  }

  /** A referee's game action (already parsed) with the host's own fields: its clock and its crypto draw. */
  private withHostFields(c: RefereeCommand): Command {
    const supply: Record<HostField, () => number> = { at: () => this.clock.now(), draw: () => this.random.draw() }
    const given = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined))
    const added = Object.fromEntries(HOST_FIELDS_OF[c.type].map((f) => [f, supply[f]()]))
    return { ...given, ...added } as Command
  }

  /** One engine command: decide, make it durable in the journal, then apply. Refused → nothing changes. */
  private gameCommand(c: Command): ApiResult {
    const cur = this.current
    if (!cur) return fail('no-game', 'No game is open.')
    const r = dispatch(cur.game, c)
    if (!r.ok) return fail(r.error.code, r.error.message)
    const accepted = r.value.log[r.value.log.length - 1]!.command
    try {
      cur.journal?.append({ command: accepted })
    } catch (e) {
      return fail('storage-failed', `The step could not be saved, so it was not taken: ${(e as Error).message}`)
    }
    cur.game = r.value
    this.scheduleClocks('forward')
    return OK
  }

  // ───────────────────────────── finished games ─────────────────────────────

  private headerOf(g: { id: string; createdAt: string; game: Game }): GameFile {
    return toGameFile({ ...g.game, log: [] }, { id: g.id, createdAt: g.createdAt })
  }

  /** Save the open (finished) game as a game file, list it, and delete its journal. */
  private archiveCurrent(): ApiResult {
    const cur = this.current
    if (!cur) return OK
    const saved = this.archiveGame(cur.id, cur.createdAt, cur.game)
    if (!saved.ok) return saved
    try {
      cur.journal ? cur.journal.remove() : rmSync(this.journalPath, { force: true })
    } catch {
      // The journal of a game that is archived is harmless: the next start archives it again (same id).
    }
    this.lastFinished = cur.game
    this.current = null
    this.clearClocks()
    return OK
  }

  private archiveGame(id: string, createdAt: string, g: Game): ApiResult {
    const file = { ...toGameFile(g, { id, createdAt }), id }
    try {
      this.archive.save(file, new Date(this.clock.now()))
    } catch (e) {
      // Not saving (the notice says so): the game is listed for this session only.
      if (this.saving) return fail('storage-failed', `The finished game could not be saved: ${(e as Error).message}`)
    }
    const summary = summarize(g, id, new Date(this.clock.now()).toISOString())
    const list = [...this.settings.finishedGames.filter((s) => s.id !== id), summary]
    this.settings.finishedGames = list
    try {
      this.kv.set(SETTINGS_KEYS.finishedGames, list)
    } catch {
      // The game file is saved; the list is rebuilt from the games folder on the next start.
    }
    return OK
  }

  /** The settings' list of finished games is a cache of the games folder: add what is missing there. */
  private syncFinishedWithFolder(): void {
    const listed = this.settings.finishedGames.filter((s) => this.archive.has(s.id))
    const scan = this.archive.scan(new Set(listed.map((s) => s.id)))
    this.notices.push(...scan.notices)
    const next: SavedGameSummary[] = [...listed, ...scan.summaries]
    if (next.length !== this.settings.finishedGames.length || scan.summaries.length) {
      this.settings.finishedGames = next
      try {
        this.kv.set(SETTINGS_KEYS.finishedGames, next)
      } catch {
        /* rebuilt again next time */
      }
    }
  }

  private recoverGameInProgress(): void {
    let rec
    try {
      rec = recoverJournal(this.journalPath, this.durable)
    } catch (e) {
      this.notices.push(`The saved game in progress could not be read (${(e as Error).message}).`)
      return
    }
    this.notices.push(...rec.notices)
    const r = rec.recovered
    if (!r) return
    const id = r.header.id && /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(r.header.id) ? r.header.id : newGameId(new Date(this.clock.now()), randomBytes(3).toString('hex'))
    const createdAt = r.header.createdAt ?? r.savedAt
    if (r.game.state.phase === 'over') {
      // Finished but not yet archived when the app stopped: archive it now.
      const saved = this.archiveGame(id, createdAt, r.game)
      if (saved.ok) {
        try {
          rmSync(this.journalPath, { force: true })
        } catch (e) {
          // Undeletable (a read-only folder; on Windows a file held by antivirus or a sync client).
          this.notices.push(
            `The finished game ${id} was ${this.archive.has(id) ? 'saved with the finished games' : 'listed'}, but its journal could not be removed ` +
              `(${(e as Error).message}); it is kept and looked at again at the next start.`,
          )
        }
        this.lastFinished = r.game
        return
      }
    }
    this.parked = { id, createdAt, game: r.game, savedAt: r.savedAt }
  }

  // ───────────────────────────── clocks ─────────────────────────────

  private clearClocks(): void {
    for (const h of this.clockHandles.values()) this.clock.clearTimeout(h)
    this.clockHandles.clear()
  }

  /**
   * Arm a timeout for each running clock. 'restore' (after undo or resume): a clock whose deadline
   * has already passed is left alone — taking back a random death must not cause another one; the
   * referee pauses it, adds time or draws by hand.
   */
  private scheduleClocks(mode: 'forward' | 'restore'): void {
    this.clearClocks()
    const s = this.current?.game.state
    if (!s || s.phase !== 'day') return
    const now = this.clock.now()
    for (const t of [s.dayTimer, s.defenceTimer]) {
      if (!t || t.deadline === null || t.expired) continue
      if (this.suppressed.get(t.kind) === t.deadline) continue
      if (mode === 'restore' && t.deadline <= now) {
        this.suppressed.set(t.kind, t.deadline)
        continue
      }
      const kind = t.kind
      const deadline = t.deadline
      this.clockHandles.set(kind, this.clock.setTimeout(() => this.clockDue(kind, deadline), Math.max(0, deadline - now)))
    }
  }

  private clockDue(kind: 'day' | 'defence', deadline: number): void {
    this.clockHandles.delete(kind)
    const s = this.current?.game.state
    const t = kind === 'day' ? s?.dayTimer : s?.defenceTimer
    if (!t || t.deadline !== deadline || t.expired) return
    const now = this.clock.now()
    if (now < deadline) {
      this.clockHandles.set(kind, this.clock.setTimeout(() => this.clockDue(kind, deadline), deadline - now))
      return
    }
    const r = this.gameCommand({ type: 'timerExpired', at: now, timer: kind, draw: this.random.draw() })
    if (r.ok) this.push()
  }

  // ───────────────────────────── fan-out ─────────────────────────────

  private pushReferee(): void {
    if (!this.refereeSubs.size) return
    const v = this.refereeAppView()
    for (const cb of this.refereeSubs) safe(() => cb(v))
  }

  private push(): void {
    this.pushReferee()
    const p = this.projectorScreen()
    // Only a change the room can see is sent: so not even the number or timing of the projector's
    // updates says what happened in secret (a shot, a dead role's call, an investigation). The
    // memory is kept even with no projector connected.
    const content = projectorContent(p)
    if (content === this.lastProjectorContent) return
    this.lastProjectorContent = content
    for (const cb of this.projectorSubs) safe(() => cb(p))
  }
}

/** A projector screen without its send time, for telling whether anything visible changed. */
const projectorContent = (s: ProjectorScreen): string => {
  const { sentAt: _sentAt, ...shown } = s
  return JSON.stringify(shown)
}

/** The story of a game, refused (by the engine) until the game is over. */
function storyOf(g: Game): ApiResult<Story> {
  const r = buildStory(g)
  return r.ok ? r : fail('game-not-over', r.error.message)
}

function safe(f: () => void): void {
  try {
    f()
  } catch {
    // A subscriber's failure (a closed window) must not break the host.
  }
}
