import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { matchLanguage, type Language } from '../../shared/languages'
import { translate } from '../../shared/messages'
import { noticeLine, type NoticeLine } from '../../shared/notices'

/**
 * One browser-mode process per data folder: `<dataDir>/nightfall.lock` holds the owner's process id,
 * its start time and (once the server listens) its address. A second process refuses to start and
 * names the running one. Only a lock whose process is gone (or whose id now belongs to another
 * process, started later) is taken over; a lock file that cannot be read or holds anything else is
 * never taken as stale (a person removes it), and any other error taking the lock refuses the start
 * too. Every host on a data folder takes it: the browser mode (src/web/start.ts) and the Electron
 * app (src/main/index.ts, besides its single-instance lock), so no two ever append to one journal.
 * A refusal is a notice line (`lock.*` in notices.json): `lockRefusal` words it in a language.
 *
 * Why not a lock library (proper-lockfile): it decides staleness by the lock's age (its holder
 * touches it every few seconds), so a host that is alive but paused — a laptop asleep, a process
 * stopped in a debugger — loses its folder to a second process; this lock asks the system whether
 * the holder's process still exists. It also keeps no holder's id or address to name in the refusal.
 *
 * Taking the lock is atomic: the complete file is written under a temporary name and linked to
 * `nightfall.lock` (which fails if one exists), so no one ever reads a half-written lock. Taking
 * over a stale one is serialised by `nightfall.lock.takeover`, created exclusively by the process
 * doing it (and itself taken over only when its process is gone).
 */

export interface LockInfo {
  pid: number
  /** When the owning process started (ms since the epoch). */
  startedAt: number
  /** The referee address, once the server listens. */
  url: string | null
  /** The desktop app holds it (it has no address to name). */
  app?: true
}

/** Why the lock was refused: a notice line `lock.<why>` with its parameters. */
export type LockLine = NoticeLine

export type LockResult =
  | { ok: true; lock: DataLock; /** A stale lock (its process gone) was taken over. */ tookOver: boolean }
  | { ok: false; /** In English. */ message: string; line: LockLine; holder: LockInfo | null }

/** The refusal in `lang`. */
export const lockRefusal = (line: LockLine, lang: string): string => translate(lang, `notices.${line.key}`, line.params)

/**
 * The language to refuse in before any host runs: the one saved in the folder's settings.json
 * (read only), else the first of the system's languages Nightfall has, else English.
 */
export function folderLanguage(dataDir: string, system: readonly string[]): Language {
  try {
    const saved = (JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { language?: unknown }).language
    if (typeof saved === 'string') {
      const l = matchLanguage([saved])
      if (l) return l
    }
  } catch {
    /* no settings yet, or unreadable: the system's */
  }
  return matchLanguage(system) ?? 'en'
}

const refused = (line: LockLine, holder: LockInfo | null): LockResult => ({ ok: false, message: lockRefusal(line, 'en'), line, holder })

export const lockPath = (dataDir: string): string => join(dataDir, 'nightfall.lock')
const takeoverPath = (dataDir: string): string => `${lockPath(dataDir)}.takeover`

const processStart = (): number => Math.round(Date.now() - process.uptime() * 1000)

/** When process `pid` started (ms since the epoch), where the system says (Linux /proc); else null. */
function startOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[19]) // field 22 (starttime), counted after the command name
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0])
    if (!Number.isFinite(ticks) || !Number.isFinite(uptime)) return null
    return Math.round(Date.now() - uptime * 1000 + (ticks / 100) * 1000)
  } catch {
    return null
  }
}

/** Whether the process that wrote `info` is still running (and is that same process). */
export function holderAlive(info: LockInfo): boolean {
  if (info.pid === process.pid) return true
  try {
    process.kill(info.pid, 0)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // The id is in use: by the same process, unless that process started well after the lock's owner.
  const started = startOf(info.pid)
  return started === null || Math.abs(started - info.startedAt) < 5_000
}

type Read = { kind: 'missing' } | { kind: 'info'; info: LockInfo; text: string } | { kind: 'unreadable'; why: string }

function readLock(path: string): Read {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'unreadable', why: code === 'EISDIR' ? 'EISDIR: it is a folder, not a file' : (code ?? (e as Error).message) }
  }
  try {
    const v = JSON.parse(text) as Partial<LockInfo> | null
    if (v && typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 && typeof v.startedAt === 'number' && Number.isFinite(v.startedAt))
      return {
        kind: 'info',
        info: { pid: v.pid, startedAt: v.startedAt, url: typeof v.url === 'string' ? v.url : null, ...(v.app === true ? { app: true } : {}) },
        text,
      }
  } catch {
    /* below */
  }
  return { kind: 'unreadable', why: text.trim() === '' ? 'it is empty' : 'it is not a Nightfall lock' }
}

/** Write `info` under a temporary name beside `path`, completely; its name. */
function writeTemp(path: string, info: LockInfo): string {
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`
  const fd = openSync(tmp, 'wx', 0o600)
  try {
    writeSync(fd, JSON.stringify(info) + '\n')
  } finally {
    closeSync(fd)
  }
  return tmp
}

/** Create `path` holding `info`, atomically; false if it exists. Throws on any other error. */
function create(path: string, info: LockInfo): boolean {
  const tmp = writeTemp(path, info)
  try {
    linkSync(tmp, path)
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  } finally {
    rmSync(tmp, { force: true })
  }
}

const causeOf = (e: unknown): string => {
  const err = e as NodeJS.ErrnoException
  return err.code ? `${err.code}: ${err.message.replace(/^[A-Z]+: /, '')}` : String(err.message ?? e)
}

export class DataLock {
  private released = false
  private constructor(
    readonly path: string,
    private info: LockInfo,
  ) {}

  /**
   * Take the data folder's lock, or say in one line why not: who holds it, that its lock file cannot
   * be read, or what error the system gave. Never throws.
   */
  static acquire(dataDir: string, opts: { app?: boolean } = {}): LockResult {
    const path = lockPath(dataDir)
    const mine: LockInfo = { pid: process.pid, startedAt: processStart(), url: null, ...(opts.app ? { app: true as const } : {}) }
    try {
      mkdirSync(dataDir, { recursive: true })
      for (let attempt = 0; attempt < 3; attempt++) {
        if (create(path, mine)) return { ok: true, lock: new DataLock(path, mine), tookOver: attempt > 0 }
        const held = readLock(path)
        if (held.kind === 'missing') continue // released meanwhile: try again
        if (held.kind === 'unreadable') return refused(noticeLine('lock.unreadable', { folder: dataDir, path, why: held.why }), null)
        // Our own id in a lock we are only now taking: a former process with the same id (a container's restart).
        if (held.info.pid !== process.pid && holderAlive(held.info)) return refused(heldBy(dataDir, held.info), held.info)
        // Stale: its process is gone. One process at a time takes it over.
        const took = takeOver(dataDir, path, held.text, mine)
        if (took === 'taken') return { ok: true, lock: new DataLock(path, mine), tookOver: true }
        if (took !== 'retry') return refused(heldBy(dataDir, took), took)
      }
      const now = readLock(path)
      const holder = now.kind === 'info' ? now.info : null
      return refused(holder ? heldBy(dataDir, holder) : noticeLine('lock.changing', { folder: dataDir }), holder)
    } catch (e) {
      return refused(noticeLine('lock.failed', { folder: dataDir, error: causeOf(e), path }), null)
    }
  }

  /** Record the address the server listens on (a second process names it). */
  setUrl(url: string): void {
    if (this.released) return
    this.info = { ...this.info, url }
    try {
      const tmp = writeTemp(this.path, this.info)
      renameSync(tmp, this.path)
    } catch {
      /* the lock still holds; a second process just cannot name the address */
    }
  }

  /** Remove the lock if it is still ours. */
  release(): void {
    if (this.released) return
    this.released = true
    const now = readLock(this.path)
    if (now.kind === 'info' && now.info.pid === process.pid) rmSync(this.path, { force: true })
  }
}

/**
 * Replace the stale lock whose text is `staleText` with ours, holding the takeover file meanwhile:
 * 'taken', 'retry' (the lock changed or another process is taking it over: look again), or the
 * live process that is taking it over.
 */
function takeOver(dataDir: string, path: string, staleText: string, mine: LockInfo): 'taken' | 'retry' | LockInfo {
  const guard = takeoverPath(dataDir)
  if (!create(guard, mine)) {
    const other = readLock(guard)
    if (other.kind === 'info' && holderAlive(other.info)) return other.info
    // Left by a process that died while taking over (or unreadable: only ever written whole by us).
    rmSync(guard, { force: true })
    return 'retry'
  }
  try {
    const still = readLock(path)
    if (still.kind !== 'info' || still.text !== staleText) return 'retry'
    rmSync(path, { force: true })
    return create(path, mine) ? 'taken' : 'retry'
  } finally {
    rmSync(guard, { force: true })
  }
}

function heldBy(dataDir: string, h: LockInfo): LockLine {
  const params = { folder: dataDir, pid: h.pid, started: new Date(h.startedAt).toISOString() }
  if (h.app) return noticeLine('lock.app', params)
  return h.url ? noticeLine('lock.held', { ...params, url: h.url }) : noticeLine('lock.starting', params)
}
