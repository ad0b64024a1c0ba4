import type { ApiResult, RefereeAppView, StartGameRequest } from '../shared/api'
import type { Command } from '../shared/commands'
import type { GameFile } from '../shared/game-file'
import type { RoleId } from '../shared/roles'
import type { Ruleset } from '../shared/ruleset'
import { seatNumber } from '../shared/seat-name'
import type { Line, ProjectorOptions } from '../shared/views'
import {
  createGame,
  dealFromOrder,
  describeHistory,
  describeLastStep,
  entriesToUndo,
  historySteps,
  dispatch,
  physicalDeal,
  refereeView,
  setupProblems,
  shownRefusal,
  toGameFile,
  undo as engineUndo,
  type Game,
  type GameState,
} from '../engine'
import type { GameHistory } from './club/history'
import type { Clock } from './clock'
import type { GameClocks } from './game-clocks'
import { normalizeName } from '../shared/names'
import type { JournalWriter } from './persistence/journal'
import type { JournalFile } from './persistence/journal-file'
import { cryptoHex, type HostRandom } from './random'
import { OK, fail, messageOf, ok, refused, setupRefused } from './result'
import { newGameId, summarize } from './summary'

/**
 * How many of the log's newest lines every referee view carries. A long game's log (10,000 steps:
 * ~750 KB described) would otherwise travel whole after every click; the window pages the rest.
 */
export const LOG_TAIL = 100

/** The game on the table, with the journal that makes each of its steps durable. */
export interface OpenGame {
  id: string
  createdAt: string
  game: Game
  journal: JournalWriter | null
}

/** An unfinished game set aside (closed, or found on start), offered for resume. */
export interface ParkedGame {
  id: string
  createdAt: string
  game: Game
  savedAt: string
}

/**
 * The table: the open game and the parked one, and the journal of the game in progress. Start,
 * rematch, resume, discard, close, one command, undo. Every step is written to the journal before
 * it is kept; a step the disk refuses is refused and changes nothing.
 */
export class Table {
  private current: OpenGame | null = null
  private parked: ParkedGame | null = null
  /** The last finished game closed in this session (for a rematch from the setup screen). */
  private lastFinished: Game | null = null

  constructor(
    /** saving: false when the data folder cannot be written (no journal is kept). */
    private readonly deps: {
      journal: JournalFile
      games: Pick<GameHistory, 'save'>
      clocks: GameClocks
      clock: Clock
      random: HostRandom
      saving: boolean
      onOpened?: () => void
    },
  ) {}

  /** What the start-up recovery found (see recovery.ts). */
  restore(found: { parked: ParkedGame | null; lastFinished: Game | null }): void {
    this.parked = found.parked
    this.lastFinished = found.lastFinished
  }

  /** The open game, if any. */
  get game(): Game | null {
    return this.current?.game ?? null
  }

  get state(): GameState | undefined {
    return this.current?.game.state
  }

  /** The open or parked game's id and seats (the room keeps its phones for it across a restart). */
  get inProgress(): { id: string; players: readonly string[] } | null {
    const g = this.current ?? this.parked
    if (!g || (this.current && g.game.state.phase === 'over')) return null
    return { id: g.id, players: g.game.state.setup.players }
  }

  view(projector?: ProjectorOptions): Pick<RefereeAppView, 'screen' | 'resumable' | 'game' | 'log' | 'logTotal'> {
    const g = this.current?.game
    const lastEntry = g && g.log.length ? g.log[g.log.length - 1]! : null
    const steps = g ? historySteps(g.log).length : 0
    return {
      screen: this.current ? 'game' : 'setup',
      resumable: this.parked ? summarize(this.parked.game, this.parked.id, this.parked.savedAt) : null,
      // A run of clock presses is one step: one log line, one undo (engine/history.ts).
      game: g ? refereeView(g.state, { undoable: steps, last: lastEntry?.command ?? null, lastStep: describeLastStep(g.state, g.log) }, projector) : null,
      // Only the newest lines travel with every view; older ones are asked for (logLines).
      log: g ? describeHistory(g.state, g.log, Math.max(0, steps - LOG_TAIL)) : [],
      logTotal: steps,
    }
  }

  /** Lines `from`.. of the open game's log (oldest first, at most `count`): the older pages of the log. */
  logLines(from: number, count: number): ApiResult<Line[]> {
    const g = this.current?.game
    if (!g) return fail('no-game', 'No game is open.')
    return ok(describeHistory(g.state, g.log, from, count))
  }

  start(req: StartGameRequest): ApiResult {
    const blocked = this.blockedByOpenGame()
    if (blocked) return blocked
    const players = req.players.map(normalizeName)
    const problems = setupProblems(req.ruleset, players, req.counts)
    if (problems.length) return setupRefused(problems)
    let known: (RoleId | null)[] = players.map(() => null)
    if (req.dealMode === 'physical' && req.knownRoles) {
      if (req.knownRoles.length !== players.length)
        return fail('invalid-arguments', `knownRoles has ${req.knownRoles.length} entries for ${players.length} players.`)
      known = [...req.knownRoles]
    }
    const deal = req.dealMode === 'digital' ? dealFromOrder(req.counts, this.deps.random.permutation(players.length)) : physicalDeal(req.counts, known)
    return this.openNewGame(req.ruleset, players, deal)
  }

  rematch(): ApiResult {
    const cur = this.current
    if (cur && cur.game.state.phase !== 'over') return fail('game-in-progress', 'The game is not over yet; finish or close it first.')
    const source = cur?.game ?? this.lastFinished
    if (!source) return fail('no-game', 'There is no finished game to play again.')
    const { ruleset, players, deal } = source.setup
    const blocked = this.blockedByOpenGame()
    if (blocked) return blocked
    const next =
      deal.mode === 'digital'
        ? dealFromOrder(deal.counts, this.deps.random.permutation(players.length))
        : physicalDeal(
            deal.counts,
            players.map(() => null),
          )
    return this.openNewGame(ruleset, [...players], next)
  }

  resume(): ApiResult {
    const p = this.parked
    if (!p) return fail('nothing-to-resume', 'There is no unfinished game to resume.')
    if (this.current) return fail('game-in-progress', 'Close the open game first.')
    const { journal } = this.deps
    let writer: JournalWriter | null = null
    try {
      if (this.deps.saving)
        writer = journal.exists()
          ? journal.openAppend()
          : journal.create(
              headerOf(p),
              p.game.log.map((e) => ({ command: e.command })),
            )
    } catch (e) {
      return fail('storage-failed', `The saved game could not be opened for writing: ${messageOf(e)}`)
    }
    this.current = { id: p.id, createdAt: p.createdAt, game: p.game, journal: writer }
    this.parked = null
    this.deps.onOpened?.()
    this.deps.clocks.reset()
    this.deps.clocks.schedule('restore')
    return OK
  }

  discard(): ApiResult {
    if (!this.parked) return fail('nothing-to-resume', 'There is no unfinished game to discard.')
    try {
      if (this.deps.saving) this.deps.journal.remove()
    } catch (e) {
      return fail('storage-failed', `The saved game could not be deleted: ${messageOf(e)}`)
    }
    this.parked = null
    return OK
  }

  close(): ApiResult {
    const cur = this.current
    if (!cur) return fail('no-game', 'No game is open.')
    if (cur.game.state.phase === 'over') return this.archiveCurrent()
    // An unfinished game stays on disk and is offered for resume.
    cur.journal?.close()
    this.parked = { id: cur.id, createdAt: cur.createdAt, game: cur.game, savedAt: this.isoNow() }
    this.current = null
    this.deps.clocks.clear()
    return OK
  }

  exportGame(): ApiResult<GameFile> {
    const g = this.current ?? this.parked
    if (!g) return fail('no-game', 'No game is open.')
    // The file holds the deal: not while the operator is still a blind player (variant).
    if (g.game.state.operatorBlind) return fail('not-allowed', 'The game file holds every role: export it after the hand-over.')
    return ok(toGameFile(g.game, { id: g.id, createdAt: g.createdAt }))
  }

  revealRole(seat: number): ApiResult<RoleId | null> {
    const g = this.current
    if (!g) return fail('no-game', 'No game is open.')
    const s = g.game.state
    if (seat >= s.roles.length) return fail('unknown-player', `There is no seat ${seatNumber(seat)}.`)
    if (s.operatorBlind && g.game.log.length > 0)
      return fail('not-allowed', 'Roles are shown privately only before the first step, while the referee is a blind player.')
    return ok(s.roles[seat] ?? null)
  }

  undo(steps: number): ApiResult {
    const cur = this.current
    if (!cur) return fail('no-game', 'No game is open.')
    if (steps > historySteps(cur.game.log).length) return fail('nothing-to-undo', `Only ${historySteps(cur.game.log).length} steps can be undone.`)
    const entries = entriesToUndo(cur.game.log, steps)
    const r = engineUndo(cur.game, entries)
    if (!r.ok) return refused(r.error)
    try {
      cur.journal?.append({ undo: entries })
    } catch (e) {
      return fail('storage-failed', `The step could not be saved, so it was not taken back: ${messageOf(e)}`)
    }
    cur.game = r.value
    this.deps.clocks.schedule('restore')
    return OK
  }

  /** One engine command: decide, make it durable in the journal, then keep it. Refused → nothing changes. */
  command(c: Command): ApiResult {
    const cur = this.current
    if (!cur) return fail('no-game', 'No game is open.')
    const r = dispatch(cur.game, c)
    // While the operator is a blind player, a refused night action names no secret (shownRefusal).
    if (!r.ok) return refused(shownRefusal(cur.game.state, c, r.error))
    try {
      cur.journal?.append({ command: c })
    } catch (e) {
      return fail('storage-failed', `The step could not be saved, so it was not taken: ${messageOf(e)}`)
    }
    cur.game = r.value
    this.deps.clocks.schedule('forward')
    return OK
  }

  /** Close the journal (the game stays resumable on disk). */
  dispose(): void {
    this.current?.journal?.close()
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
    if (!created.ok) return refused(created.error)
    const now = new Date(this.deps.clock.now())
    const id = newGameId(now, cryptoHex(3))
    const createdAt = now.toISOString()
    let journal: JournalWriter | null = null
    try {
      if (this.deps.saving) journal = this.deps.journal.create(toGameFile(created.value, { id, createdAt }))
    } catch (e) {
      return fail('storage-failed', `The game could not be saved, so it was not started: ${messageOf(e)}`)
    }
    this.current = { id, createdAt, game: created.value, journal }
    this.deps.onOpened?.()
    this.deps.clocks.reset()
    this.deps.clocks.schedule('forward')
    return OK
  }

  /** Save the open (finished) game as a game file, list it, and delete its journal. */
  private archiveCurrent(): ApiResult {
    const cur = this.current
    if (!cur) return OK
    const saved = this.deps.games.save(cur.id, cur.createdAt, cur.game, new Date(this.deps.clock.now()))
    if (!saved.ok) return saved
    try {
      if (cur.journal) cur.journal.remove()
      else this.deps.journal.remove()
    } catch {
      // The journal of a game that is archived is harmless: the next start archives it again (same id).
    }
    this.lastFinished = cur.game
    this.current = null
    this.deps.clocks.clear()
    return OK
  }

  private isoNow(): string {
    return new Date(this.deps.clock.now()).toISOString()
  }
}

/** A game file with the game's setup and no commands: the journal's header. */
export const headerOf = (g: { id: string; createdAt: string; game: Game }): GameFile => toGameFile({ ...g.game, log: [] }, { id: g.id, createdAt: g.createdAt })
