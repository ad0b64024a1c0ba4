import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './host'

/**
 * Real file-system faults for tests: a small tmpfs that can be filled to nearly full, and a read-only
 * bind mount. Both need `mount` (root, or a container that allows it); where that is not permitted
 * the helpers answer the reason, and the test prints it and skips.
 */

export interface Mount {
  dir: string
  unmount(): void
}

const mounted: string[] = []

function run(args: string[]): string | null {
  const r = spawnSync('mount', args, { encoding: 'utf8' })
  if (r.error) return r.error.message
  return r.status === 0 ? null : (r.stderr || `mount exited with ${r.status}`).trim()
}

function unmountDir(dir: string): void {
  spawnSync('umount', ['-l', dir])
  const i = mounted.indexOf(dir)
  if (i >= 0) mounted.splice(i, 1)
}

/** A fresh tmpfs of `kb` KiB, or the reason it cannot be mounted here. */
export function mountTmpfs(kb: number): Mount | string {
  if (process.platform !== 'linux') return `tmpfs needs Linux (this is ${process.platform})`
  const dir = tempDir('nightfall-tmpfs-')
  const why = run(['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir])
  if (why) return `mounting a tmpfs is not permitted here (${why})`
  mounted.push(dir)
  return { dir, unmount: () => unmountDir(dir) }
}

/** Fill the file system of `dir` until about `leaveBytes` are free (a filler file in `dir`). */
export function fillUntilFree(dir: string, leaveBytes: number): number {
  const free = () => {
    const s = statfsSync(dir)
    return s.bavail * s.bsize
  }
  const target = free() - leaveBytes
  if (target > 0) writeFileSync(join(dir, 'filler.bin'), Buffer.alloc(target))
  return free()
}

/** `source` mounted read-only at `target` (a new folder, or `source` itself), or the reason it cannot be here. */
export function mountReadOnly(source: string, target?: string): Mount | string {
  if (process.platform !== 'linux') return `bind mounts need Linux (this is ${process.platform})`
  const dir = target ?? tempDir('nightfall-ro-')
  mkdirSync(dir, { recursive: true })
  const why = run(['--bind', source, dir]) ?? run(['-o', 'remount,bind,ro', dir])
  if (why) {
    unmountDir(dir)
    return `a read-only bind mount is not permitted here (${why})`
  }
  mounted.push(dir)
  return { dir, unmount: () => unmountDir(dir) }
}

/** Unmount everything still mounted (afterAll). */
export function unmountAll(): void {
  for (const d of [...mounted]) {
    unmountDir(d)
    if (d.includes('nightfall-tmpfs-') || d.includes('nightfall-ro-')) rmSync(d, { recursive: true, force: true })
  }
}
