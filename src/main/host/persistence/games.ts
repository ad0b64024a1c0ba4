import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { SavedGameSummary } from '../../../shared/api'
import type { GameFile } from '../../../shared/game-file'
import { parseGameFile, replay } from '../../engine'
import { GAME_ID_PATTERN, summarize } from '../summary'
import { notice, type Notice } from '../../../shared/notices'
import { setAside, setFileTime, writeFileAtomic } from './fs-util'

/** Finished games, one game file each (the shared format) in the games folder: `<id>.json`. */
export class GameArchive {
  constructor(
    readonly dir: string,
    private readonly durable = true,
  ) {}

  pathOf(id: string): string {
    if (!GAME_ID_PATTERN.test(id)) throw new Error(`Not a game id: ${id}`)
    return join(this.dir, `${id}.json`)
  }

  /** Save a finished game; its file time is when it finished by the host's clock (the club's history reads it). */
  save(file: GameFile & { id: string }, finishedAt?: Date): string {
    mkdirSync(this.dir, { recursive: true })
    const path = this.pathOf(file.id)
    writeFileAtomic(path, JSON.stringify(file, null, 1) + '\n', this.durable)
    if (finishedAt) setFileTime(path, finishedAt)
    return path
  }

  has(id: string): boolean {
    return GAME_ID_PATTERN.test(id) && existsSync(this.pathOf(id))
  }

  /**
   * Summaries of the saved games whose ids are not in `known` (the list kept in the settings is a
   * cache; the folder is the truth). Unreadable files are set aside with a notice.
   */
  scan(known: ReadonlySet<string>): { summaries: SavedGameSummary[]; notices: Notice[] } {
    const summaries: SavedGameSummary[] = []
    const notices: Notice[] = []
    if (!existsSync(this.dir)) return { summaries, notices }
    let names: string[]
    try {
      names = readdirSync(this.dir)
    } catch (e) {
      return { summaries, notices: [notice('games.folderUnreadable', { error: (e as Error).message })] }
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue
      const id = name.slice(0, -5)
      if (known.has(id) || !GAME_ID_PATTERN.test(id)) continue
      const path = join(this.dir, name)
      let why = ''
      try {
        const parsed = parseGameFile(JSON.parse(readFileSync(path, 'utf8')))
        if (parsed.ok) {
          const r = replay(parsed.value.setup, parsed.value.commands)
          const g = r.ok ? r.value : r.game
          if (g) {
            summaries.push(summarize(g, id, statSync(path).mtime.toISOString()))
            continue
          }
          why = r.ok ? '' : r.error.message
        } else why = parsed.error.message
      } catch (e) {
        why = (e as Error).message
      }
      const aside = setAside(path)
      notices.push(notice('games.damaged', { name, why: why.slice(0, 120), file: aside ?? path }))
    }
    return { summaries, notices }
  }
}
