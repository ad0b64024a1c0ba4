/**
 * npm run start:web — the browser mode: builds the renderer (electron-vite build), starts a host on a
 * data folder and serves the pages on 127.0.0.1. See docs/browser-mode.md.
 *
 *   node --import tsx src/web/start.ts [--port N] [--data DIR] [--no-build] [--renderer DIR] [--new-tokens] [--lan [--lan-address IP] [--night-call-seconds S]]
 *
 * Data folder: --data, else $NIGHTFALL_WEB_DATA, else ~/.nightfall-web (settings.json, journal/, games/).
 * One host per data folder (nightfall.lock, see host/persistence/data-lock.ts, the Electron app's too): a second one refuses, naming the
 * first; so does any error taking the lock. The pages' tokens are kept in the folder between starts,
 * and made anew with --new-tokens or when a stale lock (its process gone) was taken over. The server
 * stops when its parent process (npm) is gone (parent-watch.ts).
 */
// First: it notes which process started this one before anything slow runs (parent-watch.ts).
import { onParentGone } from './parent-watch'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { renderUnicodeCompact } from 'uqr'
import { createFileHost } from '../host'
import { warmEstimator } from '../host/workers/estimator'
import { loadWebAddress, newTokens, saveWebAddress } from './address'
import { DataLock, folderLanguage, lockRefusal } from '../host/persistence/data-lock'
import { startWebServer } from './server'

const root = resolve(import.meta.dirname, '..', '..')

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    data: { type: 'string' },
    renderer: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'new-tokens': { type: 'boolean', default: false },
    // Open the room on the LAN at once (docs/room.md); the referee page can open and close it too.
    lan: { type: 'boolean', default: false },
    'lan-address': { type: 'string' },
    // The night on the phones: a call's shortest length (default room/night-call.ts, 15 s; the e2e test: less).
    'night-call-seconds': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(
    'Usage: npm run start:web -- [--port N] [--data DIR] [--no-build] [--renderer DIR] [--new-tokens] [--lan [--lan-address IP] [--night-call-seconds S]]',
  )
  process.exit(0)
}

const rendererDir = resolve(values.renderer ?? join(root, 'out', 'renderer'))
const dataDir = resolve(values.data ?? process.env.NIGHTFALL_WEB_DATA ?? join(homedir(), '.nightfall-web'))

// The data folder first (before the build): one clear line if it cannot be created; one process per folder.
try {
  mkdirSync(dataDir, { recursive: true })
} catch (e) {
  console.error(
    `Nightfall cannot create the data folder ${dataDir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose another with --data DIR.`,
  )
  process.exit(2)
}
// Any error taking the lock (held by a live process, an unreadable lock file, a lock that is a folder,
// a folder that cannot be written) refuses the start: two hosts would resume and append to one journal.
const taken = DataLock.acquire(dataDir)
if (!taken.ok) {
  // In the folder's language, else the system's (as the Electron app refuses).
  const system = [process.env.LC_ALL, process.env.LC_MESSAGES, process.env.LANG, Intl.DateTimeFormat().resolvedOptions().locale]
  console.error(
    lockRefusal(
      taken.line,
      folderLanguage(
        dataDir,
        system.filter((l): l is string => !!l).map((l) => l.split('.')[0]!.replace('_', '-')),
      ),
    ),
  )
  process.exit(3)
}
const lock = taken.lock

if (!values['no-build']) {
  console.log('Building the renderer (electron-vite build)…')
  let ok = false
  try {
    const require = createRequire(import.meta.url)
    const pkg = require.resolve('electron-vite/package.json')
    const bin = join(dirname(pkg), 'bin', 'electron-vite.js')
    ok = spawnSync(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' }).status === 0
  } catch (e) {
    console.warn(`Could not run electron-vite: ${(e as Error).message}`)
  }
  if (!ok)
    console.warn(
      existsSync(rendererDir) ? 'The build failed; serving the last built pages.' : 'The build failed and there are no built pages; serving placeholders.',
    )
}

const port = values.port === undefined ? 0 : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${values.port}`)
  process.exit(2)
}

const callSeconds = values['night-call-seconds'] === undefined ? undefined : Number(values['night-call-seconds'])
if (callSeconds !== undefined && !(Number.isInteger(callSeconds) && callSeconds >= 0 && callSeconds <= 600)) {
  console.error(`Not a number of seconds (0–600): ${values['night-call-seconds']}`)
  process.exit(2)
}
const host = createFileHost(dataDir, { roomPages: rendererDir, roomCallMinMs: callSeconds === undefined ? undefined : callSeconds * 1000 })
// The same port and tokens as last time where possible: pages left open reconnect by themselves.
// New tokens when asked, and when the lock was taken over from a process that is gone (whoever
// had its addresses — a crashed session, an unknown one — loses them).
const saved = loadWebAddress(dataDir)
const rotate = values['new-tokens'] || taken.tookOver
const tokens = !rotate && saved ? saved.tokens : newTokens()
const wanted = values.port === undefined ? (saved?.port ?? 0) : port
let server
try {
  server = await startWebServer({ host, rendererDir, port: wanted, tokens })
} catch (e) {
  if (wanted === port) throw e
  server = await startWebServer({ host, rendererDir, port, tokens }) // the last port is taken: any free one
}
saveWebAddress(dataDir, { port: server.port, tokens })
lock.setUrl(new URL(server.refereeUrl).origin)
process.on('exit', () => lock.release())

console.log(`Nightfall (browser mode) — data in ${dataDir}`)
console.log(`  Referee:   ${server.refereeUrl}`)
console.log(`  Projector: ${server.projectorUrl}`)
if (values.lan || values['lan-address'] !== undefined) {
  const opened = await host.invoke('openRoom', values['lan-address'] ?? null)
  const lan = host.refereeAppView().lan
  if (opened.ok) {
    console.log(`  Room on the LAN (${lan.address}) — phones and TVs on the same Wi-Fi:`)
    console.log(`    Players:   ${lan.playerUrl}`)
    if (lan.playerUrl) console.log(renderUnicodeCompact(lan.playerUrl, { border: 2 }).replace(/^/gm, '    '))
    console.log(`    TV:        ${lan.projectorUrl}  (display code on the referee page)`)
    if (lan.addresses.length > 1)
      console.log(
        `    Other addresses of this computer: ${lan.addresses.filter((a) => !lan.address?.startsWith(`${a}:`)).join(', ')} (--lan-address IP, or choose on the referee page)`,
      )
  } else console.log(`  Room on the LAN not opened: ${opened.error.message}`)
}
if (rotate && saved)
  console.log(
    `  New addresses: ${values['new-tokens'] ? '--new-tokens' : 'the lock of a process that is gone was taken over'}; pages open with the old ones no longer work.`,
  )
for (const n of host.refereeAppView().notices) console.log(`  Notice: ${n.message}`)
// The estimator's threads load the engine now, not when the setup screen asks for its first estimate.
warmEstimator()

const stop = () => {
  host.dispose()
  lock.release()
  void server.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
// npm killed (`kill <npm pid>`): no orphan serving and holding the folder.
onParentGone(() => {
  console.log('The process that started this one is gone; stopping.')
  stop()
})
