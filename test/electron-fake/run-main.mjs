/**
 * Boots the BUILT main bundle against the fake `electron` and prints what it did, as JSON.
 *
 *   node --import ./test/electron-fake/register.mjs test/electron-fake/run-main.mjs \
 *     [--main out/main/index.js] [step …]
 *
 * 1. imports the bundle, emits `ready`, lets windows load;
 * 2. loads each window's preload the way a sandboxed renderer would (fake.loadPreload);
 * 3. probes every window: navigation, redirect, window.open, <webview>, permission requests and
 *    checks, and invoking every ipcMain handler from that window with no arguments;
 * 4. runs the steps, in order:
 *      --call <global>.<method>[=<json array of args>]   call a preload API the page would call
 *      --subscribe <global>.<method>                      pass it a recording callback
 *      --send <global> <channel> <json>                   webContents.send to that page
 *      --add-display <json>  /  --remove-display <id>     plug / unplug a screen
 *      --close <global>                                   close that page's window
 *      --invoke <from> <channel> <json array of args>     raw ipcRenderer.invoke, as a hostile page could
 *      --ipc-send <from> <channel> <json array of args>   raw ipcRenderer.send
 *      --menu <id>                                        click the application menu's item <id>
 *      --fullscreen <global> <true|false>                 the window enters/leaves full screen (e.g. the OS)
 *    (<global> names a window by what its preload exposes: `referee` for window.referee; <from> is a
 *    <global> (its main frame), `<global>/subframe` (an <iframe> of that page, same URL), or
 *    `stranger` (a web contents that belongs to no window)). After each step, `sent` counts the
 *    messages each window has been sent so far;
 * 5. prints one line `@@ELECTRON_FAKE_REPORT@@ {…}` and exits 0, or 1 if anything threw.
 */
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { __fake as fake, BrowserWindow } from 'electron'

export const REPORT_MARKER = '@@ELECTRON_FAKE_REPORT@@'

const PERMISSIONS = [
  'media',
  'geolocation',
  'notifications',
  'openExternal',
  'fullscreen',
  'clipboard-read',
  'display-capture',
  'hid',
  'serial',
  'usb',
]
const HOSTILE_URL = 'https://attacker.example/'

const errors = []
const describeError = (error) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
process.on('uncaughtException', (error) => errors.push({ where: 'uncaughtException', error: describeError(error) }))
process.on('unhandledRejection', (error) => errors.push({ where: 'unhandledRejection', error: describeError(error) }))

function parseArgs(argv) {
  const options = { main: 'out/main/index.js', steps: [] }
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]
    const next = () => {
      const value = argv[++i]
      if (value === undefined) throw new Error(`${arg} needs a value`)
      return value
    }
    if (arg === '--main') options.main = next()
    else if (arg === '--send')
      options.steps.push({ kind: 'send', target: next(), channel: next(), payload: JSON.parse(next()) })
    else if (arg === '--invoke' || arg === '--ipc-send')
      options.steps.push({ kind: arg.slice(2), target: next(), channel: next(), args: JSON.parse(next()) })
    else if (arg === '--menu') options.steps.push({ kind: 'menu', target: next() })
    else if (arg === '--fullscreen') options.steps.push({ kind: 'fullscreen', target: next(), flag: next() === 'true' })
    else if (['--call', '--subscribe', '--close', '--add-display', '--remove-display'].includes(arg)) {
      options.steps.push({ kind: arg.slice(2), target: next() })
    } else throw new Error(`unknown argument ${arg}`)
  }
  return options
}

async function settle() {
  await fake.flush(5)
}

function windowExposing(globalName) {
  const window = BrowserWindow.getAllWindows().find((candidate) => globalName in candidate.webContents.mainWorld)
  if (!window) throw new Error(`no open window exposes window.${globalName}`)
  return window
}

/** The web contents and frame a raw IPC message comes from: `referee`, `referee/subframe` or `stranger`. */
function ipcSource(from) {
  if (from === 'stranger') return { contents: fake.detachedRenderer, frame: fake.detachedRenderer.mainFrame }
  const [globalName, part] = from.split('/')
  const contents = windowExposing(globalName).webContents
  if (part === undefined) return { contents, frame: contents.mainFrame }
  if (part === 'subframe') return { contents, frame: contents.createChildFrame() }
  throw new Error(`unknown IPC source ${from}`)
}

/** How many messages each window (by the global its preload exposes) has been sent so far. */
function sentCounts() {
  const counts = {}
  for (const window of BrowserWindow.getAllWindows()) {
    for (const globalName of Object.keys(window.webContents.mainWorld)) counts[globalName] = window.webContents.sent.length
  }
  return counts
}

function apiMethod(target) {
  const match = /^([\w$]+)\.([\w$]+)(?:=(.*))?$/s.exec(target)
  if (!match) throw new Error(`expected <global>.<method>[=<json args>], got ${target}`)
  const [, globalName, method, rawArgs] = match
  const api = windowExposing(globalName).webContents.mainWorld[globalName]
  if (typeof api[method] !== 'function') throw new Error(`window.${globalName}.${method} is not a function`)
  return { call: (...args) => api[method](...args), args: rawArgs ? JSON.parse(rawArgs) : [] }
}

async function probeWindow(window) {
  const contents = window.webContents
  const permissions = { request: {}, check: {} }
  for (const permission of PERMISSIONS) {
    permissions.request[permission] = await contents.session.simulatePermissionRequest(contents, permission, {
      requestingUrl: contents.getURL(),
    })
    permissions.check[permission] = contents.session.simulatePermissionCheck(
      contents,
      permission,
      new URL(contents.getURL() || 'file:///').origin,
    )
  }
  const ipc = {}
  for (const channel of fake.ipcMain.handlers.keys()) {
    try {
      ipc[channel] = { ok: true, value: await fake.ipcMain.simulateInvoke(channel, contents) }
    } catch (error) {
      ipc[channel] = { ok: false, error: describeError(error) }
    }
  }
  return {
    id: window.id,
    globals: Object.keys(contents.mainWorld),
    navigation: contents.simulateNavigation(HOSTILE_URL),
    redirect: contents.simulateRedirect(HOSTILE_URL),
    windowOpen: contents.simulateWindowOpen(HOSTILE_URL),
    webview: contents.simulateAttachWebview(HOSTILE_URL),
    permissions,
    ipc,
  }
}

async function runStep(step, subscriptions) {
  switch (step.kind) {
    case 'call': {
      const { call, args } = apiMethod(step.target)
      return { value: (await call(...args)) ?? null }
    }
    case 'subscribe': {
      const received = []
      const { call } = apiMethod(step.target)
      const unsubscribe = call((payload) => received.push(payload))
      subscriptions.push({ target: step.target, received })
      return { returnedUnsubscribe: typeof unsubscribe === 'function' }
    }
    case 'send':
      windowExposing(step.target).webContents.send(step.channel, step.payload)
      return {}
    case 'close':
      windowExposing(step.target).close()
      return {}
    case 'invoke': {
      const { contents, frame } = ipcSource(step.target)
      return { value: (await fake.ipcMain.simulateInvokeFromFrame(step.channel, contents, frame, ...step.args)) ?? null }
    }
    case 'ipc-send': {
      const { contents, frame } = ipcSource(step.target)
      fake.ipcMain.simulateSendFromFrame(step.channel, contents, frame, ...step.args)
      return {}
    }
    case 'menu':
      return fake.clickMenuItem(step.target)
    case 'fullscreen':
      windowExposing(step.target).setFullScreen(step.flag)
      return {}
    case 'add-display':
      return { display: fake.screen.addDisplay(JSON.parse(step.target)).id }
    case 'remove-display':
      return { display: fake.screen.removeDisplay(Number(step.target)).id }
    default:
      throw new Error(`unknown step ${step.kind}`)
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const report = { errors, startup: null, preloads: [], probes: [], steps: [], subscriptions: [], final: null }
  try {
    await import(pathToFileURL(resolve(options.main)).href)
    fake.app.emitReady()
    await settle()
    report.startup = fake.snapshot()

    for (const window of BrowserWindow.getAllWindows()) {
      const preload = window.options.webPreferences?.preload
      if (!preload) continue
      try {
        fake.loadPreload(window.webContents, preload)
        report.preloads.push({ window: window.id, preload, ok: true })
      } catch (error) {
        report.preloads.push({ window: window.id, preload, ok: false, error: describeError(error) })
        errors.push({ where: `preload of window ${window.id}`, error: describeError(error) })
      }
    }

    for (const window of BrowserWindow.getAllWindows()) report.probes.push(await probeWindow(window))

    const subscriptions = []
    for (const step of options.steps) {
      let result
      try {
        result = { ...step, ok: true, ...(await runStep(step, subscriptions)) }
      } catch (error) {
        result = { ...step, ok: false, error: describeError(error) }
      }
      await settle()
      report.steps.push({ ...result, sent: sentCounts() })
    }
    report.subscriptions = subscriptions
  } catch (error) {
    errors.push({ where: 'run-main', error: describeError(error) })
  }
  await settle()
  report.final = fake.snapshot()
  process.stdout.write(`\n${REPORT_MARKER} ${JSON.stringify(report)}\n`)
  process.exit(errors.length > 0 ? 1 : 0)
}

await main()
