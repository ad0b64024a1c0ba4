import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/support/host'
import { DataLock, holderAlive, lockPath } from '../host/persistence/data-lock'
import { browserModeArgs as args, runToEnd, startWeb, stopBrowserModes, trackBrowserMode } from '../../test/support/browser-mode'

/**
 * One browser-mode process per data folder: real `start:web` processes on one folder. Before the
 * lock, both resumed the live game and appended to the same journal.
 */

const root = resolve(import.meta.dirname, '..', '..')
afterEach(stopBrowserModes)

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
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

  it('a stale lock (its process is gone) is taken over, with new tokens; --new-tokens makes new ones too', async () => {
    const data = tempDir('nightfall-web-data-')
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    writeFileSync(lockPath(data), JSON.stringify({ pid: Number(gone.stdout), startedAt: Date.now() - 60_000, url: 'http://127.0.0.1:1' }))
    const old = { referee: 'r'.repeat(32), projector: 'p'.repeat(32) }
    writeFileSync(join(data, 'web-address.json'), JSON.stringify({ port: 1, tokens: old }))
    const web = await startWeb(data)
    expect(JSON.parse(readFileSync(lockPath(data), 'utf8'))).toMatchObject({ pid: web.child.pid })
    const token = (url: string) => new URL(url).searchParams.get('token')
    expect(token(web.referee)).not.toBe(old.referee)
    // A clean stop and start would keep them (pages left open reconnect); --new-tokens replaces them.
    web.child.kill('SIGTERM')
    await new Promise((r) => web.child.once('exit', r))
    const fresh = await startWeb(data, ['--new-tokens'])
    expect(token(fresh.referee)).not.toBe(token(web.referee))
  }, 90_000)

  it('a lock that is a folder refuses every start, in one line naming the folder and the cause', () => {
    const data = tempDir('nightfall-web-data-')
    mkdirSync(lockPath(data))
    const r = runToEnd(data)
    expect(r.code).toBe(3)
    expect(r.stderr.split('\n')).toHaveLength(1)
    expect(r.stderr).toContain(data)
    expect(r.stderr).toContain('EISDIR')
    expect(r.stdout).not.toMatch(/Referee:/)
    // Every time (the old start ran without a lock, twice).
    for (let i = 0; i < 2; i++) expect(DataLock.acquire(data)).toMatchObject({ ok: false, message: expect.stringContaining('EISDIR') as unknown })
  }, 60_000)

  it('in one process: an unreadable lock file is never taken as stale; any error taking the lock is a refusal, not a throw', () => {
    const data = tempDir('nightfall-web-data-')
    for (const garbage of ['', '{"pid":', 'not a lock at all', '{"pid":-1,"startedAt":0}', 'null']) {
      writeFileSync(lockPath(data), garbage)
      const r = DataLock.acquire(data)
      expect(r).toMatchObject({ ok: false, holder: null })
      if (!r.ok) expect(r.message).toMatch(/cannot be read .*delete that file/)
      expect(readFileSync(lockPath(data), 'utf8')).toBe(garbage)
    }
    // A data "folder" that is a file: a refusal naming the cause.
    const file = join(tempDir(), 'file')
    writeFileSync(file, 'x')
    expect(DataLock.acquire(file)).toMatchObject({ ok: false, message: expect.stringMatching(/cannot lock the data folder .*(EEXIST|ENOTDIR)/) as unknown })
  })

  it('a live host whose lock file became garbage keeps its folder: the second start refuses', async () => {
    const data = tempDir('nightfall-web-data-')
    const first = await startWeb(data)
    writeFileSync(lockPath(data), '{"pid":')
    const second = runToEnd(data)
    expect(second.code).toBe(3)
    expect(second.stderr.split('\n')).toHaveLength(1)
    expect(second.stderr).toContain(`lock file ${lockPath(data)} cannot be read`)
    expect(second.stdout).not.toMatch(/Referee:/)
    expect(readFileSync(lockPath(data), 'utf8')).toBe('{"pid":')
    expect(first.child.exitCode).toBeNull()
  }, 90_000)

  it('npm run start:web stops its server when npm is killed (no orphan holding the folder)', async () => {
    const data = tempDir('nightfall-web-data-')
    const npm = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'start:web', '--', ...args(data).slice(3)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    trackBrowserMode(npm)
    const referee = await new Promise<string>((resolveUrl, reject) => {
      let out = ''
      npm.stdout!.on('data', (d: Buffer) => {
        out += d.toString()
        const m = /Referee:\s+(\S+)/.exec(out)
        if (m) resolveUrl(m[1]!)
      })
      npm.on('exit', (code) => reject(new Error(`npm ended (${code}): ${out}`)))
    })
    const server = JSON.parse(readFileSync(lockPath(data), 'utf8')) as { pid: number }
    expect(server.pid).not.toBe(npm.pid)
    npm.kill('SIGTERM')
    // The server notices within a second or so: its lock is removed, its process ends, its port is closed.
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && (existsSync(lockPath(data)) || alive(server.pid))) await new Promise((r) => setTimeout(r, 100))
    expect(existsSync(lockPath(data))).toBe(false)
    expect(alive(server.pid)).toBe(false)
    await expect(fetch(referee)).rejects.toThrow()
  }, 90_000)

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
