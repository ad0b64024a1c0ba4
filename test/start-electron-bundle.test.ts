/**
 * `npm start` / `npm run dev` go through scripts/start-electron.mjs, which fetches Electron's binary
 * first when it is missing (Electron's own installer, node_modules/electron/install.js) and then
 * runs electron-vite. Here no binary can be downloaded, so:
 * - the fetch-first path runs against a local mirror (ELECTRON_MIRROR on 127.0.0.1) that records
 *   the request and refuses it: the right file is asked for, and the user gets the one clear
 *   paragraph (no stack trace) and a non-zero exit;
 * - the start path runs against a stand-in Electron (ELECTRON_OVERRIDE_DIST_PATH, a shell script
 *   that records how it was started): no request, and electron-vite starts it on the built app.
 * In the `app` project because the start path previews the built out/ (`--skipBuild`).
 */
import { execFile } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from './support/paths'

const ELECTRON_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version
const SCRIPT = join(REPO_ROOT, 'scripts', 'start-electron.mjs')

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs the start script with a clean Electron-related environment plus `env`. */
function runStart(args: string[], env: Record<string, string>, script = SCRIPT): Promise<Run> {
  const base = { ...process.env }
  for (const key of Object.keys(base)) {
    if (/^(ELECTRON_|electron_)/.test(key) || /^npm_config_electron/i.test(key)) delete base[key]
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: REPO_ROOT, env: { ...base, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
      resolve({ code, stdout, stderr })
    })
  })
}

describe('npm start: fetch Electron first, then start', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'nightfall-start-'))
  const requests: string[] = []
  let mirror: Server
  let mirrorUrl = ''

  beforeAll(async () => {
    // A mirror that records every request and refuses it, as an unreachable download would.
    mirror = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`)
      response.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the test mirror')
    })
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve))
    mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`
  })

  afterAll(async () => {
    await new Promise((resolve) => mirror.close(resolve))
    rmSync(scratch, { recursive: true, force: true })
  })

  it('with no Electron binary, asks the mirror for the right file; refused, prints one clear paragraph and exits 1', async () => {
    requests.length = 0
    const emptyDist = mkdtempSync(join(scratch, 'no-electron-'))
    const pathTxt = join(REPO_ROOT, 'node_modules', 'electron', 'path.txt')
    const pathTxtBefore = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8') : null
    const run = await runStart(['preview'], {
      ELECTRON_MIRROR: mirrorUrl,
      // Even where a real binary is installed, this run must find none (and must not start one).
      ELECTRON_OVERRIDE_DIST_PATH: emptyDist,
      electron_config_cache: join(scratch, 'cache'),
    })

    const file = `electron-v${ELECTRON_VERSION}-${process.platform}-${process.arch}.zip`
    expect(requests).toEqual([`GET /v${ELECTRON_VERSION}/${file}`])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`Electron ${ELECTRON_VERSION} is not installed yet: downloading it once`)
    expect(run.stderr.trim().replace(/\s+/g, ' ')).toBe(paragraph(`HTTPError: Response code 403 (Forbidden) for ${mirrorUrl}v${ELECTRON_VERSION}/${file}`))
    expect(`${run.stdout}${run.stderr}`, 'no stack trace').not.toMatch(/^\s+at /m)
    // The refused download left Electron's package as it was.
    expect(existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8') : null).toBe(pathTxtBefore)
  })

  it('offline (nothing listens at the mirror), from npm run dev: the paragraph names the reason, the address and `npm run dev`', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const run = await runStart(['dev'], {
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(join(scratch, 'no-electron-')),
      electron_config_cache: join(scratch, 'cache'),
    })
    const file = `electron-v${ELECTRON_VERSION}-${process.platform}-${process.arch}.zip`
    expect(run.code).toBe(1)
    const said = run.stderr.trim().replace(/\s+/g, ' ')
    expect(said).toBe(
      paragraph(`TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:${port} (http://127.0.0.1:${port}/v${ELECTRON_VERSION}/${file})`, 'npm run dev'),
    )
    // The actual cause first: on an old Node (Node 20 here) the network is named before the Node version.
    if (OLD_NODE) expect(said.indexOf('the network is the cause')).toBeLessThan(said.indexOf('Node 22.12'))
  })

  it('on a Node older than the project needs: stops up front with the paragraph, before any download', async () => {
    requests.length = 0
    // The same script in a copy of the project whose package.json asks for a Node from the future.
    const project = mkdtempSync(join(scratch, 'project-'))
    mkdirSync(join(project, 'scripts'))
    copyFileSync(SCRIPT, join(project, 'scripts', 'start-electron.mjs'))
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'nightfall', engines: { node: '>=99.1' } }))
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(project, 'node_modules'), 'junction')
    const run = await runStart(['preview'], { ELECTRON_MIRROR: mirrorUrl }, join(project, 'scripts', 'start-electron.mjs'))
    expect(run.code).toBe(1)
    expect(requests).toEqual([])
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().replace(/\s+/g, ' ')).toBe(
      `Nightfall cannot start: this is Node ${process.versions.node}, and building the app needs Node 99.1 or newer ` +
        "(Electron's first-start download needs 22.12 or newer). Install a current Node LTS (22.12 or newer), " +
        'then run `npm install && npm start` again. With Node 99.1 or newer but without Electron, ' +
        '`npm run start:web` runs the same app in your browser on this computer.',
    )
  })

  it('with a binary present, makes no request and electron-vite starts it on the built app', async (ctx) => {
    ctx.skip(process.platform === 'win32', 'the stand-in Electron is a shell script')
    requests.length = 0
    const dist = mkdtempSync(join(scratch, 'stand-in-'))
    const record = join(scratch, 'started.txt')
    const standIn = join(dist, process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron')
    mkdirSync(dirname(standIn), { recursive: true })
    writeFileSync(standIn, `#!/bin/sh\nprintf '%s\\n' "$PWD" "$@" > '${record}'\nexit 7\n`)
    chmodSync(standIn, 0o755)

    const run = await runStart(['preview', '--skipBuild'], { ELECTRON_MIRROR: mirrorUrl, ELECTRON_OVERRIDE_DIST_PATH: dist })

    expect(requests).toEqual([])
    expect(run.code, `the stand-in's exit code is passed on\n${run.stdout}\n${run.stderr}`).toBe(7)
    const [cwd, ...args] = readFileSync(record, 'utf8').trim().split('\n')
    expect(cwd).toBe(REPO_ROOT.replace(/\/$/, ''))
    expect(args[0]).toBe('.')
  })
})

/** The paragraph the start script prints when the download failed with `failure`, a network failure (refused by the server, or not reached). */
function paragraph(failure: string, retry = 'npm start'): string {
  const refused = /HTTPError/.test(failure)
  return (
    `Nightfall cannot start: Electron ${ELECTRON_VERSION} is not installed, and its download ${refused ? 'was refused by the server' : 'could not reach the server'}: ` +
    `the network is the cause (${failure}). ` +
    'The first start downloads Electron once (about 100 MB), so it needs internet access, or ELECTRON_MIRROR set to a mirror you can reach' +
    (refused ? ' (check that address)' : '') +
    nodeClause() +
    `, then run \`${retry}\` again. ` +
    'Without Electron, `npm run start:web` runs the same app in your browser on this computer.'
  )
}

const OLD_NODE = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  return major < 22 || (major === 22 && minor < 12)
})()

/** What the paragraph says about the Node in use: after the network, as the second thing to fix, and only if it is too old. */
function nodeClause(): string {
  return OLD_NODE
    ? `. Then, second: Electron's download needs Node 22.12 or newer, and this is Node ${process.versions.node} — install a current Node LTS too`
    : ''
}
