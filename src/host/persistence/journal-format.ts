import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Command } from '../../shared/commands'
import { noticeReason, type NoticeReason } from '../../shared/notices'

/**
 * The journal's line format (pure: text in, records out; no files, no engine).
 *
 * Version 2, damage-evident: every line is an envelope with a sequence number and a checksum that
 * chains to the line before it (a truncated SHA-256 of the previous checksum and this line's
 * content), so a changed, repeated, missing or reordered line — header included — is detected:
 *   {"journal":2,"seq":0,"header":{…game file…},"sum":"…"}
 *   {"seq":1,"command":{…},"sum":"…"}
 *   {"seq":2,"undo":1,"sum":"…"}
 * Version 1 (before checksums): the bare game file header, then {"command":…} / {"undo":n} lines.
 * Such journals still resume, with a notice naming them unchecked (journal.unchecked); they are
 * rewritten as version 2. The checksums find accidental damage, not a person's edit: whoever can
 * write the file can recompute them (docs/host.md, "What the checksums are for").
 */

export const JOURNAL_VERSION = 2

export type JournalRecord = { command: Command } | { undo: number }
/** A record as read, before the engine has checked its command. */
export type RawRecord = { command: unknown } | { undo: number }

/** Where the chain stands: the last sequence number written and its checksum. */
export interface ChainTail {
  seq: number
  sum: string
}

const CHAIN_START = 'nightfall-journal'

/** JSON with object keys sorted, so a checksum does not depend on key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`
  if (v !== null && typeof v === 'object') {
    const entries = Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

export function chainSum(prev: string, body: unknown): string {
  return createHash('sha256').update(prev).update('\n').update(canonicalJson(body)).digest('hex').slice(0, 16)
}

/** The header line of a new journal, and the chain after it. */
export function headerLine(header: unknown): { line: string; tail: ChainTail } {
  const body = { journal: JOURNAL_VERSION, seq: 0, header }
  const sum = chainSum(CHAIN_START, body)
  return { line: JSON.stringify({ ...body, sum }), tail: { seq: 0, sum } }
}

/** The line of the record after `tail`, and the chain after it. */
export function recordLine(record: JournalRecord, tail: ChainTail): { line: string; tail: ChainTail } {
  const seq = tail.seq + 1
  const body = 'undo' in record ? { seq, undo: record.undo } : { seq, command: record.command }
  const sum = chainSum(tail.sum, body)
  return { line: JSON.stringify({ ...body, sum }), tail: { seq, sum } }
}

const legacyRecordSchema = z.union([z.object({ command: z.unknown() }).strict(), z.object({ undo: z.number().int().min(1).max(100_000) }).strict()])

const checkedRecordSchema = z.union([
  z.object({ seq: z.number().int().min(1), command: z.unknown(), sum: z.string() }).strict(),
  z.object({ seq: z.number().int().min(1), undo: z.number().int().min(1).max(100_000), sum: z.string() }).strict(),
])

const checkedHeaderSchema = z.object({ journal: z.number(), seq: z.number(), header: z.unknown(), sum: z.string() }).strict()

/** Where a journal's text stopped being trustworthy, and why (a line id under `notices.why.`, shown in the window's language). */
export interface JournalDamage {
  /** The step (1 = the first after the header; 0 = the header). */
  step: number
  why: NoticeReason
}

export interface ParsedJournal {
  version: 1 | 2
  /** The raw game file of the header (to be checked with parseGameFile). */
  header: unknown
  /** Records as read (commands still unknown: the engine checks them). */
  records: RawRecord[]
  /** The chain after the last good record (version 2). */
  tail: ChainTail
  /** Bytes of the text up to and including the last good record's newline. */
  goodBytes: number
  /** The first bad line, or null. Records after it are not returned. */
  damage: JournalDamage | null
  /** Whole lines after the damaged one (they were not read). */
  linesAfterDamage: number
  /** The text ended in a line without its newline: a write cut off by a crash, never acknowledged. */
  torn: boolean
}

export type ParseResult = { ok: true; journal: ParsedJournal } | { ok: false; why: NoticeReason }

/**
 * Read a journal's text. A torn last line is left out (not damage). The header must be whole and
 * (version 2) match its checksum, otherwise nothing can be trusted: `ok: false`. A bad record stops
 * the reading there: the records before it are returned with `damage` naming the step and why.
 */
export function parseJournalText(text: string): ParseResult {
  const lastNewline = text.lastIndexOf('\n')
  const complete = lastNewline < 0 ? '' : text.slice(0, lastNewline)
  const torn = text.length > lastNewline + 1
  const lines = complete === '' ? [] : complete.split('\n')
  if (lines.length === 0) return { ok: false, why: noticeReason('why.firstLineIncomplete') }

  let first: unknown
  try {
    first = JSON.parse(lines[0]!)
  } catch {
    return { ok: false, why: noticeReason('why.firstLineUnreadable') }
  }
  let version: 1 | 2 = 1
  let header: unknown = first
  let tail: ChainTail = { seq: 0, sum: '' }
  if (typeof first === 'object' && first !== null && 'journal' in first) {
    const h = checkedHeaderSchema.safeParse(first)
    if (!h.success) return { ok: false, why: noticeReason('why.notJournalHeader') }
    if (h.data.journal !== JOURNAL_VERSION) return { ok: false, why: noticeReason('why.unknownVersion', { version: h.data.journal }) }
    const { sum, ...body } = h.data
    if (h.data.seq !== 0 || chainSum(CHAIN_START, body) !== sum) return { ok: false, why: noticeReason('why.headerChanged') }
    version = 2
    header = h.data.header
    tail = { seq: 0, sum }
  }

  const records: RawRecord[] = []
  let goodBytes = Buffer.byteLength(lines[0]!, 'utf8') + 1
  let damage: JournalDamage | null = null
  let i = 1
  for (; i < lines.length; i++) {
    const line = lines[i]!
    const step = i
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      damage = { step, why: noticeReason('why.lineUnreadable', { line: i + 1 }) }
      break
    }
    if (version === 1) {
      const rec = legacyRecordSchema.safeParse(raw)
      if (!rec.success) {
        damage = { step, why: noticeReason('why.lineNotStep', { line: i + 1 }) }
        break
      }
      records.push(rec.data as RawRecord)
    } else {
      const rec = checkedRecordSchema.safeParse(raw)
      if (!rec.success) {
        damage = { step, why: noticeReason('why.lineUnchecked', { line: i + 1 }) }
        break
      }
      const { sum, ...body } = rec.data
      if (body.seq !== tail.seq + 1) {
        damage = {
          step,
          why:
            body.seq === tail.seq && line === lines[i - 1]
              ? noticeReason('why.lineRepeated', { line: i + 1, step: tail.seq })
              : noticeReason('why.lineOutOfOrder', { line: i + 1, seq: body.seq, expected: tail.seq + 1 }),
        }
        break
      }
      if (chainSum(tail.sum, body) !== sum) {
        damage = { step, why: noticeReason('why.lineChanged', { line: i + 1 }) }
        break
      }
      tail = { seq: body.seq, sum }
      records.push('undo' in body ? { undo: body.undo } : { command: body.command })
    }
    goodBytes += Buffer.byteLength(line, 'utf8') + 1
  }
  return {
    ok: true,
    journal: {
      version,
      header,
      records,
      tail,
      goodBytes,
      damage,
      linesAfterDamage: damage ? lines.length - i - 1 : 0,
      torn,
    },
  }
}
