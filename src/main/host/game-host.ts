import { join } from 'node:path'
import type { z } from 'zod'
import {
  REFEREE_METHODS,
  type ApiResult,
  type PrintOutcome,
  type PrintOutput,
  type ProjectorChoice,
  type ProjectorScreen,
  type ProjectorShows,
  type RefereeApi,
  type RefereeAppView,
  type RefereeMethod,
} from '../../shared/api'
import { REFEREE_ARG_SCHEMAS, isRefereeMethod, type RefereeWireResult } from '../../shared/api-schemas'
import type { CardsPayload } from '../../shared/cards'
import { HOST_FIELDS_OF, type Command, type HostField, type RefereeCommand } from '../../shared/commands'
import type { Standings } from '../../shared/club'
import { notice, type Notice } from '../../shared/notices'
import type { Story } from '../../shared/story'
import type { ProjectorOptions } from '../../shared/views'
import { buildStory, projectorView, type Game } from '../engine'
import { matchLanguage } from '../../shared/languages'
import { Club } from './club/club'
import { GameHistory } from './club/history'
import { IMPORTED_SUFFIX } from './club/import'
import { cardsPayloadFor } from './cards'
import { systemClock, type Clock } from './clock'
import { Clocks } from './clocks'
import { Estimates, type Estimator } from './estimates'
import { runEstimate } from './estimator'
import { FanOut, safe } from './fan-out'
import { Library, checkSetup } from './library'
import { JournalFile } from './persistence/journal-file'
import { dataFolderProblem, memorySnapshot, notSavingNotice } from './persistence/data-folder'
import { MemoryStore, type KeyValueStore } from './persistence/kv-store'
import { loadSettings } from './persistence/settings'
import { cryptoHex, cryptoRandom, type HostRandom } from './random'
import { recoverGameInProgress } from './recovery'
import { OK, fail, messageOf, ok } from './result'
import { newGameId } from './summary'
import { Table } from './table'

export type { HostRandom } from './random'
export type { Estimator } from './estimates'
export type { HostErrorCode } from './result'

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
  /** The system's languages, most preferred first (Electron: app.getPreferredSystemLanguages()): the default until one is chosen. */
  systemLanguages?: readonly string[]
}

/** The methods the host answers asynchronously. */
type AsyncMethod = 'estimate' | 'printCards'

/** What invoke() answers: the wire result, at once for every method but the asynchronous ones. */
export type HostAnswer<K extends RefereeMethod> = K extends AsyncMethod ? Promise<RefereeWireResult<K>> : RefereeWireResult<K>

type Args<K extends RefereeMethod> = z.infer<(typeof REFEREE_ARG_SCHEMAS)[K]>
type Handlers = { [K in RefereeMethod]: (...args: Args<K>) => ApiResult<unknown> | Promise<ApiResult<unknown>> }

/** Methods that never change anything (no view is pushed after them). */
const READ_ONLY: ReadonlySet<RefereeMethod> = new Set(['ready', 'checkSetup', 'exportGame', 'revealRole', 'estimate', 'cardsPayload', 'printCards', 'logLines', 'clubCsv'])

/**
 * The host: one entry point, call(), for every RefereeApi method, and the routing of each to the
 * part that owns it — the library (library.ts), the table and its journal (table.ts), finished
 * games (club/history.ts, the one store of them; a finished game left in the journal is saved on start by recovery.ts), the clocks (clocks.ts), the estimates
 * (estimates.ts), printing (cards.ts) and the windows' subscriptions (fan-out.ts). A call takes UNKNOWN arguments
 * (parsed with REFEREE_ARG_SCHEMAS) and returns an ApiResult — it never throws to its caller, and a
 * refused call changes nothing and pushes nothing. After every change the referee gets a
 * RefereeAppView and the projector a ProjectorScreen built only from projectorView. Time and
 * randomness come from the host, never from a window.
 */
export class GameHost {
  private readonly clock: Clock
  private readonly random: HostRandom
  private readonly onFullscreen: ((on: boolean) => void) | undefined
  private readonly printer: GameHostOptions['printCards']
  private readonly library: Library
  private readonly games: GameHistory
  private readonly clocks: Clocks
  private readonly table: Table
  private readonly estimates: Estimates
  private readonly fanOut: FanOut
  private readonly handlers: Handlers
  private readonly notices: Notice[] = []
  private fullscreen = false
  /** False when the data folder cannot be written at start: play goes on, nothing is saved. */
  readonly saving: boolean
  /** The first of the system's languages that the app speaks (null: none): the default until one is chosen. */
  private readonly systemLanguage: string | null
  /** The club's saved games and standings (the same games folder as the archive). */
  readonly club: Club
  /** What the projector shows instead of the game, at the referee's choice; null: the game. */
  private projectorChoice: { kind: 'story'; gameId: string | null; index: number; story: Story } | { kind: 'standings'; standings: Standings } | null = null

  constructor(opts: GameHostOptions) {
    this.clock = opts.clock ?? systemClock
    this.random = opts.random ?? cryptoRandom
    this.onFullscreen = opts.onProjectorFullscreen
    this.printer = opts.printCards
    const durable = opts.durable ?? true
    const now = () => this.clock.now()
    // Start never fails because of the data folder (docs/host.md, "Damage").
    const problem = dataFolderProblem(opts.dataDir)
    this.saving = problem === null
    this.systemLanguage = matchLanguage(opts.systemLanguages ?? [])
    const kv = problem === null ? opts.settings : memorySnapshot(opts.settings)
    if (problem !== null) this.notices.push(notSavingNotice(opts.dataDir, problem))
    let loaded
    try {
      loaded = loadSettings(kv)
    } catch (e) {
      loaded = { settings: loadSettings(new MemoryStore()).settings, notices: [notice('settings.unreadable', { error: messageOf(e) })] }
    }
    this.library = new Library(kv, loaded.settings)
    const saving = this.saving
    this.games = new GameHistory(join(opts.dataDir, 'games'), durable, undefined, saving)
    this.clocks = new Clocks(this.clock, () => this.table.state, (kind, at) => this.clockDue(kind, at))
    const journal = new JournalFile(join(opts.dataDir, 'journal', 'current.jsonl'), durable)
    this.table = new Table({
      journal,
      games: this.games,
      clocks: this.clocks,
      clock: this.clock,
      random: this.random,
      saving,
      onOpened: () => (this.projectorChoice = null),
    })
    this.club = new Club(this.games, kv, this.clock)
    this.estimates = new Estimates(opts.estimate === undefined ? runEstimate : (opts.estimate ?? undefined))
    this.fanOut = new FanOut({ referee: () => this.refereeAppView(), projector: () => this.projectorScreen() })
    this.handlers = this.makeHandlers()

    this.notices.push(...loaded.notices)
    try {
      this.notices.push(...this.games.list().notices)
    } catch (e) {
      this.notices.push(notice('games.notListed', { error: messageOf(e) }))
    }
    const found = recoverGameInProgress(journal, this.games, now)
    this.table.restore(found)
    this.notices.push(...found.notices)
  }

  // ───────────────────────────── views and subscriptions ─────────────────────────────

  /** Subscribe a referee window; it gets a view after every change (ask ready() for the first). */
  onRefereeView(cb: (v: RefereeAppView) => void): () => void {
    return this.fanOut.onReferee(cb)
  }

  /** Subscribe a projector window; it gets ProjectorScreen values only. */
  onProjectorScreen(cb: (v: ProjectorScreen) => void): () => void {
    return this.fanOut.onProjector(cb)
  }

  refereeAppView(): RefereeAppView {
    const table = this.table.view(this.projectorOptions())
    return {
      screen: table.screen,
      ...this.library.view(),
      resumable: table.resumable,
      game: table.game,
      log: table.log,
      logTotal: table.logTotal,
      notices: [...this.notices],
      sentAt: this.clock.now(),
      projectorFullscreen: this.fullscreen,
      projectorShows: this.projectorShows(),
      language: this.library.language ?? this.systemLanguage,
      projectorLanguage: this.library.projectorLanguage,
      room: structuredClone(this.library.room),
    }
  }

  private projectorOptions(): ProjectorOptions {
    return { showVoters: this.library.room.showVoters }
  }

  /** The referee's choice for the projector, while it still holds: a story of the open game only while it is over. */
  private activeChoice(): GameHost['projectorChoice'] {
    const c = this.projectorChoice
    if (c?.kind === 'story' && c.gameId === null && this.table.state?.phase !== 'over') this.projectorChoice = null
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
    const lang = this.library.projectorLanguage ?? this.library.language ?? this.systemLanguage
    const sound = { ...this.library.room.sound }
    const c = this.activeChoice()
    if (c?.kind === 'story') return { kind: 'story', story: c.story, index: c.index, sentAt, lang, sound }
    if (c?.kind === 'standings') return { kind: 'standings', standings: c.standings, sentAt, lang, sound }
    const s = this.table.state
    return s ? { kind: 'game', view: projectorView(s, this.projectorOptions()), sentAt, lang, sound } : { kind: 'idle', sentAt, lang, sound }
  }

  /** The projector page is ready: push it the current screen (and return it). */
  projectorReady(): ProjectorScreen {
    return this.fanOut.projectorReady()
  }

  /** The projector's full-screen state changed outside the referee's toggle (e.g. Esc on the projector). */
  setProjectorFullscreen(on: boolean): void {
    if (this.fullscreen === on) return
    this.fullscreen = on
    this.fanOut.pushReferee()
  }

  get language(): string | null {
    return this.library.language
  }

  /** Stop clocks, cancel an estimate and close the journal (the game stays resumable on disk). */
  dispose(): void {
    this.clocks.clear()
    this.estimates.cancel()
    this.table.dispose()
    this.fanOut.clear()
  }

  // ───────────────────────────── the entry point ─────────────────────────────

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
    for (const m of REFEREE_METHODS) api[m] = (...args: unknown[]) => Promise.resolve(this.run(m, args))
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
      if (result instanceof Promise) return result.catch((e: unknown) => fail('internal', messageOf(e)))
      if (result.ok && !READ_ONLY.has(method)) this.fanOut.push()
      return result
    } catch (e) {
      return fail('internal', `${method} failed: ${messageOf(e)}`)
    }
  }

  /** Each method to the part that owns it (arguments already parsed). */
  private makeHandlers(): Handlers {
    const { library, table } = this
    return {
      ready: () => ok(this.refereeAppView()),
      saveRoster: (names) => library.saveRoster(names),
      saveRuleset: (r) => library.saveRuleset(r),
      deleteRuleset: (id) => library.deleteRuleset(id),
      checkSetup: (r, players, counts) => checkSetup(r, players, counts),
      startGame: (req) => table.start(req),
      rematch: () => table.rematch(),
      resumeGame: () => table.resume(),
      discardSavedGame: () => table.discard(),
      closeGame: () => table.close(),
      exportGame: () => table.exportGame(),
      revealRole: (seat) => table.revealRole(seat),
      dismissNotice: (i) => {
        if (i >= this.notices.length) return fail('not-found', `There is no notice ${i}.`)
        this.notices.splice(i, 1)
        return OK
      },
      estimate: (req) => this.estimates.run(req),
      setLanguage: (language, projectorLanguage) => this.library.setLanguages(language, projectorLanguage),
      toggleProjectorFullscreen: () => {
        this.fullscreen = !this.fullscreen
        safe(() => this.onFullscreen?.(this.fullscreen))
        return OK
      },
      setRoomSettings: (room) => library.setRoom(room),
      cardsPayload: (req) => cardsPayloadFor(table.game, req),
      printCards: (req, output) => {
        const payload = cardsPayloadFor(table.game, req)
        if (!payload.ok) return payload
        if (!this.printer) return fail('unavailable', 'Printing is done by the cards page in this mode.')
        return this.printer(payload.value, output)
      },
      play: (c) => table.command(this.withHostFields(c)),
      undo: (steps) => table.undo(steps ?? 1),
      logLines: (from, count) => table.logLines(from, count),

      clubView: () => {
        const { view, notices } = this.club.view(library.roster)
        this.notices.push(...notices)
        if (notices.length) this.fanOut.pushReferee()
        return ok(view)
      },
      openSavedGame: (id) => this.club.open(id),
      currentStory: () => (table.game ? storyOf(table.game) : fail('no-game', 'No game is open.')),
      deleteSavedGame: (id) => {
        const r = this.club.delete(id)
        if (r.ok && this.projectorChoice?.kind === 'story' && this.projectorChoice.gameId === id) this.projectorChoice = null
        return r
      },
      importGame: (text, replace) => this.club.importText(text, `${newGameId(new Date(this.clock.now()), cryptoHex(3))}${IMPORTED_SUFFIX}`, new Date(this.clock.now()), replace === 'replace'),
      carryHistory: (from, to) => {
        const r = this.club.carryHistory(from, to)
        if (r.ok && this.projectorChoice?.kind === 'standings') this.projectorChoice = { kind: 'standings', standings: this.club.tonightStandings(library.roster) }
        return r
      },
      newClubNight: () => {
        const r = this.club.newNight()
        if (r.ok && this.projectorChoice?.kind === 'standings') this.projectorChoice = { kind: 'standings', standings: this.club.tonightStandings(library.roster) }
        return r
      },
      clubCsv: (kind) => this.club.csv(kind, library.roster),
      setSeasonStart: (date) => this.club.setSeasonStart(date),
      showOnProjector: (choice) => this.showOnProjector(choice),
    }
  }

  private showOnProjector(choice: ProjectorChoice): ApiResult {
    if (choice.kind === 'game') {
      this.projectorChoice = null
      return OK
    }
    if (choice.kind === 'standings') {
      this.projectorChoice = { kind: 'standings', standings: this.club.tonightStandings(this.library.roster) }
      return OK
    }
    const held = this.projectorChoice
    const game = this.table.game
    const story =
      held?.kind === 'story' && held.gameId === choice.gameId
        ? ok(held.story)
        : choice.gameId === null
          ? game
            ? storyOf(game)
            : fail('no-game', 'No game is open.')
          : this.club.story(choice.gameId)
    if (!story.ok) return story
    this.projectorChoice = { kind: 'story', gameId: choice.gameId, index: Math.min(choice.index, story.value.chapters.length), story: story.value }
    return OK
  }

  /** A referee's game action (already parsed) with the host's own fields: its clock and its crypto draw. */
  private withHostFields(c: RefereeCommand): Command {
    const supply: Record<HostField, () => number> = { at: () => this.clock.now(), draw: () => this.random.draw() }
    const given = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined))
    const added = Object.fromEntries(HOST_FIELDS_OF[c.type].map((f) => [f, supply[f]()]))
    return { ...given, ...added } as Command
  }

  /** A running clock's deadline passed: the engine decides what that does (a random death, a closed day…). */
  private clockDue(kind: 'day' | 'defence', at: number): void {
    const r = this.table.command({ type: 'timerExpired', at, timer: kind, draw: this.random.draw() })
    if (r.ok) this.fanOut.push()
  }
}

/** The story of a game, refused (by the engine) until the game is over. */
function storyOf(g: Game): ApiResult<Story> {
  const r = buildStory(g)
  return r.ok ? r : fail('game-not-over', r.error.message)
}
