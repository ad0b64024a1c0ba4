import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Command } from '../shared/commands'
import { createGame, type Game } from '../engine'
import { applyRecord, recoverJournal, type JournalRecord } from './persistence/journal'
import { seeded, tempDir } from '../../test/support/host'
import { bundleChild } from '../../test/support/child-bundle'

/**
 * The crash test: a child process plays games on a data folder, acknowledging each host call on
 * stdout after it returns. We SIGKILL it at seeded random points (mid-fsync included), then check,
 * before restarting it, that the journal (or the archived game) holds every acknowledged step — at
 * most one more, never one less — and that the recovered state equals replaying those steps.
 */

const KILLS = 60
const SEED = 20261129
let CHILD = ''

// The child is bundled once, so that each restart is quick.
beforeAll(() => {
  CHILD = bundleChild(join(import.meta.dirname, '../../test/support/crash-child.ts'), tempDir('nightfall-crash-child-'))
})

type Ack = { ack: 'start' | 'resume' | 'close'; game: string } | { ack: 'call'; method: string; args: unknown[] }
type Expected = { undo: number } | { type: string; fields: Record<string, unknown> }

function expectedRecord(method: string, args: unknown[]): Expected {
  if (method === 'undo') return { undo: (args[0] as number | undefined) ?? 1 }
  // A game action: the referee's command; the host adds `at` and `draw`.
  const { type, ...fields } = args[0] as { type: string }
  return { type, fields }
}

function matches(e: Expected, r: JournalRecord): boolean {
  if ('undo' in e) return 'undo' in r && r.undo === e.undo
  if (!('command' in r) || r.command.type !== e.type) return false
  const c = r.command as Record<string, unknown>
  return Object.entries(e.fields).every(([k, v]) => JSON.stringify(c[k]) === JSON.stringify(v))
}

const toExpected = (r: JournalRecord): Expected =>
  'undo' in r ? { undo: r.undo } : { type: r.command.type, fields: Object.fromEntries(Object.entries(r.command).filter(([k]) => k !== 'type')) }

interface Run {
  acks: Ack[]
  killedAt: number
  readyNotices: string[]
}

/**
 * Start the child; kill it after `killAfter` acknowledgements — or, `torn`, halfway through writing
 * the journal record of the next step after them (half a line on disk).
 */
function runChild(dir: string, seed: number, killAfter: number, torn: boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, dir, String(seed), ...(torn ? ['--torn'] : [])], { stdio: ['pipe', 'pipe', 'pipe'] })
    child.stdin.on('error', () => {})
    const acks: Ack[] = []
    let readyNotices: string[] = []
    let buf = ''
    let stderr = ''
    let killed = false
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString()
      let i
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 1)
        const msg = JSON.parse(line) as Ack | { ready: true; notices: string[] } | { midWrite: true }
        if ('midWrite' in msg) {
          if (killed) continue
          if (acks.length >= killAfter) {
            killed = true
            child.kill('SIGKILL')
          } else child.stdin.write('g')
          continue
        }
        if ('ready' in msg) readyNotices = msg.notices
        else acks.push(msg)
        if (!torn && !killed && acks.length >= killAfter && ('ready' in msg || acks.length === killAfter)) {
          killed = true
          child.kill('SIGKILL')
        }
      }
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child ended by itself (${code}): ${stderr.slice(-2000)}`))
      else resolve({ acks, killedAt: acks.length, readyNotices })
    })
  })
}

/** What the parent knows was acknowledged. */
interface Tracker {
  game: string | null
  records: Expected[]
  closed: { id: string; records: Expected[] } | null
}

function replayExpected(g: Game, recs: JournalRecord[]): Game {
  for (const r of recs) {
    const a = applyRecord(g, r)
    if (!a.ok) throw new Error(a.error.message)
    g = a.game
  }
  return g
}

/** The effective command list of a record list (undo folded in). */
function effective(recs: Expected[]): Expected[] {
  const out: Expected[] = []
  for (const r of recs)
    if ('undo' in r) out.splice(out.length - r.undo, r.undo)
    else out.push(r)
  return out
}

/** Check the folder against what was acknowledged; return the records the next run continues from. */
function check(dir: string, t: Tracker): { extra: number; torn: boolean } {
  const journal = join(dir, 'journal', 'current.jsonl')
  const archived = (id: string) => join(dir, 'games', `${id}.json`)
  if (t.closed) {
    expect(existsSync(archived(t.closed.id)), 'an acknowledged close left a game file').toBe(true)
    const file = JSON.parse(readFileSync(archived(t.closed.id), 'utf8')) as { commands: Command[] }
    const eff = effective(t.closed.records)
    expect(file.commands.length).toBe(eff.length)
    eff.forEach((e, i) => expect(matches(e, { command: file.commands[i]! })).toBe(true))
  }
  if (!t.game) {
    // Nothing in progress was acknowledged: at most an unacknowledged new game with no steps.
    if (existsSync(journal)) {
      const copy = journal + '.check'
      copyFileSync(journal, copy)
      const rec = recoverJournal(copy, false)
      expect(rec.notices).toEqual([])
      if (rec.recovered) expect(rec.recovered.records).toHaveLength(0)
    }
    return { extra: 0, torn: false }
  }
  if (!existsSync(journal)) {
    // Finished and archived, its close not yet acknowledged.
    const file = JSON.parse(readFileSync(archived(t.game), 'utf8')) as { commands: Command[] }
    const eff = effective(t.records)
    expect(file.commands.length - eff.length).toBeGreaterThanOrEqual(0)
    expect(file.commands.length - eff.length).toBeLessThanOrEqual(1)
    eff.forEach((e, i) => expect(matches(e, { command: file.commands[i]! })).toBe(true))
    t.records = file.commands.map((c) => toExpected({ command: c }))
    return { extra: file.commands.length - eff.length, torn: false }
  }
  // Recover a copy (recovery may truncate a torn line; the child will do the same on restart).
  const copy = journal + '.check'
  copyFileSync(journal, copy)
  const size = statSync(copy).size
  const rec = recoverJournal(copy, false)
  const torn = statSync(copy).size !== size
  expect(rec.notices, 'a crash never damages the journal beyond a torn last line').toEqual([])
  const r = rec.recovered!
  expect(r.header.id).toBe(t.game)
  const extra = r.records.length - t.records.length
  expect(extra, 'every acknowledged step is in the journal').toBeGreaterThanOrEqual(0)
  expect(extra, 'at most the one step in flight is beyond the acknowledged ones').toBeLessThanOrEqual(1)
  t.records.forEach((e, i) => expect(matches(e, r.records[i]!), `step ${i}`).toBe(true))
  // The recovered state is the replay of the acknowledged steps (plus the one in flight, if written).
  const created = createGame(r.game.setup)
  if (!created.ok) throw new Error(created.error.message)
  const acked = replayExpected(created.value, r.records.slice(0, t.records.length))
  const full = replayExpected(acked, r.records.slice(t.records.length))
  expect(full.state).toEqual(r.game.state)
  t.records = r.records.map(toExpected)
  return { extra, torn }
}

describe('crash test', () => {
  it(`SIGKILL at ${KILLS} seeded random points: every acknowledged step survives`, async () => {
    const dir = tempDir('nightfall-crash-')
    const rnd = seeded(SEED)
    const t: Tracker = { game: null, records: [], closed: null }
    let totalAcks = 0
    let inFlightWritten = 0
    let games = 0
    let tornLines = 0
    const started = Date.now()
    for (let k = 0; k < KILLS; k++) {
      // Mostly short runs (many kills), sometimes right at start-up, sometimes long.
      const u = rnd()
      const killAfter = u < 0.1 ? 0 : u < 0.85 ? 1 + Math.floor(rnd() * 20) : 20 + Math.floor(rnd() * 80)
      // Every third run is killed halfway through writing a journal record.
      const run = await runChild(dir, Math.floor(rnd() * 1e9), killAfter, k % 3 === 2)
      expect(run.readyNotices, 'a restart after a crash finds nothing damaged').toEqual([])
      for (const a of run.acks) {
        if (a.ack === 'start' || a.ack === 'resume') {
          if (a.ack === 'start') games++
          if (a.game !== t.game) t.records = []
          t.game = a.game
        } else if (a.ack === 'close') {
          t.closed = { id: a.game, records: t.records }
          t.game = null
          t.records = []
        } else if (a.ack === 'call') t.records.push(expectedRecord(a.method, a.args))
      }
      totalAcks += run.acks.length
      const c = check(dir, t)
      inFlightWritten += c.extra
      if (c.torn) tornLines++
      // A game finished and archived on restart is no longer in progress.
      if (t.game && !existsSync(join(dir, 'journal', 'current.jsonl'))) {
        t.closed = { id: t.game, records: t.records }
        t.game = null
        t.records = []
      }
    }
    const seconds = (Date.now() - started) / 1000
    expect(tornLines, 'the kills halfway through a write left torn last lines').toBeGreaterThan(KILLS / 6)
    console.log(
      `crash test: ${KILLS} kills, ${totalAcks} acknowledged calls, ${games} games started, ${inFlightWritten} unacknowledged steps found written, ${tornLines} torn last lines dropped, ${seconds.toFixed(1)} s`,
    )
    expect(totalAcks).toBeGreaterThan(KILLS)
  }, 120_000)
})
