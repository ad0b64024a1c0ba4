import { join } from 'node:path'
import { notice } from '../shared/notices'
import { Club } from './club/club'
import { GameHistory } from './club/history'
import { systemClock, type Clock } from './clock'
import { GameClocks } from './game-clocks'
import { HostViews } from './host-views'
import { ProjectorFullscreen } from './fullscreen'
import { WindowLanguages } from './languages'
import { LatestEstimate, type Estimator } from './latest-estimate'
import { Library } from './library'
import { withHostFields, type CardsPrinter, type HostParts } from './methods'
import { NoticeBoard } from './notice-board'
import { openSettings } from './persistence/data-folder'
import { JournalFile } from './persistence/journal-file'
import type { KeyValueStore } from './persistence/kv-store'
import { ProjectorChoiceState } from './projector-choice'
import { cryptoRandom, type HostRandom } from './random'
import { recoverGameInProgress } from './recovery'
import { messageOf } from './result'
import { RoomFile } from './room/room-file'
import { Table } from './table'
import { runEstimate } from './workers/estimator'
import { Imports, type ImportChecker } from './workers/importer'

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

/** The host's parts, started (game-host.ts routes calls to them). */
export interface StartedHost {
  readonly parts: HostParts
  /** What every audience is shown and how it gets it: the windows' fan-out and the room on the LAN. */
  readonly views: HostViews
  readonly clocks: GameClocks
  /** False when the data folder cannot be written at start: play goes on, nothing is saved. */
  readonly saving: boolean
  /** Settles once the room open when the app stopped has opened again (or was not there). */
  readonly roomReopened: Promise<void>
}

/**
 * Build the host's parts in the order they need each other, each given the parts it reads (never
 * the host), then start: the settings (persistence/data-folder.ts), the saved games' notices, the
 * game in progress read back from its journal (recovery.ts), the room that was open reopened.
 * The two links back are events: a game opened resets the projector's choice; a clock falling due
 * is the engine's `timerExpired`, then a push.
 */
export function startHost(opts: GameHostOptions): StartedHost {
  const clock = opts.clock ?? systemClock
  const random = opts.random ?? cryptoRandom
  const durable = opts.durable ?? true
  const { kv, saving, settings, notices: startNotices } = openSettings(opts.settings, opts.dataDir)
  const library = new Library(kv, settings)
  const games = new GameHistory(join(opts.dataDir, 'games'), durable, undefined, saving)
  const journal = new JournalFile(join(opts.dataDir, 'journal', 'current.jsonl'), durable)
  const clocks = new GameClocks(
    clock,
    () => table.state,
    (kind, at) => {
      if (table.command({ type: 'timerExpired', at, timer: kind, draw: random.draw() }).ok) views.fanOut.push()
    },
  )
  const table: Table = new Table({ journal, games, clocks, clock, random, saving, onOpened: () => projector.gameOpened() })
  const club = new Club(games, kv, clock)
  const projector = new ProjectorChoiceState({ club, table, library })
  const notices = new NoticeBoard()
  const fullscreen = new ProjectorFullscreen(opts.onProjectorFullscreen)
  const languages = new WindowLanguages(library, opts.systemLanguages ?? [])
  const views: HostViews = new HostViews(
    { library, table, notices, clock, fullscreen, projector, languages },
    {
      pagesDir: opts.roomPages,
      port: opts.roomPort,
      // Kept beside the game in progress only while the data folder is written.
      file: saving ? new RoomFile(join(opts.dataDir, 'journal', 'room.json'), durable) : undefined,
      addresses: opts.roomAddresses,
      callMinMs: opts.roomCallMinMs,
      // A phone's day vote (room/day-vote.ts) is the referee's castVote, run as the referee's click is.
      play: (c) => table.command(withHostFields({ clock, random }, c)),
    },
  )
  const estimate = new LatestEstimate(opts.estimate === undefined ? runEstimate : (opts.estimate ?? undefined))
  const imports = new Imports(club, clock, opts.checkImport)
  const parts: HostParts = {
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
    lan: views.lan,
    views,
    printer: opts.printCards,
  }

  notices.add(...startNotices)
  try {
    notices.add(...games.list().notices)
  } catch (e) {
    notices.add(notice('games.notListed', { error: messageOf(e) }))
  }
  const found = recoverGameInProgress(journal, games, () => clock.now())
  table.restore(found)
  notices.add(...found.notices)
  // The room that was open when the app stopped opens again by itself, its phones and TVs known.
  const roomReopened = views.lan.reopen().then((reopened) => {
    if (reopened) views.fanOut.push()
  })
  return { parts, views, clocks, saving, roomReopened }
}
