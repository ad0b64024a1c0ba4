#!/usr/bin/env node
/**
 * `npm start` (electron-vite preview) and `npm run dev` (electron-vite dev) go through here:
 *
 * 1. Node version, up front: below the project's minimum (package.json "engines") nothing can
 *    build, so stop with one clear paragraph. Below Electron's own minimum (its "engines"), say
 *    so before its download, which may fail there.
 * 2. Electron's binary: electron 45+ fetches it lazily on the first `require('electron')`, but
 *    electron-vite only reads node_modules/electron/path.txt and stops with "Electron uninstall".
 *    So when the binary is missing, run Electron's own installer (node_modules/electron/install.js,
 *    the code `require('electron')` runs; it honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR,
 *    electron_config_cache, ELECTRON_GET_USE_PROXY and the npm_config_* settings). If that fails,
 *    print one clear paragraph (what failed, the Node version needed, how to retry, and that
 *    `npm run start:web` works without Electron), no stack trace, and exit 1. The actual cause comes
 *    first: the network when the download did not reach its server or was refused, before the Node
 *    version (which comes second, when it is also too old).
 * 3. Start electron-vite with the given arguments, passing on its exit code.
 *
 * `node scripts/start-electron.mjs --check` does steps 1 and 2 only.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const WEB_HINT = 'Without Electron, `npm run start:web` runs the same app in your browser on this computer.'
/** A download that failed because of the network: nothing reached, or the server answered with an error. */
const NETWORK =
  /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|socket hang up|HTTPError|Response code|certificate|self.signed|UNABLE_TO_VERIFY/i

/** The lowest version allowed by an "engines.node" range such as ">=20.19" or ">= 22.12.0". */
function minimumNode(range) {
  const match = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range ?? '')
  if (!match) throw new Error(`unexpected engines.node range: ${range}`)
  return match.slice(1).map((part) => Number(part ?? 0))
}
const atLeast = (version, minimum) => {
  for (let i = 0; i < 3; i++) if (version[i] !== minimum[i]) return version[i] > minimum[i]
  return true
}
const show = (version) => version.slice(0, 2).join('.')

/** Prints one paragraph, wrapped for a terminal, and exits non-zero. */
function fail(paragraph) {
  const words = paragraph.split(/\s+/)
  const lines = ['']
  for (const word of words) {
    const line = lines[lines.length - 1]
    if (line && line.length + word.length + 1 > 100) lines.push(word)
    else lines[lines.length - 1] = line ? `${line} ${word}` : word
  }
  process.stderr.write(`\n${lines.join('\n')}\n\n`)
  process.exit(1)
}

const args = process.argv.slice(2)
/** The command the user ran, to tell them how to retry. */
const retry = args[0] === 'dev' ? 'npm run dev' : 'npm start'
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))
let electronDir
try {
  electronDir = dirname(require.resolve('electron/package.json'))
} catch {
  fail('Nightfall cannot start: its dependencies are not installed (no node_modules/electron). Run `npm install`, then `npm start` again.')
}
const electron = readJson(join(electronDir, 'package.json'))
const node = process.versions.node.split('.').map(Number)
const projectNode = minimumNode(readJson(join(root, 'package.json')).engines?.node)
const electronNode = minimumNode(electron.engines?.node)

/** Where the Electron binary is (the same rules as node_modules/electron/index.js), or null. */
function electronBinary() {
  if (process.env.ELECTRON_EXEC_PATH) return existsSync(process.env.ELECTRON_EXEC_PATH) ? process.env.ELECTRON_EXEC_PATH : null
  const pathFile = join(electronDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  if (override) {
    const platformPath = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' }[process.platform] ?? 'electron'
    const path = join(override, relative || platformPath)
    return existsSync(path) ? path : null
  }
  if (!relative) return null
  const path = join(electronDir, 'dist', relative)
  return existsSync(path) ? path : null
}

/** Runs Electron's own installer; resolves to null on success, else the error's one-line message. */
function installElectron() {
  return new Promise((resolve) => {
    let reported = ''
    const child = spawn(process.execPath, ['--require', join(root, 'scripts', 'install-electron-hook.cjs'), join(electronDir, 'install.js')], {
      cwd: root,
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    })
    child.stdio[3].on('data', (chunk) => (reported += chunk))
    child.on('error', (error) => resolve(error.message))
    child.on('close', (code, signal) => {
      if (code === 0) resolve(null)
      else resolve(reported.trim() || (signal ? `the installer was stopped (${signal})` : `the installer exited with code ${code}`))
    })
  })
}

if (!atLeast(node, projectNode)) {
  fail(
    `Nightfall cannot start: this is Node ${process.versions.node}, and building the app needs Node ${show(projectNode)} or newer ` +
      `(Electron's first-start download needs ${show(electronNode)} or newer). Install a current Node LTS (${show(electronNode)} or newer), ` +
      `then run \`npm install && npm start\` again. With Node ${show(projectNode)} or newer but without Electron, ` +
      '`npm run start:web` runs the same app in your browser on this computer.',
  )
}

let binary = electronBinary()
if (!binary) {
  const oldNode = !atLeast(node, electronNode)
  console.log(
    `Electron ${electron.version} is not installed yet: downloading it once (about 100 MB; later starts use the copy in node_modules/electron).` +
      (oldNode ? `\nNote: Electron's download needs Node ${show(electronNode)} or newer; this is Node ${process.versions.node}. Trying anyway.` : ''),
  )
  const failure = await installElectron()
  binary = electronBinary()
  if (failure || !binary) fail(downloadFailed(failure, oldNode))
}

/**
 * The paragraph for a failed download, its actual cause first: the network (nothing reached, or the
 * server refused), else what the installer said; Node's version comes after the network, as a
 * second thing to fix, and first only when nothing points at the network.
 */
function downloadFailed(failure, oldNode) {
  const why = failure ?? 'the installer finished, but no Electron binary is there'
  const nodeNote = `Electron's download needs Node ${show(electronNode)} or newer, and this is Node ${process.versions.node}`
  const head = `Nightfall cannot start: Electron ${electron.version} is not installed`
  const tail = `, then run \`${retry}\` again. ${WEB_HINT}`
  if (NETWORK.test(why)) {
    const refused = /HTTPError|Response code/.test(why)
    return (
      `${head}, and its download ${refused ? 'was refused by the server' : 'could not reach the server'}: the network is the cause (${why}). ` +
      'The first start downloads Electron once (about 100 MB), so it needs internet access, or ELECTRON_MIRROR set to a mirror you can reach' +
      (refused ? ' (check that address)' : '') +
      (oldNode ? `. Then, second: ${nodeNote} — install a current Node LTS too` : '') +
      tail
    )
  }
  return (
    `${head}, and downloading it failed (${why}). ` +
    (oldNode
      ? `${nodeNote}: install a current Node LTS first; the download also needs internet access (or ELECTRON_MIRROR pointing at a mirror)`
      : `The first start downloads Electron once, so it needs internet access (or ELECTRON_MIRROR pointing at a mirror) and Node ${show(electronNode)} or newer (this is Node ${process.versions.node}). Fix that`) +
    tail
  )
}

if (args[0] === '--check') process.exit(0)

// electron-vite reads path.txt or ELECTRON_EXEC_PATH; hand it the binary found above (this covers
// ELECTRON_OVERRIDE_DIST_PATH, which electron-vite does not know).
const cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ELECTRON_EXEC_PATH: binary } })
// Ctrl+C reaches electron-vite directly (same process group): wait for it to finish. SIGTERM is passed on.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => child.kill('SIGTERM'))
child.on('close', (code, signal) => {
  if (!signal) process.exit(code ?? 1)
  process.removeAllListeners(signal)
  process.kill(process.pid, signal)
})
