import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One browser-mode process per data folder: `<dataDir>/nightfall.lock` holds the owner's process id,
 * its start time and (once the server listens) its address. A second process refuses to start and
 * names the running one; a lock left by a process that is gone (or whose id now belongs to another
 * process, started later) is taken over. The Electron app has its own single-instance lock.
 */

export interface LockInfo {
  pid: number
  /** When the owning process started (ms since the epoch). */
  startedAt: number
  /** The referee address, once the server listens. */
  url: string | null
}

export type LockResult = { ok: true; lock: DataLock } | { ok: false; message: string; holder: LockInfo }

export const lockPath = (dataDir: string): string => join(dataDir, 'nightfall.lock')

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

function readLock(path: string): LockInfo | null {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>
    if (typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 && typeof v.startedAt === 'number')
      return { pid: v.pid, startedAt: v.startedAt, url: typeof v.url === 'string' ? v.url : null }
  } catch {
    /* unreadable: treated as stale */
  }
  return null
}

function writeLockFile(path: string, info: LockInfo, exclusive: boolean): void {
  const tmp = exclusive ? path : `${path}.tmp-${process.pid}`
  const fd = openSync(tmp, exclusive ? 'wx' : 'w')
  try {
    writeSync(fd, JSON.stringify(info) + '\n')
  } finally {
    closeSync(fd)
  }
  if (!exclusive) renameSync(tmp, path)
}

export class DataLock {
  private released = false
  private constructor(
    readonly path: string,
    private info: LockInfo,
  ) {}

  /** Take the data folder's lock, or say who holds it. Throws only if the folder cannot be written. */
  static acquire(dataDir: string): LockResult {
    mkdirSync(dataDir, { recursive: true })
    const path = lockPath(dataDir)
    const mine: LockInfo = { pid: process.pid, startedAt: processStart(), url: null }
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        writeLockFile(path, mine, true)
        return { ok: true, lock: new DataLock(path, mine) }
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      }
      const holder = readLock(path)
      if (holder && holder.pid !== process.pid && holderAlive(holder)) return { ok: false, message: refusal(dataDir, holder), holder }
      // Stale (its process is gone) or unreadable: take it over, then check that we won any race.
      writeLockFile(path, mine, false)
      const now = readLock(path)
      if (now?.pid === process.pid) return { ok: true, lock: new DataLock(path, mine) }
    }
    const holder = readLock(path) ?? { pid: 0, startedAt: 0, url: null }
    return { ok: false, message: refusal(dataDir, holder), holder }
  }

  /** Record the address the server listens on (a second process names it). */
  setUrl(url: string): void {
    if (this.released) return
    this.info = { ...this.info, url }
    try {
      writeLockFile(this.path, this.info, false)
    } catch {
      /* the lock still holds; a second process just cannot name the address */
    }
  }

  /** Remove the lock if it is still ours. */
  release(): void {
    if (this.released) return
    this.released = true
    if (readLock(this.path)?.pid === process.pid) rmSync(this.path, { force: true })
  }
}

function refusal(dataDir: string, h: LockInfo): string {
  const who = h.pid ? `process ${h.pid}, started ${new Date(h.startedAt).toISOString()}` : 'another process'
  return (
    `Another Nightfall is already using the data folder ${dataDir} (${who})` +
    (h.url ? `: it is at ${h.url}` : ', still starting') +
    '. Use that one, stop it, or start this one with another folder (--data DIR).'
  )
}
