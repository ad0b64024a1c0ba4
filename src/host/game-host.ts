import { REFEREE_METHODS, type ApiResult, type ProjectorScreen, type RefereeApi, type RefereeAppView, type RefereeMethod } from '../shared/api'
import type { RefereeCommand } from '../shared/commands'
import type { FanOut } from './fan-out'
import type { GameClocks } from './game-clocks'
import { startHost, type GameHostOptions } from './host-parts'
import type { HostViews } from './host-views'
import { ASYNC_METHODS, METHODS, READ_ONLY_METHODS, REFEREE_ARG_SCHEMAS, isRefereeMethod, type HostAnswer, type HostParts } from './methods'
import { fail, messageOf } from './result'

export type { HostRandom } from './random'
export type { Estimator } from './latest-estimate'
export type { HostErrorCode } from './result'
export type { HostAnswer } from './methods'
export type { GameHostOptions } from './host-parts'

/**
 * The host: one entry point, call(), for every RefereeApi method, routed by the method table
 * (methods.ts) to the part that owns it — the library (library.ts), the table and its journal
 * (table.ts), the one store of finished games (club/history.ts; a finished game left in the journal is
 * saved on start by recovery.ts), the club (club/), the
 * game clocks (game-clocks.ts), the odds estimate (latest-estimate.ts), printing (cards.ts), the projector's choice
 * (projector-choice.ts), its full screen (fullscreen.ts), the notices (notice-board.ts), the room
 * on the LAN (room/room-part.ts). The parts are built by host-parts.ts; what each audience is shown,
 * and the windows' subscriptions, are host-views.ts and fan-out.ts. A call takes UNKNOWN arguments (parsed with the method's
 * schema) and returns an ApiResult — it never throws to its caller, and a refused call changes
 * nothing and pushes nothing; a read pushes nothing either. After every change the referee gets a
 * RefereeAppView and the projector a ProjectorScreen built only from projectorView. Time and
 * randomness come from the host, never from a window.
 */
export class GameHost {
  private readonly parts: HostParts
  private readonly views: HostViews
  private readonly fanOut: FanOut
  private readonly clocks: GameClocks
  /** False when the data folder cannot be written at start: play goes on, nothing is saved. */
  readonly saving: boolean
  /** Settles once the room open when the app stopped has opened again (or was not there). */
  readonly roomReopened: Promise<void>

  constructor(opts: GameHostOptions) {
    const started = startHost(opts)
    this.parts = started.parts
    this.views = started.views
    this.fanOut = started.views.fanOut
    this.clocks = started.clocks
    this.saving = started.saving
    this.roomReopened = started.roomReopened
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
    return this.views.refereeAppView()
  }

  /** What the projector shows: built from projectorView(state) alone, never from the referee's view. */
  projectorScreen(): ProjectorScreen {
    return this.views.projectorScreen()
  }

  /** The projector page is ready: push it the current screen (and return it). */
  projectorReady(): ProjectorScreen {
    return this.fanOut.projectorReady()
  }

  /** The projector's full-screen state changed outside the referee's toggle (e.g. Esc on the projector). */
  setProjectorFullscreen(on: boolean): void {
    if (this.parts.fullscreen.set(on)) this.fanOut.pushReferee()
  }

  get language(): string | null {
    return this.parts.library.language
  }

  /** Stop clocks, cancel an estimate and close the journal (the game stays resumable on disk). */
  dispose(): void {
    void this.parts.lan.dispose()
    this.clocks.clear()
    this.parts.estimate.cancel()
    this.parts.table.dispose()
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
}
