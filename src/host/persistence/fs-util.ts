import { closeSync, copyFileSync, existsSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, utimesSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

/** Small synchronous file helpers: durable writes and setting damaged files aside. */

/** fsync a directory so a rename or a new file in it survives a power cut (no-op where unsupported). */
export function fsyncDir(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

let tmpCounter = 0

/**
 * Write a whole file so that a reader sees either the old or the new content, never a mix, and the
 * new content is confirmed complete: temp file, every byte written, fsync, read back and compared,
 * rename over the old file, fsync of the folder. If anything fails the old file is left as it was,
 * the temp file is removed, and it throws.
 */
export function writeFileAtomic(path: string, data: string, durable = true): void {
  const tmp = `${path}.tmp-${process.pid}-${++tmpCounter}`
  const buf = Buffer.from(data, 'utf8')
  try {
    const fd = openSync(tmp, 'w+')
    try {
      writeAll(fd, buf)
      if (durable) fsyncSync(fd)
      verifyContent(fd, buf)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (e) {
    try {
      rmSync(tmp, { force: true })
    } catch {
      /* nothing more to do: the old file is intact either way */
    }
    throw e
  }
  if (durable) fsyncDir(dirname(path))
}

/** The file behind `fd` holds exactly `buf` (a short or failed write is found before the rename). */
function verifyContent(fd: number, buf: Buffer): void {
  const size = fstatSync(fd).size
  if (size !== buf.length) throw new Error(`only ${size} of ${buf.length} bytes reached the disk`)
  const back = Buffer.alloc(buf.length)
  let off = 0
  while (off < buf.length) {
    const n = readSync(fd, back, off, buf.length - off, off)
    if (n <= 0) break
    off += n
  }
  if (off !== buf.length || !back.equals(buf)) throw new Error('the bytes read back differ from the bytes written')
}

export function writeAll(fd: number, data: string | Buffer): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  let off = 0
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off)
}

/** A name for a damaged file kept aside: `name.corrupt-<timestamp>` (unique in its folder). */
export function asideName(path: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  let candidate = `${path}.corrupt-${stamp}`
  for (let i = 2; existsSync(candidate); i++) candidate = `${path}.corrupt-${stamp}-${i}`
  return candidate
}

/** Rename a damaged file aside; returns the new path (or null if it could not be moved). */
export function setAside(path: string): string | null {
  try {
    const to = asideName(path)
    renameSync(path, to)
    fsyncDir(dirname(path))
    return to
  } catch {
    return null
  }
}

/** Copy a file aside, leaving the original in place (before repairing values inside it). */
export function copyAside(path: string): string | null {
  try {
    const to = asideName(path)
    copyFileSync(path, to)
    return to
  } catch {
    return null
  }
}

/** Set a file's times (best effort: a file system that refuses keeps the write time). */
export function setFileTime(path: string, at: Date): void {
  try {
    utimesSync(path, at, at)
  } catch {
    // The time is a convenience (the club history's date); the content is what matters.
  }
}
