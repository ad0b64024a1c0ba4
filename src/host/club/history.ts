import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { GameFile } from '../../shared/game-file'
import { notice, noticeReason, type Notice } from '../../shared/notices'
import type { Story } from '../../shared/story'
import type { ApiResult } from '../../shared/api'
import { buildStory, parseGameFile, replay, toGameFile, type Game } from '../../engine'
import { setAside, setFileTime, writeFileAtomic } from '../persistence/fs-util'
import { GAME_ID_PATTERN } from '../summary'
import { cleanImportedNames, fingerprintOf, gameDate, isImportedId } from './import'
import { recordOf, type GameRecord } from './record'

/** The largest game file the app opens from its games folder (a long real game is well under 1 MB). */
export const MAX_GAME_FILE_BYTES = 5 * 1024 * 1024
/** The largest file imported (1 MB: a long real game is under 100 KB; a larger file is refused before it is read). */
export const MAX_IMPORT_BYTES = 1024 * 1024
/** 2: entries carry the game's fingerprint (import.ts), so the same game imported twice is recognised. */
const INDEX_VERSION = 2

interface IndexEntry {
  mtimeMs: number
  size: number
  record: GameRecord
  fingerprint: string
}

export type HistoryError = {
  code: 'not-found' | 'bad-file' | 'too-large' | 'storage-failed' | 'names-collide' | 'duplicate-game'
  message: string
  params?: Record<string, string | number>
}
export type HistoryResult<T> = { ok: true; value: T } | { ok: false; error: HistoryError }

/**
 * The one store of finished games (docs/host.md → "Saved games"): one game file each in the games
 * folder (the truth), and an index (`games-index.json` beside the folder, a cache keyed by file
 * size and time) so that listing thousands of games reads no game file that has not changed. The
 * table saves each finished game here, the club lists, opens, imports and deletes them. A damaged
 * game file is set aside with a notice, never deleted. When the folder cannot be written
 * (`saving` false) a finished game is kept for this session only.
 */
export class GameHistory {
  private cache: Map<string, IndexEntry> | null = null
  /** Finished games that could not be written (the data folder is read-only): listed until the app stops. */
  private readonly unsaved = new Map<string, { game: Game; entry: IndexEntry }>()

  /** The index file (by default beside the games folder, never inside it: the folder holds game files only). */
  readonly indexPath: string

  constructor(
    readonly dir: string,
    private readonly durable = true,
    indexPath?: string,
    private readonly saving = true,
  ) {
    this.indexPath = indexPath ?? `${dir.replace(/[\\/]+$/, '')}-index.json`
  }

  /**
   * Save a finished game as a game file, dated `at` (its file time: when it finished). Refused
   * (storage-failed) when the disk refuses it, unless the folder was read-only from the start: then
   * it is listed for this session only.
   */
  save(id: string, createdAt: string, g: Game, at: Date): ApiResult {
    const path = this.pathOf(id)
    if (!path) return { ok: false, error: { code: 'invalid-arguments', message: `Not a game id: ${id}` } }
    const entry = (st: { mtimeMs: number; size: number }): IndexEntry => ({ ...st, record: recordOf(g, id, at.toISOString()), fingerprint: fingerprintOf(g) })
    try {
      mkdirSync(this.dir, { recursive: true })
      writeFileAtomic(path, JSON.stringify(toGameFile(g, { id, createdAt }), null, 1) + '\n', this.durable)
      setFileTime(path, at)
      const st = statSync(path)
      this.loadIndex()
      this.cache?.set(id, entry(st))
    } catch (e) {
      if (this.saving) return { ok: false, error: { code: 'storage-failed', message: `The finished game could not be saved: ${(e as Error).message}` } }
      this.unsaved.set(id, { game: g, entry: entry({ mtimeMs: 0, size: 0 }) })
    }
    return { ok: true, value: null }
  }

  /** Whether the game is saved (or, on a read-only folder, kept for this session). */
  has(id: string): boolean {
    const path = this.pathOf(id)
    return this.unsaved.has(id) || (!!path && existsSync(path))
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
        next.set(id, {
          mtimeMs: st.mtimeMs,
          size: st.size,
          record: recordOf(read.value, id, new Date(st.mtimeMs).toISOString()),
          fingerprint: fingerprintOf(read.value),
        })
      } else {
        const aside = setAside(path)
        notices.push(
          notice(
            'games.damaged',
            { name, file: aside ?? path },
            [],
            noticeReason('why.gameFile', {}, { ...read.error, message: read.error.message.slice(0, 120) }),
          ),
        )
      }
    }
    if (changed || next.size !== cache.size) this.saveIndex(next)
    this.cache = next
    const records = [...next.values(), ...[...this.unsaved.values()].map((u) => u.entry)].map((e) => e.record)
    records.sort((a, b) => (a.finishedAt < b.finishedAt ? 1 : a.finishedAt > b.finishedAt ? -1 : a.id < b.id ? 1 : -1))
    return { records, notices }
  }

  /** One saved game, replayed. */
  open(id: string): HistoryResult<{ game: Game; file: GameFile }> {
    const kept = this.unsaved.get(id)
    if (kept) return { ok: true, value: { game: kept.game, file: toGameFile(kept.game, { id }) } }
    const path = this.pathOf(id)
    if (!path || !existsSync(path)) return { ok: false, error: { code: 'not-found', message: 'That game is not in the saved games.' } }
    let size = 0
    try {
      size = statSync(path).size
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: (e as Error).message } }
    }
    const read = this.readFile(path, size)
    return read.ok
      ? {
          ok: true,
          value: {
            game: read.value.game,
            file: toGameFile(read.value.game, { id, ...(read.value.file.createdAt ? { createdAt: read.value.file.createdAt } : {}) }),
          },
        }
      : read
  }

  story(id: string): HistoryResult<Story> {
    const g = this.open(id)
    if (!g.ok) return g
    const s = buildStory(g.value.game)
    return s.ok ? s : { ok: false, error: { code: 'bad-file', message: s.error.message } }
  }

  /**
   * Import a game file (its text): checked by prepareImport (below; the host runs it in a worker
   * thread), then saved by saveImport. Nothing is written unless all of it holds.
   */
  importText(text: string, id: string, now: Date = new Date(), replace = false): HistoryResult<GameRecord> {
    const prepared = prepareImport(text, id, now)
    return prepared.ok ? this.saveImport(prepared.value, replace) : prepared
  }

  /**
   * Write a checked import into the games folder. The same game saved already (by its content,
   * import.ts) is refused (`duplicate-game`, with its id and date) unless `replace`: then the saved
   * one is overwritten in place, keeping its id.
   */
  saveImport(prepared: PreparedImport, replace = false): HistoryResult<GameRecord> {
    this.list()
    const same = [...(this.cache ?? new Map<string, IndexEntry>()).entries()].find(([, e]) => e.fingerprint === prepared.fingerprint)
    if (same && !replace)
      return {
        ok: false,
        error: {
          code: 'duplicate-game',
          message: `This game is saved already (${same[1].record.finishedAt}).`,
          params: { id: same[0], date: same[1].record.finishedAt },
        },
      }
    const id = same ? same[0] : prepared.record.id
    const path = this.pathOf(id)
    if (!path) return { ok: false, error: { code: 'bad-file', message: 'Not a valid game id.' } }
    const record = { ...prepared.record, id, imported: isImportedId(id) }
    const text = id === prepared.record.id ? prepared.text : JSON.stringify({ ...(JSON.parse(prepared.text) as object), id }, null, 1) + '\n'
    try {
      mkdirSync(this.dir, { recursive: true })
      writeFileAtomic(path, text, this.durable)
      setFileTime(path, new Date(record.finishedAt))
      const st = statSync(path)
      this.cache?.set(id, { mtimeMs: st.mtimeMs, size: st.size, record, fingerprint: prepared.fingerprint })
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: `The game could not be saved: ${(e as Error).message}` } }
    }
    return { ok: true, value: record }
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
    this.unsaved.delete(id)
    return { ok: true, value: null }
  }

  private readGame(path: string, _id: string, size: number): HistoryResult<Game> {
    const r = this.readFile(path, size)
    return r.ok ? { ok: true, value: r.value.game } : r
  }

  private readFile(path: string, size: number): HistoryResult<GameRead> {
    if (size > MAX_GAME_FILE_BYTES) return { ok: false, error: { code: 'too-large', message: 'The file is too large to be a game file.' } }
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (e) {
      return { ok: false, error: { code: 'storage-failed', message: (e as Error).message } }
    }
    return readGameFile(text)
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
  return (
    typeof x.mtimeMs === 'number' &&
    typeof x.size === 'number' &&
    typeof x.fingerprint === 'string' &&
    !!x.record &&
    typeof x.record === 'object' &&
    Array.isArray(x.record.players) &&
    Array.isArray(x.record.roles)
  )
}

/** A checked import: the game file to write (its text), its record and its fingerprint (import.ts). */
export interface PreparedImport {
  text: string
  record: GameRecord
  fingerprint: string
}

/**
 * The costly, pure part of an import: size, format, every command replayed, the names cleaned and
 * checked (import.ts), the game's own date (`now` when it has none); the game file's text as
 * Nightfall writes it, its record and fingerprint. No disk. Runs in the import worker.
 */
export function prepareImport(text: string, id: string, now: Date): HistoryResult<PreparedImport> {
  // Characters first: a string longer than the cap in UTF-16 units is longer in UTF-8 bytes too.
  if (text.length > MAX_IMPORT_BYTES || Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES)
    return { ok: false, error: { code: 'too-large', message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; a game file is much smaller.` } }
  if (!GAME_ID_PATTERN.test(id)) return { ok: false, error: { code: 'bad-file', message: 'Not a valid game id.' } }
  const read = readGameFile(text)
  if (!read.ok) return read
  const clean = cleanImportedNames(read.value.game)
  if (!clean.ok) return { ok: false, error: { code: clean.code, message: clean.message, params: clean.params } }
  const g = clean.game
  const at = new Date(gameDate(read.value.file, now.getTime()))
  const createdAt = read.value.file.createdAt ?? at.toISOString()
  return {
    ok: true,
    value: { text: JSON.stringify(toGameFile(g, { id, createdAt }), null, 1) + '\n', record: recordOf(g, id, at.toISOString()), fingerprint: fingerprintOf(g) },
  }
}

/** Text → a game whose every command is legal, or a clear error (the same checks as `cli replay`). */
export function parseAndReplay(text: string): HistoryResult<Game> {
  const r = readGameFile(text)
  return r.ok ? { ok: true, value: r.value.game } : r
}

/** A game read from its file, with the file (its createdAt and commands as written). */
export interface GameRead {
  game: Game
  file: GameFile
}

/** parseAndReplay, keeping the file. */
export function readGameFile(text: string): HistoryResult<GameRead> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, error: { code: 'bad-file', message: 'This is not a game file: it is not JSON.', params: { kind: 'not-json' } } }
  }
  const parsed = parseGameFile(json)
  if (!parsed.ok) {
    const kind = parsed.error.code === 'newer-version' ? 'newer-version' : parsed.error.code === 'bad-setup' ? 'setup' : 'field'
    const path = parsed.error.problems[0]?.path ?? '(root)'
    return { ok: false, error: { code: 'bad-file', message: `Not a Nightfall game file (${parsed.error.message})`, params: { kind, path } } }
  }
  const r = replay(parsed.value.setup, parsed.value.commands)
  if (!r.ok)
    return {
      ok: false,
      error: {
        code: 'bad-file',
        message:
          r.error.index < 0 ? `The game cannot start: ${r.error.message}` : `Command ${r.error.index + 1} is not legal at that point: ${r.error.message}`,
        params: r.error.index < 0 ? { kind: 'setup' } : { kind: 'command', command: r.error.index + 1 },
      },
    }
  return { ok: true, value: { game: r.value, file: parsed.value.file } }
}
