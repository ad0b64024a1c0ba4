import type { ApiResult, SavedGameSummary } from '../../shared/api'
import type { Notice } from '../../shared/notices'
import { toGameFile, type Game } from '../engine'
import { GameArchive } from './persistence/games'
import type { KeyValueStore } from './persistence/kv-store'
import { SETTINGS_KEYS } from './persistence/settings'
import { OK, fail, messageOf } from './result'
import { summarize } from './summary'

/**
 * Finished games: one game file each in the games folder (persistence/games.ts), and their
 * summaries. The summaries kept in the settings store are a cache of the folder, which is the truth.
 */
export class Archive {
  private readonly files: GameArchive
  private list: SavedGameSummary[]

  constructor(
    private readonly opts: { dir: string; kv: KeyValueStore; listed: SavedGameSummary[]; durable: boolean; saving: boolean; now: () => number },
  ) {
    this.files = new GameArchive(opts.dir, opts.durable)
    this.list = opts.listed
  }

  /** The finished games, newest first. */
  finished(): SavedGameSummary[] {
    return [...this.list].sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0))
  }

  /** Bring the cached list in line with the folder: drop what is gone, add what is missing. Returns notices. */
  sync(): Notice[] {
    const listed = this.list.filter((s) => this.files.has(s.id))
    const scan = this.files.scan(new Set(listed.map((s) => s.id)))
    const next = [...listed, ...scan.summaries]
    if (next.length !== this.list.length || scan.summaries.length) this.keep(next)
    return scan.notices
  }

  /** Whether the game's file is in the folder. */
  has(id: string): boolean {
    return this.files.has(id)
  }

  /** Save a finished game as a game file and list it. */
  save(id: string, createdAt: string, g: Game): ApiResult {
    try {
      this.files.save({ ...toGameFile(g, { id, createdAt }), id }, new Date(this.opts.now()))
    } catch (e) {
      // Not saving (the notice says so): the game is listed for this session only.
      if (this.opts.saving) return fail('storage-failed', `The finished game could not be saved: ${messageOf(e)}`)
    }
    const summary = summarize(g, id, new Date(this.opts.now()).toISOString())
    this.keep([...this.list.filter((s) => s.id !== id), summary])
    return OK
  }

  private keep(list: SavedGameSummary[]): void {
    this.list = list
    try {
      this.opts.kv.set(SETTINGS_KEYS.finishedGames, list)
    } catch {
      // The game files are saved; the list is rebuilt from the games folder on the next start.
    }
  }
}
