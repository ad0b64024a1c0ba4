import { closeSync, fsyncSync, openSync, renameSync, writeSync, copyFileSync, existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

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

/** Write a whole file so that a reader sees either the old or the new content, never a mix. */
export function writeFileAtomic(path: string, data: string, durable = true): void {
  const tmp = `${path}.tmp-${process.pid}`
  const fd = openSync(tmp, 'w')
  try {
    writeAll(fd, data)
    if (durable) fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, path)
  if (durable) fsyncDir(dirname(path))
}

export function writeAll(fd: number, data: string): void {
  const buf = Buffer.from(data, 'utf8')
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

/** How a kept-aside file is named in a notice: just its file name, the folder is the data folder. */
export const shortName = (path: string): string => basename(path)

export const joinPath = join
