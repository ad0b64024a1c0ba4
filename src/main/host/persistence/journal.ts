import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import type { Command } from '../../../shared/commands'
import type { GameFile } from '../../../shared/game-file'
import { createGame, dispatchUnknown, parseGameFile, undo, type Game } from '../../engine'
import { fsyncDir, setAside, writeAll, writeFileAtomic } from './fs-util'

/**
 * The journal of the game in progress: an append-only JSON Lines file.
 *   line 1      the game file header (the shared game-file format with `commands: []`)
 *   line 2…     one record per accepted step: {"command": {...}} or {"undo": n}
 * Every append is written and fsync'ed before the referee's call returns, so an acknowledged step
 * survives a crash or a power cut. A torn last line (a write the crash interrupted, never
 * acknowledged) is dropped on recovery; any other damage sets the file aside and keeps the valid prefix.
 */

export type JournalRecord = { command: Command } | { undo: number }

const recordSchema = z.union([
  z.object({ command: z.unknown() }).strict(),
  z.object({ undo: z.number().int().min(1).max(100_000) }).strict(),
])

export class JournalWriter {
  private fd: number | null
  /** Bytes of whole records in the file: a failed append is cut back to this. */
  private size: number

  private constructor(
    readonly path: string,
    fd: number,
    private readonly durable: boolean,
  ) {
    this.fd = fd
    this.size = fstatSync(fd).size
  }

  /** Start a new journal (replacing any old one atomically) with the game's header. */
  static create(path: string, header: GameFile, records: readonly JournalRecord[] = [], durable = true): JournalWriter {
    mkdirSync(dirname(path), { recursive: true })
    const text = [JSON.stringify({ ...header, commands: [] }), ...records.map((r) => JSON.stringify(r))].join('\n') + '\n'
    writeFileAtomic(path, text, durable)
    return JournalWriter.openAppend(path, durable)
  }

  static openAppend(path: string, durable = true): JournalWriter {
    return new JournalWriter(path, openSync(path, 'a'), durable)
  }

  /** Durable when it returns; throws when the disk refuses (the caller then refuses the step). */
  append(record: JournalRecord): void {
    if (this.fd === null) throw new Error('The journal is closed.')
    const line = JSON.stringify(record) + '\n'
    try {
      writeAll(this.fd, line)
      if (this.durable) fsyncSync(this.fd)
    } catch (e) {
      // A partly written record (disk full) must not glue itself to the next one: cut it off.
      try {
        ftruncateSync(this.fd, this.size)
      } catch {
        /* recovery drops a torn last line anyway */
      }
      throw e
    }
    this.size += Buffer.byteLength(line, 'utf8')
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd)
    this.fd = null
  }

  /** Close and delete the journal (the game was archived or discarded). */
  remove(): void {
    this.close()
    rmSync(this.path, { force: true })
    fsyncDir(dirname(this.path))
  }
}

export interface RecoveredGame {
  header: GameFile
  records: JournalRecord[]
  game: Game
  savedAt: string
}

export interface JournalRecovery {
  recovered: RecoveredGame | null
  notices: string[]
}

/** Apply one record to a game; the engine decides whether it is valid. */
export function applyRecord(g: Game, r: JournalRecord | { command: unknown }): { ok: true; game: Game } | { ok: false; message: string } {
  const res = 'undo' in r ? undo(g, r.undo) : dispatchUnknown(g, r.command)
  return res.ok ? { ok: true, game: res.value } : { ok: false, message: res.error.message }
}

/**
 * Read a journal, replay it through the engine and return the game. Never throws and never loses
 * data: a damaged file is renamed aside (`journal.jsonl.corrupt-<timestamp>`), a plain-words notice
 * says so, and the valid prefix is written back as the journal.
 */
export function recoverJournal(path: string, durable = true): JournalRecovery {
  if (!existsSync(path)) return { recovered: null, notices: [] }
  let text: string
  let savedAt: string
  try {
    text = readFileSync(path, 'utf8')
    savedAt = statSync(path).mtime.toISOString()
  } catch (e) {
    return { recovered: null, notices: [`The saved game in progress could not be read (${(e as Error).message}).`] }
  }
  const lastNewline = text.lastIndexOf('\n')
  const complete = lastNewline < 0 ? '' : text.slice(0, lastNewline)
  const torn = text.length > lastNewline + 1
  const lines = complete === '' ? [] : complete.split('\n')

  const lost = (why: string): JournalRecovery => {
    const aside = setAside(path)
    return {
      recovered: null,
      notices: [
        aside
          ? `The saved game in progress was damaged (${why}); it was kept as ${aside} and could not be resumed.`
          : `The saved game in progress at ${path} was damaged (${why}) and could not be resumed.`,
      ],
    }
  }

  if (lines.length === 0) {
    // Only a torn header: the game was never acknowledged as started. Keep the bytes anyway.
    if (text.trim() === '') {
      rmSync(path, { force: true })
      return { recovered: null, notices: [] }
    }
    return lost('its first line is incomplete')
  }

  let headerJson: unknown
  try {
    headerJson = JSON.parse(lines[0] as string)
  } catch {
    return lost('its first line is not readable')
  }
  const parsed = parseGameFile(headerJson)
  if (!parsed.ok) return lost('its header is not a Nightfall game')
  const created = createGame(parsed.value.setup)
  if (!created.ok) return lost(`its setup is not playable: ${created.error.message}`)
  const header: GameFile = { ...parsed.value.file, commands: [] }

  let game = created.value
  const records: JournalRecord[] = []
  // Commands stored in the header itself (an exported game file used as a journal) come first.
  for (const c of parsed.value.commands) {
    const r = applyRecord(game, { command: c })
    if (!r.ok) return lost(`a step in its header was refused: ${r.message}`)
    game = r.game
    records.push({ command: game.log[game.log.length - 1]!.command })
  }

  let damage: string | null = null
  for (let i = 1; i < lines.length; i++) {
    let raw: unknown
    try {
      raw = JSON.parse(lines[i] as string)
    } catch {
      damage = `line ${i + 1} is not readable`
      break
    }
    const rec = recordSchema.safeParse(raw)
    if (!rec.success) {
      damage = `line ${i + 1} is not a game step`
      break
    }
    const r = applyRecord(game, rec.data as JournalRecord)
    if (!r.ok) {
      damage = `step ${i} was refused by the rules: ${r.message}`
      break
    }
    game = r.game
    records.push('undo' in rec.data ? { undo: rec.data.undo } : { command: game.log[game.log.length - 1]!.command })
  }

  const notices: string[] = []
  if (damage) {
    const aside = setAside(path)
    try {
      JournalWriter.create(path, header, records, durable).close()
    } catch (e) {
      notices.push(`The recovered game could not be written back (${(e as Error).message}).`)
    }
    notices.push(
      `The saved game in progress was damaged (${damage}); ` +
        (aside ? `the original was kept as ${aside}; ` : '') +
        `the first ${records.length} steps were recovered.`,
    )
  } else if (torn) {
    // The last write was cut off by a crash before it was acknowledged: drop it.
    try {
      truncateSync(path, Buffer.byteLength(text.slice(0, lastNewline + 1), 'utf8'))
    } catch {
      /* the next start drops it again */
    }
  }
  return { recovered: { header, records, game, savedAt }, notices }
}
