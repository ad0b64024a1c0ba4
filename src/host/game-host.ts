import { join } from 'node:path'
import { REFEREE_METHODS, type ApiResult, type ProjectorScreen, type RefereeApi, type RefereeAppView, type RefereeMethod } from '../shared/api'
import type { RefereeCommand } from '../shared/commands'
import { notice } from '../shared/notices'
import type { ProjectorOptions } from '../shared/views'
import { Club } from './club/club'
import { GameHistory } from './club/history'
import { Imports, type ImportChecker } from './workers/importer'
import { systemClock, type Clock } from './clock'
import { GameClocks } from './game-clocks'
import { LatestEstimate, type Estimator } from './latest-estimate'
import { runEstimate } from './workers/estimator'
import { FanOut } from './fan-out'
import { ProjectorFullscreen } from './fullscreen'
import { WindowLanguages } from './languages'
import { Library } from './library'
import { ASYNC_METHODS, METHODS, READ_ONLY_METHODS, REFEREE_ARG_SCHEMAS, isRefereeMethod, type CardsPrinter, type HostAnswer, type HostParts } from './methods'
import { NoticeBoard } from './notice-board'
import { JournalFile } from './persistence/journal-file'
import { dataFolderProblem, memorySnapshot, notSavingNotice } from './persistence/data-folder'
import { MemoryStore, type KeyValueStore } from './persistence/kv-store'
import { loadSettings } from './persistence/settings'
import { ProjectorChoiceState } from './projector-choice'
import { cryptoRandom, type HostRandom } from './random'
import { recoverGameInProgress } from './recovery'
import { fail, messageOf } from './result'
import { Table } from './table'
import { RoomPart } from './room/room-part'
import { RoomFile } from './room/room-file'

export type { HostRandom } from './random'
export type { Estimator } from './latest-estimate'
export type { HostErrorCode } from './result'
export type { HostAnswer } from './methods'

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
  printCards?: CardsPrinter
  /** fsync journal appends and file writes (default true; only tests that do not test durability turn it off). */
  durable?: boolean
  /** Checks an imported game file (default: in a worker thread, checkInWorker), so the host answers other calls meanwhile. */
  checkImport?: ImportChecker
  /** The system's languages, most preferred first (Electron: app.getPreferredSystemLanguages()): the default until one is chosen. */
  systemLanguages?: readonly string[]
  /** The built renderer (out/renderer) the room on the LAN serves its player page from; absent: no room. */
  roomPages?: string
  /** The room's port (tests, bench); default any free one. */
  roomPort?: number
  /** This computer's LAN addresses, the default route's first (tests: 127.0.0.1); default room/addresses.ts. */
  roomAddresses?: () => Promise<string[]>
  /** A night call's shortest length on the phones (room/night-call.ts; tests and the bench: less). */
  roomCallMinMs?: number
}

/**
 * The host: one entry point, call(), for every RefereeApi method, routed by the method table
 * (methods.ts) to the part that owns it — the library (library.ts), the table and its journal
 * (table.ts), the one store of finished games (club/history.ts; a finished game left in the journal is
 * saved on start by recovery.ts), the club (club/), the
 * game clocks (game-clocks.ts), the odds estimate (latest-estimate.ts), printing (cards.ts), the projector's choice
 * (projector-choice.ts), its full screen (fullscreen.ts), the notices (notice-board.ts) and the
 * windows' subscriptions (fan-out.ts). A call takes UNKNOWN arguments (parsed with the method's
 * schema) and returns an ApiResult — it never throws to its caller, and a refused call changes
 * nothing and pushes nothing; a read pushes nothing either. After every change the referee gets a
 * RefereeAppView and the projector a ProjectorScreen built only from projectorView. Time and
 * randomness come from the host, never from a window.
 */
export class GameHost {
  private readonly clock: Clock
  private readonly library: Library
  private readonly games: GameHistory
  private readonly clocks: GameClocks
  private readonly table: Table
  private readonly estimate: LatestEstimate
  private readonly fanOut: FanOut
  private readonly notices = new NoticeBoard()
  private readonly fullscreen: ProjectorFullscreen
  private readonly languages: WindowLanguages
  private readonly projector: ProjectorChoiceState
  private readonly parts: HostParts
  /** The room on the LAN: phones and TVs (room/room-part.ts). */
  private readonly lan: RoomPart
  /** False when the data folder cannot be written at start: play goes on, nothing is saved. */
  readonly saving: boolean
  /** The club's saved games and standings (over the same store of finished games). */
  private readonly club: Club

  constructor(opts: GameHostOptions) {
    this.clock = opts.clock ?? systemClock
    const random = opts.random ?? cryptoRandom
    this.fullscreen = new ProjectorFullscreen(opts.onProjectorFullscreen)
    const durable = opts.durable ?? true
    const now = () => this.clock.now()
    // Start never fails because of the data folder (docs/host.md, "Damage").
    const problem = dataFolderProblem(opts.dataDir)
    this.saving = problem === null
    const kv = problem === null ? opts.settings : memorySnapshot(opts.settings)
    if (problem !== null) this.notices.add(notSavingNotice(opts.dataDir, problem))
    let loaded
    try {
      loaded = loadSettings(kv)
    } catch (e) {
      loaded = { settings: loadSettings(new MemoryStore()).settings, notices: [notice('settings.unreadable', { error: messageOf(e) })] }
    }
    this.library = new Library(kv, loaded.settings)
    this.languages = new WindowLanguages(this.library, opts.systemLanguages ?? [])
    const saving = this.saving
    this.games = new GameHistory(join(opts.dataDir, 'games'), durable, undefined, saving)
    this.clocks = new GameClocks(
      this.clock,
      () => this.table.state,
      (kind, at) => this.clockDue(kind, at),
    )
    const journal = new JournalFile(join(opts.dataDir, 'journal', 'current.jsonl'), durable)
    this.table = new Table({
      journal,
      games: this.games,
      clocks: this.clocks,
      clock: this.clock,
      random,
      saving,
      onOpened: () => this.projector.gameOpened(),
    })
    this.club = new Club(this.games, kv, this.clock)
    const imports = new Imports(this.club, this.clock, opts.checkImport)
    this.projector = new ProjectorChoiceState({
      club: this.club,
      game: () => this.table.game,
      roster: () => this.library.roster,
      options: () => this.projectorOptions(),
    })
    this.estimate = new LatestEstimate(opts.estimate === undefined ? runEstimate : (opts.estimate ?? undefined))
    this.fanOut = new FanOut({ referee: () => this.refereeAppView(), projector: () => this.projectorScreen() })
    this.lan = new RoomPart({
      now,
      pagesDir: opts.roomPages,
      port: opts.roomPort,
      savedPort: () => this.library.roomPort,
      savePort: (port) => void this.library.setRoomPort(port),
      // Kept beside the game in progress only while the data folder is written.
      file: saving ? new RoomFile(join(opts.dataDir, 'journal', 'room.json'), durable) : undefined,
      inProgress: () => this.table.inProgress,
      addresses: opts.roomAddresses,
      callMinMs: opts.roomCallMinMs,
      state: () => this.table.state ?? null,
      roster: () => this.library.roster,
      options: () => this.projectorOptions(),
      // The game's language (the referee's): a phone speaks it unless its own browser speaks one of ours.
      lang: () => this.languages.referee,
      projectorScreen: () => this.projectorScreen(),
      onProjector: (cb) => this.fanOut.onProjector(cb),
      changed: () => this.fanOut.push({ refereeIfChanged: true }),
    })
    this.fanOut.afterPush(() => this.lan.push())
    const { library, table, club, estimate, notices, projector, fullscreen, clock, lan } = this
    this.parts = {
      library,
      table,
      club,
      imports,
      estimate,
      notices,
      projector,
      fullscreen,
      clock,
      random,
      lan,
      printer: opts.printCards,
      refereeAppView: () => this.refereeAppView(),
    }

    this.notices.add(...loaded.notices)
    try {
      this.notices.add(...this.games.list().notices)
    } catch (e) {
      this.notices.add(notice('games.notListed', { error: messageOf(e) }))
    }
    const found = recoverGameInProgress(journal, this.games, now)
    this.table.restore(found)
    this.notices.add(...found.notices)
    // The room that was open when the app stopped opens again by itself, its phones and TVs known.
    this.roomReopened = this.lan.reopen().then((reopened) => {
      if (reopened) this.fanOut.push()
    })
  }

  /** Settles once the room open when the app stopped has opened again (or was not there). */
  readonly roomReopened: Promise<void>

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
      notices: this.notices.all(),
      sentAt: this.clock.now(),
      projectorFullscreen: this.fullscreen.on,
      projectorShows: this.projector.shows(),
      language: this.languages.referee,
      projectorLanguage: this.library.projectorLanguage,
      room: structuredClone(this.library.room),
      lan: this.lan.view(),
    }
  }

  private projectorOptions(): ProjectorOptions {
    return { showVoters: this.library.room.showVoters }
  }

  /** What the projector shows: built from projectorView(state) alone, never from the referee's view. */
  projectorScreen(): ProjectorScreen {
    // While the room on the LAN is open the projector shows its QR code (large before a game, small during one).
    const roomUrl = this.lan.playerUrl
    return this.projector.screen({
      sentAt: this.clock.now(),
      lang: this.languages.projector,
      sound: { ...this.library.room.sound },
      ...(roomUrl ? { roomUrl } : {}),
    })
  }

  /** The projector page is ready: push it the current screen (and return it). */
  projectorReady(): ProjectorScreen {
    return this.fanOut.projectorReady()
  }

  /** The projector's full-screen state changed outside the referee's toggle (e.g. Esc on the projector). */
  setProjectorFullscreen(on: boolean): void {
    if (this.fullscreen.set(on)) this.fanOut.pushReferee()
  }

  get language(): string | null {
    return this.library.language
  }

  /** Stop clocks, cancel an estimate and close the journal (the game stays resumable on disk). */
  dispose(): void {
    void this.lan.dispose()
    this.clocks.clear()
    this.estimate.cancel()
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
      return fail(
        'unknown-method',
        typeof method === 'string'
          ? `There is no referee action called ${JSON.stringify(method.slice(0, 60))}.`
          : `The action name must be text, not ${method === null ? 'null' : typeof method}.`,
      )
    if (!Array.isArray(args)) return fail('invalid-arguments', 'The arguments must be a list.')
    return this.run(method, args)
  }

  /**
   * A typed call from inside the process (the Electron menu, tests, the CLI): the same path as call(),
   * answered at once by every method but the asynchronous ones (estimate, printCards).
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

  /** Parse, run the method's handler, and push views after a change that succeeded (never after a read). */
  private run(method: RefereeMethod, rawArgs: readonly unknown[]): ApiResult<unknown> | Promise<ApiResult<unknown>> {
    const answer = this.runParsed(method, rawArgs)
    const changed = (r: ApiResult<unknown>): ApiResult<unknown> => {
      if (r.ok && !READ_ONLY_METHODS.has(method)) this.fanOut.push()
      return r
    }
    if (answer instanceof Promise) return answer.catch((e: unknown) => fail('internal', messageOf(e), { report: method })).then(changed)
    return ASYNC_METHODS.has(method) ? Promise.resolve(changed(answer)) : changed(answer)
  }

  private runParsed(method: RefereeMethod, rawArgs: readonly unknown[]): ApiResult<unknown> | Promise<ApiResult<unknown>> {
    // JSON turns a missing optional argument into null at the end of the list only if sent; trailing undefined is dropped.
    const args = [...rawArgs]
    while (args.length && args[args.length - 1] === undefined) args.pop()
    const parsed = REFEREE_ARG_SCHEMAS[method].safeParse(args)
    if (!parsed.success) {
      // Only where, never the schema library's words: a window reads its own sentence plus the short code to report.
      const where = [...new Set(parsed.error.issues.slice(0, 3).map((i) => (i.path.length ? `argument ${i.path.join('.')}` : 'arguments')))]
      const first = parsed.error.issues[0]?.path.join('.') ?? ''
      return fail('invalid-arguments', `${method}: ${where.join(', ')} not valid`, { report: first ? `${method}/${first}` : method })
    }
    try {
      const handler = METHODS[method].run as (h: HostParts, ...a: unknown[]) => ApiResult<unknown> | Promise<ApiResult<unknown>>
      return handler(this.parts, ...(parsed.data as unknown[]))
    } catch (e) {
      return fail('internal', `${method} failed: ${messageOf(e)}`, { report: method })
    }
  }

  /** A running clock's deadline passed: the engine decides what that does (a random death, a closed day…). */
  private clockDue(kind: 'day' | 'defence', at: number): void {
    const r = this.table.command({ type: 'timerExpired', at, timer: kind, draw: this.parts.random.draw() })
    if (r.ok) this.fanOut.push()
  }
}
