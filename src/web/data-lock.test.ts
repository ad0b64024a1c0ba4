import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/support/host'
import { DataLock, holderAlive, lockPath } from './data-lock'
import { fakeRenderer } from '../../test/support/web'

/**
 * One browser-mode process per data folder: real `start:web` processes on one folder. Before the
 * lock, both resumed the live game and appended to the same journal.
 */

const root = resolve(import.meta.dirname, '..', '..')
const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGTERM')
})

const args = (data: string) => ['--import', 'tsx', join(root, 'src', 'web', 'start.ts'), '--no-build', '--renderer', fakeRenderer(), '--port', '0', '--data', data]

/** Start browser mode; resolves with its referee address once it listens. */
function startWeb(data: string): Promise<{ child: ChildProcess; referee: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args(data), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /Referee:\s+(\S+)/.exec(out)
      if (m) resolvePromise({ child, referee: m[1]! })
    })
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    child.on('exit', (code) => reject(new Error(`start:web ended (${code}): ${err}${out}`)))
  })
}

/** Run browser mode to its end (it should refuse to start): exit code and output. */
function runToEnd(data: string) {
  const r = spawnSync(process.execPath, args(data), { cwd: root, encoding: 'utf8', timeout: 60_000 })
  return { code: r.status, stderr: r.stderr.trim(), stdout: r.stdout.trim() }
}

describe('browser mode: one process per data folder', () => {
  it('a second start:web on the same folder refuses, naming the running one and its address', async () => {
    const data = tempDir('nightfall-web-data-')
    const first = await startWeb(data)
    const lock = JSON.parse(readFileSync(lockPath(data), 'utf8')) as { pid: number; url: string }
    expect(lock.pid).toBe(first.child.pid)
    const second = runToEnd(data)
    expect(second.code).toBe(3)
    const origin = new URL(first.referee).origin
    expect(second.stderr).toContain(`Another Nightfall is already using the data folder ${data} (process ${first.child.pid}`)
    expect(second.stderr).toContain(`it is at ${origin}`)
    expect(second.stderr).not.toContain('token')
    expect(second.stdout).not.toMatch(/Referee:/)
    // The first stops cleanly and removes its lock; then a new one starts.
    first.child.kill('SIGTERM')
    await new Promise((r) => first.child.once('exit', r))
    expect(existsSync(lockPath(data))).toBe(false)
    const third = await startWeb(data)
    expect(third.referee).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/referee\//)
  }, 90_000)

  it('a stale lock (its process is gone) is taken over', async () => {
    const data = tempDir('nightfall-web-data-')
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    writeFileSync(lockPath(data), JSON.stringify({ pid: Number(gone.stdout), startedAt: Date.now() - 60_000, url: 'http://127.0.0.1:1' }))
    const web = await startWeb(data)
    expect(JSON.parse(readFileSync(lockPath(data), 'utf8'))).toMatchObject({ pid: web.child.pid })
  }, 60_000)

  it('in one process: a live owner holds it; a reused process id (started later) does not; release removes it', () => {
    const data = tempDir('nightfall-web-data-')
    const a = DataLock.acquire(data)
    if (!a.ok) throw new Error(a.message)
    expect(holderAlive({ pid: process.pid, startedAt: 0, url: null })).toBe(true)
    // The parent process is alive, but it did not start at the epoch: its id was "reused".
    if (existsSync('/proc/self/stat')) expect(holderAlive({ pid: process.ppid, startedAt: 0, url: null })).toBe(false)
    a.lock.release()
    expect(existsSync(lockPath(data))).toBe(false)
  })

  it('--data on a folder that cannot be created: one clear line, no stack trace', () => {
    const base = tempDir()
    writeFileSync(join(base, 'file'), 'x')
    const r = runToEnd(join(base, 'file', 'data'))
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^Nightfall cannot create the data folder .*file\/data \(ENOTDIR\); choose another with --data DIR\.$/)
  }, 60_000)
})
