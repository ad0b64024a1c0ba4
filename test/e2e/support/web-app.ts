/**
 * The browser mode as a user runs it: `src/web/start.ts` (what `npm run start:web` runs) in its own
 * Node process, on a data folder, serving the BUILT pages from out/renderer. The tests open the
 * printed referee and projector addresses in Chromium, and may kill the process like a crash.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { BUILT, REPO_ROOT } from '../../support/paths'

export interface WebApp {
  refereeUrl: string
  projectorUrl: string
  dataDir: string
  /** Everything the process printed so far (stdout and stderr). */
  output(): string
  /** SIGKILL: no shutdown code runs, as in a crash or a pulled plug. */
  kill(): Promise<void>
  /** SIGTERM: the server's own clean stop. */
  stop(): Promise<void>
}

export function tempDataDir(prefix = 'nightfall-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

const STARTUP_TIMEOUT_MS = 30_000

/** Every file the built page asks for is in `dir` (a build half done is not). */
function pagesComplete(dir: string): boolean {
  return (['referee', 'projector'] as const).every((page) => {
    const file = join(dir, page, 'index.html')
    if (!existsSync(file)) return false
    const html = readFileSync(file, 'utf8')
    return [...html.matchAll(/(?:src|href)="([^"]+)"/g)].every(([, ref]) => /^[a-z]+:/i.test(ref!) || existsSync(resolve(dir, page, ref!)))
  })
}

let snapshot: string | undefined

/**
 * A private copy of the built pages (out/renderer), taken once per test process: the games then
 * keep their pages even if somebody rebuilds out/ while they run (as a shared checkout does).
 */
export function rendererSnapshot(): string {
  if (snapshot) return snapshot
  for (let attempt = 0; attempt < 10; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'nightfall-renderer-'))
    cpSync(BUILT.rendererDir, dir, { recursive: true })
    if (pagesComplete(dir)) return (snapshot = dir)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000) // a build is writing out/: wait
  }
  throw new Error(`${BUILT.rendererDir} has no complete build of the pages: run \`npm run build\``)
}

/**
 * Start the browser-mode server on `dataDir` (a fresh temp folder by default), serving the built pages
 * without building; on any free port unless `port` is given (a restart on the same folder and port
 * serves the same addresses: the tokens are kept in the folder).
 */
export async function startWebApp(dataDir = tempDataDir(), port = 0, extraArgs: readonly string[] = []): Promise<WebApp> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join('src', 'web', 'start.ts'),
      '--no-build',
      '--renderer',
      rendererSnapshot(),
      '--port',
      String(port),
      '--data',
      dataDir,
      ...extraArgs,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const urls = await new Promise<{ referee: string; projector: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the web server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS)
    const look = (): void => {
      const found = /Referee:\s+(\S+)[\s\S]*?Projector:\s+(\S+)/.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve({ referee: found[1]!, projector: found[2]! })
      }
    }
    child.stdout?.on('data', look)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the web server exited (code ${code}) before it printed its addresses:\n${output}`))
    })
  })

  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill(signal)
    await exited
  }
  return {
    refereeUrl: urls.referee,
    projectorUrl: urls.projector,
    dataDir,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  }
}

/** What the referee API answered. */
export interface RefereeAnswer<T = unknown> {
  ok: boolean
  value: T
  error?: { message: string }
}

/**
 * The browser mode's referee API as its page calls it (POST /api/referee/<method> with the page's
 * token), each call on a connection of its own: a kept-alive socket that the server closed while it
 * idled ("other side closed") would fail a test that waits between two calls (for the CLI, say).
 */
export function refereeApi(app: WebApp): (method: string, ...args: unknown[]) => Promise<RefereeAnswer> {
  const token = new URL(app.refereeUrl).searchParams.get('token')!
  return (method, ...args) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(args)
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-nightfall-token': token }
      const req = request(new URL(`/api/referee/${method}`, app.refereeUrl), { method: 'POST', agent: false, timeout: 30_000, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as RefereeAnswer)
          } catch {
            reject(new Error(`${method}: HTTP ${res.statusCode} ${text.slice(0, 200)}`))
          }
        })
      })
      req.on('timeout', () => req.destroy(new Error(`${method}: no answer in 30 s`)))
      req.on('error', reject)
      req.end(body)
    })
}
