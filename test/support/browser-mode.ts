import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fakeRenderer } from './web'

/** Real browser-mode processes (src/web/start.ts) on a data folder, for the data-folder lock's tests. */

const root = resolve(import.meta.dirname, '..', '..')
const children: ChildProcess[] = []

/** End every browser mode a test started (afterEach). */
export function stopBrowserModes(): void {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGTERM')
}

/** A process to end with the others (one a test started itself, e.g. through npm). */
export const trackBrowserMode = (c: ChildProcess): void => void children.push(c)

export const browserModeArgs = (data: string, more: string[] = []): string[] => [
  '--import',
  'tsx',
  join(root, 'src', 'web', 'start.ts'),
  '--no-build',
  '--renderer',
  fakeRenderer(),
  '--port',
  '0',
  '--data',
  data,
  ...more,
]

/** Start browser mode; resolves with its referee address once it listens. */
export function startWeb(data: string, more: string[] = []): Promise<{ child: ChildProcess; referee: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, browserModeArgs(data, more), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
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
export function runToEnd(data: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, browserModeArgs(data), { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } })
  return { code: r.status, stderr: r.stderr.trim(), stdout: r.stdout.trim() }
}
