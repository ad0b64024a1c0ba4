import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs'
import { dirname } from 'node:path'
import type { GameFile } from '../../shared/game-file'
import type { ApiError } from '../../shared/api'
import { notice, noticeLine, noticeReason, noticeReasonEnglish, type Notice, type NoticeReason } from '../../shared/notices'
import { createGame, dispatchUnknown, parseGameFile, undo, type Game } from '../../engine'
import { fsyncDir, setAside, writeAll, writeFileAtomic } from './fs-util'
import { headerLine, parseJournalText, recordLine, type ChainTail, type JournalRecord } from './journal-format'

/**
 * The journal of the game in progress: an append-only JSON Lines file (format: journal-format.ts).
 *   line 1      the game file header (the shared game-file format with `commands: []`), checksummed
 *   line 2…     one record per accepted step, each with its sequence number and a chained checksum
 * Every append is written and fsync'ed before the referee's call returns, so an acknowledged step
 * survives a crash or a power cut. A torn last line (a write the crash interrupted, never
 * acknowledged) is dropped on recovery; any other damage sets the file aside and keeps the valid prefix.
 */

export type { JournalRecord } from './journal-format'

/** For the crash test only: called halfway through writing a record (to kill the process there). */
export const journalTestHooks: { midWrite: (() => void) | null } = { midWrite: null }

export class JournalWriter {
  private fd: number | null
  /** Bytes of whole records in the file: a failed append is cut back to this. */
  private size: number

  private constructor(
    readonly path: string,
    fd: number,
    private readonly durable: boolean,
    private tail: ChainTail,
  ) {
    this.fd = fd
    this.size = fstatSync(fd).size
  }

  /** Start a new journal (replacing any old one atomically) with the game's header. */
  static create(path: string, header: GameFile, records: readonly JournalRecord[] = [], durable = true): JournalWriter {
    mkdirSync(dirname(path), { recursive: true })
    const first = headerLine({ ...header, commands: [] })
    const lines = [first.line]
    let tail = first.tail
    for (const r of records) {
      const next = recordLine(r, tail)
      lines.push(next.line)
      tail = next.tail
    }
    writeFileAtomic(path, lines.join('\n') + '\n', durable)
    return new JournalWriter(path, openSync(path, 'a'), durable, tail)
  }

  /**
   * Go on writing an existing journal (a resumed game). A torn last line is cut off; a journal from
   * before checksums is rewritten in the checked format first. Throws if the file is damaged (the
   * recovery on start has already set damage aside, so that means it changed since).
   */
  static openAppend(path: string, durable = true): JournalWriter {
    const parsed = parseJournalText(readFileSync(path, 'utf8'))
    if (!parsed.ok) throw new Error(`The journal is damaged: ${noticeReasonEnglish(parsed.why)}.`)
    const j = parsed.journal
    if (j.damage) throw new Error(`The journal is damaged at step ${j.damage.step}: ${noticeReasonEnglish(j.damage.why)}.`)
    if (j.version === 1) {
      const file = parseGameFile(j.header)
      if (!file.ok) throw new Error('The journal header is not a Nightfall game.')
      // The engine checked these records when the game was recovered on start.
      const records = [...file.value.commands.map((c) => ({ command: c })), ...j.records] as JournalRecord[]
      return JournalWriter.create(path, file.value.file, records, durable)
    }
    if (j.torn) truncateSync(path, j.goodBytes)
    return new JournalWriter(path, openSync(path, 'a'), durable, j.tail)
  }

  /** Durable when it returns; throws when the disk refuses (the caller then refuses the step). */
  append(record: JournalRecord): void {
    if (this.fd === null) throw new Error('The journal is closed.')
    const next = recordLine(record, this.tail)
    const line = next.line + '\n'
    try {
      const hook = journalTestHooks.midWrite
      if (hook) {
        const half = Math.floor(line.length / 2)
        writeAll(this.fd, line.slice(0, half))
        hook()
        writeAll(this.fd, line.slice(half))
      } else writeAll(this.fd, line)
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
    this.tail = next.tail
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
  notices: Notice[]
}

/** Apply one record to a game; the engine decides whether it is valid. */
export function applyRecord(g: Game, r: JournalRecord | { command: unknown }): { ok: true; game: Game } | { ok: false; error: ApiError } {
  const res = 'undo' in r ? undo(g, r.undo) : dispatchUnknown(g, r.command)
  return res.ok ? { ok: true, game: res.value } : { ok: false, error: res.error }
}

/**
 * Read a journal, check it, replay it through the engine and return the game. Never throws and never
 * loses data: a damaged file is renamed aside (`current.jsonl.corrupt-<timestamp>`), a plain-words
 * notice names the step and why, and the valid prefix is written back as the journal. A torn last
 * line (never acknowledged) is dropped without a notice.
 */
export function recoverJournal(path: string, durable = true): JournalRecovery {
  if (!existsSync(path)) return { recovered: null, notices: [] }
  let text: string
  let savedAt: string
  try {
    text = readFileSync(path, 'utf8')
    savedAt = statSync(path).mtime.toISOString()
  } catch (e) {
    return { recovered: null, notices: [notice('journal.unreadable', { error: (e as Error).message })] }
  }

  const lost = (why: NoticeReason): JournalRecovery => {
    const aside = setAside(path)
    return {
      recovered: null,
      notices: [aside ? notice('journal.lost', { file: aside }, [], why) : notice('journal.lostInPlace', { path }, [], why)],
    }
  }

  if (text.trim() === '') {
    // An empty file: the game was never acknowledged as started.
    try {
      rmSync(path, { force: true })
    } catch {
      /* harmless: empty again next time */
    }
    return { recovered: null, notices: [] }
  }
  const read = parseJournalText(text)
  if (!read.ok) return lost(read.why)
  const j = read.journal
  const parsed = parseGameFile(j.header)
  if (!parsed.ok) return lost(noticeReason('why.notAGame'))
  const created = createGame(parsed.value.setup)
  if (!created.ok) return lost(noticeReason('why.setupRefused', {}, created.error))
  const header: GameFile = { ...parsed.value.file, commands: [] }

  let game = created.value
  const records: JournalRecord[] = []
  // Commands stored in the header itself (an exported game file used as a journal) come first.
  for (const c of parsed.value.commands) {
    const r = applyRecord(game, { command: c })
    if (!r.ok) return lost(noticeReason('why.headerStepRefused', {}, r.error))
    game = r.game
    records.push({ command: game.log[game.log.length - 1]!.command })
  }

  let damage = j.damage
  let unread = j.linesAfterDamage
  for (let i = 0; i < j.records.length; i++) {
    const rec = j.records[i]!
    const r = applyRecord(game, rec)
    if (!r.ok) {
      damage = { step: i + 1, why: noticeReason('why.stepRefused', {}, r.error) }
      unread = j.records.length - i - 1 + (j.damage ? 1 + j.linesAfterDamage : 0)
      break
    }
    game = r.game
    records.push('undo' in rec ? { undo: rec.undo } : { command: game.log[game.log.length - 1]!.command })
  }

  // A journal from before checksums resumes, but says that nothing in it could be checked.
  const notices: Notice[] = j.version === 1 ? [notice('journal.unchecked')] : []
  if (damage) {
    const aside = setAside(path)
    try {
      JournalWriter.create(path, header, records, durable).close()
    } catch (e) {
      notices.push(notice('journal.notWrittenBack', { error: (e as Error).message }))
    }
    const kept = records.length - parsed.value.commands.length
    notices.push(
      notice(
        'journal.damagedAt',
        { step: damage.step, kept },
        [
          unread ? noticeLine('journal.linesNotReplayed', { step: damage.step, unread }) : noticeLine('journal.stepNotReplayed', { step: damage.step }),
          aside ? noticeLine('journal.damagedKeptAs', { file: aside }) : noticeLine('journal.damagedNotMoved'),
        ],
        damage.why,
      ),
    )
  } else if (j.version === 1) {
    // A journal from before checksums: rewritten in the checked format (the torn line left out).
    try {
      JournalWriter.create(path, header, records, durable).close()
    } catch {
      /* it stays in the old format, which still resumes */
    }
  } else if (j.torn) {
    // The last write was cut off by a crash before it was acknowledged: drop it.
    try {
      truncateSync(path, j.goodBytes)
    } catch {
      /* the next start drops it again */
    }
  }
  return { recovered: { header, records, game, savedAt }, notices }
}
