/**
 * The child half of run.ts (`node --import ./register.mjs driver.mjs <main bundle>`): boots the
 * bundle — `ready`, the windows' loads, each preload as a sandboxed renderer loads it, a probe of
 * every window (navigation, redirect, window.open, <webview>, permissions, every ipcMain handler
 * called with no arguments) — sends `{ started }`, then answers each request `{ id, op, args }`
 * (`OPS`, typed in run.ts) once pending work has settled, over the process's IPC channel.
 */
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import * as electron from 'electron'

/** `electron` is the fake here (register.mjs maps it): typed as what electron.cjs exports. */
const { __fake: fake, BrowserWindow } = /** @type {typeof import('./electron.cjs')} */ (/** @type {unknown} */ (electron))

/** The parent's IPC channel (run.ts forks this file with one). */
const send = process.send?.bind(process)
if (!send) throw new Error('driver.mjs runs as a child process with an IPC channel (see run.ts).')

const PERMISSIONS = ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen', 'clipboard-read', 'display-capture', 'hid', 'serial', 'usb']
const HOSTILE_URL = 'https://attacker.example/'

/** @type {{ where: string; error: string }[]} */
const errors = []
const describeError = (error) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
process.on('uncaughtException', (error) => errors.push({ where: 'uncaughtException', error: describeError(error) }))
process.on('unhandledRejection', (error) => errors.push({ where: 'unhandledRejection', error: describeError(error) }))

const settle = () => fake.flush(5)

/** The open window whose preload exposed `window.<page>`. */
function windowOf(page) {
  const window = BrowserWindow.getAllWindows().find((candidate) => page in candidate.webContents.mainWorld)
  if (!window) throw new Error(`no open window exposes window.${page}`)
  return window
}

/** Where a raw IPC message comes from: `referee` (its main frame), `referee/subframe` or `stranger`. */
function source(from) {
  if (from === 'stranger') return { contents: fake.detachedRenderer, frame: fake.detachedRenderer.mainFrame }
  const [page, part] = from.split('/')
  const contents = windowOf(page).webContents
  if (part === undefined) return { contents, frame: contents.mainFrame }
  if (part === 'subframe') return { contents, frame: contents.childFrame() }
  throw new Error(`unknown IPC source ${from}`)
}

async function probe(window) {
  const contents = window.webContents
  const permissions = { request: {}, check: {} }
  for (const permission of PERMISSIONS) {
    permissions.request[permission] = await contents.session.requestPermission(contents, permission)
    permissions.check[permission] = contents.session.checkPermission(contents, permission)
  }
  const ipc = {}
  for (const channel of fake.ipcMain.handlers.keys()) {
    try {
      ipc[channel] = { ok: true, value: await fake.ipcMain.invokeFrom(channel, contents) }
    } catch (error) {
      ipc[channel] = { ok: false, error: describeError(error) }
    }
  }
  return {
    id: window.id,
    globals: Object.keys(contents.mainWorld),
    navigation: contents.tryNavigation('will-navigate', HOSTILE_URL),
    redirect: contents.tryNavigation('will-redirect', HOSTILE_URL),
    windowOpen: contents.tryWindowOpen(HOSTILE_URL),
    webview: contents.tryAttachWebview(HOSTILE_URL),
    permissions,
    ipc,
  }
}

/** What each subscription (`referee.onView`, …) has received. */
const received = {}

const OPS = {
  call: async (page, method, args) => (await windowOf(page).webContents.mainWorld[page][method](...args)) ?? null,
  subscribe: (page, method) => {
    const list = (received[`${page}.${method}`] = [])
    const unsubscribe = windowOf(page).webContents.mainWorld[page][method]((payload) => list.push(payload))
    if (typeof unsubscribe !== 'function') throw new Error(`${page}.${method} returned no unsubscribe function`)
  },
  received: (page, method) => received[`${page}.${method}`] ?? null,
  invoke: async (from, channel, args) => {
    const { contents, frame } = source(from)
    return (await fake.ipcMain.invokeFrom(channel, contents, frame, ...args)) ?? null
  },
  ipcSend: (from, channel, args) => {
    const { contents, frame } = source(from)
    fake.ipcMain.sendFrom(channel, contents, frame, ...args)
  },
  menu: (id) => fake.clickMenuItem(id),
  close: (page) => windowOf(page).close(),
  fullScreen: (page, flag) => windowOf(page).setFullScreen(flag),
  addDisplay: (spec) => void fake.screen.addDisplay(spec),
  removeDisplay: (id) => void fake.screen.removeDisplay(id),
  sent: () => Object.fromEntries(BrowserWindow.getAllWindows().flatMap(({ webContents: c }) => Object.keys(c.mainWorld).map((page) => [page, c.sent.length]))),
  snapshot: () => fake.snapshot(),
  stop: () => ({ errors, final: fake.snapshot() }),
}

async function boot(main) {
  /** @type {{ startup: unknown; preloads: { window: number; preload: string; ok: boolean; error?: string }[]; probes: unknown[] }} */
  const started = { startup: null, preloads: [], probes: [] }
  await import(pathToFileURL(resolve(main)).href)
  fake.app.emitReady()
  await settle()
  started.startup = fake.snapshot()
  for (const window of BrowserWindow.getAllWindows()) {
    const preload = window.options.webPreferences?.preload
    if (!preload) continue
    try {
      fake.loadPreload(window.webContents, preload)
      started.preloads.push({ window: window.id, preload, ok: true })
    } catch (error) {
      started.preloads.push({ window: window.id, preload, ok: false, error: describeError(error) })
      errors.push({ where: `preload of window ${window.id}`, error: describeError(error) })
    }
  }
  for (const window of BrowserWindow.getAllWindows()) started.probes.push(await probe(window))
  return started
}

process.on('message', async ({ id, op, args }) => {
  const answer = await (async () => OPS[op](...args))().then(
    (value) => ({ id, ok: true, value: value ?? null }),
    (error) => ({ id, ok: false, error: describeError(error) }),
  )
  await settle()
  send(answer, () => op === 'stop' && process.exit(errors.length > 0 ? 1 : 0))
})

try {
  send({ started: await boot(process.argv[2]) })
} catch (error) {
  errors.push({ where: 'boot', error: describeError(error) })
  send({ started: null, errors })
}
