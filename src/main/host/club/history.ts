import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { GameFile } from '../../../shared/game-file'
import { notice, type Notice } from '../../../shared/notices'
import type { Story } from '../../../shared/story'
import { buildStory, parseGameFile, replay, toGameFile, type Game } from '../../engine'
import { setAside, setFileTime, writeFileAtomic } from '../persistence/fs-util'
import { GAME_ID_PATTERN } from '../summary'
import { recordOf, type GameRecord } from './record'

/** The largest game file the app opens from its games folder (a long real game is well under 1 MB). */
export const MAX_GAME_FILE_BYTES = 5 * 1024 * 1024
/** The largest file imported (1 MB: a long real game is under 100 KB; a larger file is refused before it is read). */
export const MAX_IMPORT_BYTES = 1024 * 1024
const INDEX_VERSION = 1

interface IndexEntry {
  mtimeMs: number
  size: number
  record: GameRecord
}

export type HistoryError = { code: 'not-found' | 'bad-file' | 'too-large' | 'storage-failed'; message: string }
export type HistoryResult<T> = { ok: true; value: T } | { ok: false; error: HistoryError }

/**
 * The finished games of the club: one game file each in the games folder (the truth), and an index
 * (`games-index.json` beside the folder, a cache keyed by file size and time) so that listing thousands of games reads no
 * game file that has not changed. A damaged game file is set aside with a notice, never deleted.
 */
export class GameHistory {
  private cache: Map<string, IndexEntry> | null = null

  /** The index file (by default beside the games folder, never inside it: the folder holds game files only). */
  readonly indexPath: string

  constructor(
    readonly dir: string,
    private readonly durable = true,
    indexPath?: string,
  ) {
    this.indexPath = indexPath ?? `${dir.replace(/[\\/]+$/, '')}-index.json`
  }

  private pathOf(id: string): string | null {
    return GAME_ID_PATTERN.test(id) ? join(this.dir, `${id}.json`) : null
  }

  /** Every readable game, newest first, and notices for files set aside. */
  list(): { records: GameRecord[]; notices: Notice[] } {
    const notices: Notice[] = []
    const cache = this.loadIndex()
    const next = new Map<string, IndexEntry>()
    let names: string[] = []
    try {
      names = existsSync(this.dir) ? readdirSync(this.dir) : []
    } catch (e) {
      notices.push(notice('games.folderUnreadable', { error: (e as Error).message }))
    }
    let changed = false
    for (const name of names) {
      if (!name.endsWith('.json')) continue
      const id = name.slice(0, -5)
      if (!GAME_ID_PATTERN.test(id)) continue
      const path = join(this.dir, name)
      let st: { mtimeMs: number; size: number }
      try {
        st = statSync(path)
      } catch {
        continue
      }
      const known = cache.get(id)
      if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) {
        next.set(id, known)
        continue
      }
      changed = true
      const read = this.readGame(path, id, st.size)
      if (read.ok) {
        next.set(id, { mtimeMs: st.mtimeMs, size: st.size, record: recordOf(read.value, id, new Date(st.mtimeMs).toISOString()) })
      } else {
        const aside = setAside(path)
        notices.push(notice('games.damaged', { name, why: read.error.message.slice(0, 120), file: aside ?? path }))
      }
    }
    if (changed || next.size !== cache.size) this.saveIndex(next)
    this.cache = next
    const records = [...next.values()].map((e) => e.record)
    records.sort((a, b) => (a.finishedAt < b.finishedAt ? 1 : a.finishedAt > b.finishedAt ? -1 : a.id < b.id ? 1 : -1))
    return { records, notices }
  }

  /** One saved game, replayed. */
  open(id: string): HistoryResult<{ game: Game; file: GameFile }> {
    const path = this.pathOf(id)
    if (!path || !existsSync(path)) return { ok: false, error: { code: 'not-found', message: 'That game is not in the saved games.' } }
    let size = 0
    try {
      size = statSync(path).size
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: (e as Error).message } }
    }
    const read = this.readGame(path, id, size)
    return read.ok ? { ok: true, value: { game: read.value, file: toGameFile(read.value, { id }) } } : read
  }

  story(id: string): HistoryResult<Story> {
    const g = this.open(id)
    if (!g.ok) return g
    const s = buildStory(g.value.game)
    return s.ok ? s : { ok: false, error: { code: 'bad-file', message: s.error.message } }
  }

  /**
   * Import a game file (its text): validated like `cli replay` — the format, the version, every
   * command legal from the start. Nothing is written unless all of it holds. The host does the
   * checking (prepareImport) in a worker thread and only the saving here (saveImport).
   */
  importText(text: string, id: string, at: Date = new Date()): HistoryResult<GameRecord> {
    const prepared = prepareImport(text, id, at)
    return prepared.ok ? this.saveImport(prepared.value) : prepared
  }

  /** Write a checked import (prepareImport's answer) into the games folder. */
  saveImport(prepared: PreparedImport): HistoryResult<GameRecord> {
    const path = this.pathOf(prepared.record.id)
    if (!path) return { ok: false, error: { code: 'bad-file', message: 'Not a valid game id.' } }
    try {
      mkdirSync(this.dir, { recursive: true })
      writeFileAtomic(path, prepared.text, this.durable)
      setFileTime(path, new Date(prepared.record.finishedAt))
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: `The game could not be saved: ${(e as Error).message}` } }
    }
    return { ok: true, value: prepared.record }
  }

  delete(id: string): HistoryResult<null> {
    const path = this.pathOf(id)
    if (!path || !existsSync(path)) return { ok: false, error: { code: 'not-found', message: 'That game is not in the saved games.' } }
    try {
      rmSync(path)
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: `The game could not be deleted: ${(e as Error).message}` } }
    }
    this.cache?.delete(id)
    return { ok: true, value: null }
  }

  private readGame(path: string, _id: string, size: number): HistoryResult<Game> {
    if (size > MAX_GAME_FILE_BYTES) return { ok: false, error: { code: 'too-large', message: 'The file is too large to be a game file.' } }
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: (e as Error).message } }
    }
    return parseAndReplay(text)
  }

  private loadIndex(): Map<string, IndexEntry> {
    if (this.cache) return this.cache
    try {
      const raw = JSON.parse(readFileSync(this.indexPath, 'utf8')) as { version?: unknown; entries?: unknown }
      if (raw.version === INDEX_VERSION && raw.entries && typeof raw.entries === 'object')
        return new Map(Object.entries(raw.entries as Record<string, IndexEntry>).filter(([, e]) => isEntry(e)))
    } catch {
      // No index yet, or a damaged one: it is only a cache, rebuilt from the games.
    }
    return new Map()
  }

  private saveIndex(entries: Map<string, IndexEntry>): void {
    try {
      writeFileAtomic(this.indexPath, JSON.stringify({ version: INDEX_VERSION, entries: Object.fromEntries(entries) }), false)
    } catch {
      // A cache that cannot be written is rebuilt next time.
    }
  }
}

function isEntry(e: unknown): e is IndexEntry {
  if (!e || typeof e !== 'object') return false
  const x = e as Partial<IndexEntry>
  return typeof x.mtimeMs === 'number' && typeof x.size === 'number' && !!x.record && typeof x.record === 'object' && Array.isArray(x.record.players) && Array.isArray(x.record.roles)
}

/** A checked import: the game file to write (its text) and its record. */
export interface PreparedImport {
  text: string
  record: GameRecord
}

/**
 * The costly, pure part of an import: size, format, every command replayed; the game file's text as
 * Nightfall writes it and its record (finished at `at`). No disk. Runs in the import worker.
 */
export function prepareImport(text: string, id: string, at: Date): HistoryResult<PreparedImport> {
  // Characters first: a string longer than the cap in UTF-16 units is longer in UTF-8 bytes too.
  if (text.length > MAX_IMPORT_BYTES || Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES)
    return { ok: false, error: { code: 'too-large', message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; a game file is much smaller.` } }
  if (!GAME_ID_PATTERN.test(id)) return { ok: false, error: { code: 'bad-file', message: 'Not a valid game id.' } }
  const g = parseAndReplay(text)
  if (!g.ok) return g
  return { ok: true, value: { text: JSON.stringify(toGameFile(g.value, { id }), null, 1) + '\n', record: recordOf(g.value, id, at.toISOString()) } }
}

/** Text → a game whose every command is legal, or a clear error (the same checks as `cli replay`). */
export function parseAndReplay(text: string): HistoryResult<Game> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, error: { code: 'bad-file', message: 'This is not a game file: it is not JSON.' } }
  }
  const parsed = parseGameFile(json)
  if (!parsed.ok) return { ok: false, error: { code: 'bad-file', message: `Not a Nightfall game file (${parsed.error.message})` } }
  const r = replay(parsed.value.setup, parsed.value.commands)
  if (!r.ok)
    return {
      ok: false,
      error: {
        code: 'bad-file',
        message: r.error.index < 0 ? `The game cannot start: ${r.error.message}` : `Command ${r.error.index + 1} is not legal at that point: ${r.error.message}`,
      },
    }
  return { ok: true, value: r.value }
}
