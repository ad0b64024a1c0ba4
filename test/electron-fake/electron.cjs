'use strict'
/**
 * A fake `electron` module for running the BUILT main bundle (out/main/index.js) in plain Node.
 *
 * It holds only what src/main and electron-store import (app, BrowserWindow, webContents, session,
 * ipcMain, screen, Menu, dialog) and what the built preloads import (contextBridge, ipcRenderer):
 * a member the app starts to use must be added here, or the run fails loudly. It records what the
 * main process does (`__fake.snapshot()`); `__fake` lets the driver (driver.mjs) act as a renderer,
 * a hostile frame, a display or a menu click. register.mjs maps `electron` to this file. Environment:
 *   ELECTRON_FAKE_USER_DATA        app.getPath('userData') (default: a fresh temp directory)
 *   ELECTRON_FAKE_DISPLAYS         JSON list of displays, e.g. [{"id":1},{"id":2,"x":1920}]
 *   ELECTRON_FAKE_SECOND_INSTANCE  '1': requestSingleInstanceLock() returns false
 *   ELECTRON_FAKE_LOCALE           app.getPreferredSystemLanguages()[0] (default en-US)
 */
const { EventEmitter } = require('node:events')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const vm = require('node:vm')
const { pathToFileURL } = require('node:url')

/** Deep copy through JSON: what a test sees is data, never a live object. */
const toJson = (value) =>
  JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'function' ? `[function ${item.name || 'anonymous'}]` : item)) ?? 'null')

/** An Electron-style event whose default action can be prevented. */
const makeEvent = (extra = {}) => ({
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true
  },
  ...extra,
})
/** Emit `name` with a preventable event first: `{ prevented }`, as the app's listeners left it. */
const emitPreventable = (emitter, name, extra, ...args) => {
  const event = makeEvent(extra)
  emitter.emit(name, event, ...args)
  return { prevented: event.defaultPrevented }
}

// ---- session ------------------------------------------------------------------------------------

class FakeSession {
  /** @type {Function | null} */ permissionRequestHandler = null
  /** @type {Function | null} */ permissionCheckHandler = null
  /** @type {Function | null} */ devicePermissionHandler = null
  setPermissionRequestHandler = (handler) => (this.permissionRequestHandler = handler)
  setPermissionCheckHandler = (handler) => (this.permissionCheckHandler = handler)
  setDevicePermissionHandler = (handler) => (this.devicePermissionHandler = handler)
  /** Ask the request handler as Chromium would: true/false, 'no-handler' (Electron grants) or 'no-answer'. */
  requestPermission(contents, permission) {
    const handler = this.permissionRequestHandler
    if (!handler) return Promise.resolve('no-handler')
    return new Promise((resolve) => {
      handler(contents, permission, (granted) => resolve(granted), { requestingUrl: contents.getURL() })
      setTimeout(() => resolve('no-answer'), 50)
    })
  }
  /** The check handler's answer, or 'no-handler' (Electron allows). */
  checkPermission(contents, permission) {
    const origin = new URL(contents.getURL() || 'file:///').origin
    return this.permissionCheckHandler ? this.permissionCheckHandler(contents, permission, origin, { requestingUrl: origin, isMainFrame: true }) : 'no-handler'
  }
}
const defaultSession = new FakeSession()
const PERMISSION_HANDLERS = /** @type {const} */ (['permissionRequestHandler', 'permissionCheckHandler', 'devicePermissionHandler'])
const session = { defaultSession }

// ---- webContents, frames and the renderer's side of IPC --------------------------------------

let nextId = 1

/** What `event.senderFrame` is: the main frame follows its page's URL; `parent` is null only there. */
class FakeFrame {
  routingId = nextId++
  /** @param {FakeWebContents} contents @param {FakeFrame | null} parent @param {string | undefined} fixedUrl */
  constructor(contents, parent = null, fixedUrl = undefined) {
    this.contents = contents
    this.parent = parent
    this.fixedUrl = fixedUrl
  }
  get url() {
    return this.fixedUrl ?? this.contents.getURL()
  }
}

class FakeWebContents extends EventEmitter {
  id = nextId++
  session = defaultSession
  url = ''
  sent = []
  /** @type {Function | null} */ windowOpenHandler = null
  destroyed = false
  /** What the preload exposed with contextBridge: the page's `window.<key>`. */
  mainWorld = {}
  /** The renderer's end: what the page's ipcRenderer hears. */
  renderer = new EventEmitter()
  mainFrame = new FakeFrame(this)
  getURL = () => this.url
  isDestroyed = () => this.destroyed
  setWindowOpenHandler = (handler) => (this.windowOpenHandler = handler)
  printToPDF = async () => Buffer.from('%PDF-1.4\n%%EOF\n')
  print = (_options, callback) => callback?.(true, '')
  /** Values cross to the page as structured clones, delivered on a later turn. */
  send(channel, ...args) {
    if (this.destroyed) throw new Error('Object has been destroyed')
    const copy = structuredClone(args)
    this.sent.push({ channel, args: toJson(copy) })
    setImmediate(() => this.renderer.emit(channel, {}, ...copy))
  }

  // ----- the driver's side -----
  /** An <iframe> of the page (default: at the page's own URL). */
  childFrame = (url) => new FakeFrame(this, this.mainFrame, url)
  /** Emit a preventable navigation event ('will-navigate', 'will-redirect'): was it prevented? */
  tryNavigation = (eventName, url) => emitPreventable(this, eventName, { url, isMainFrame: true }, url, false, true)
  /** window.open(): the handler's answer ('allow' when none is set, as in Electron). */
  tryWindowOpen(url) {
    if (!this.windowOpenHandler) return { action: 'allow', handler: false }
    return { ...toJson(this.windowOpenHandler({ url, frameName: '', features: '', disposition: 'new-window' })), handler: true }
  }
  tryAttachWebview = (src) => emitPreventable(this, 'will-attach-webview', {}, {}, { src })
  destroy() {
    if (this.destroyed) return
    this.destroyed = true
    this.emit('destroyed')
  }
}

// ---- app -----------------------------------------------------------------------------------------

/** The app's package.json, where the app runs from (none: {}). */
const packageJson = () => (fs.existsSync('package.json') ? JSON.parse(fs.readFileSync('package.json', 'utf8')) : {})
let userDataDir = process.env.ELECTRON_FAKE_USER_DATA

class FakeApp extends EventEmitter {
  ready = false
  quitCalls = 0
  /** @type {number | null} */ exitCode = null
  /** @type {boolean | null} */ singleInstanceLock = null
  /** @type {(value: unknown) => void} */ resolveReady = () => {}
  isPackaged = false
  readyPromise = new Promise((resolve) => (this.resolveReady = resolve))
  whenReady = () => this.readyPromise
  requestSingleInstanceLock = () => (this.singleInstanceLock = process.env.ELECTRON_FAKE_SECOND_INSTANCE !== '1')
  /** Like Electron: 'before-quit' (which may prevent it), then 'will-quit' and 'quit'. */
  quit() {
    this.quitCalls += 1
    if (emitPreventable(this, 'before-quit').prevented) return
    this.emit('will-quit', makeEvent())
    this.emit('quit', makeEvent(), 0)
  }
  exit = (code = 0) => (this.exitCode = code)
  getVersion = () => packageJson().version ?? '0.0.0'
  getPreferredSystemLanguages = () => [process.env.ELECTRON_FAKE_LOCALE ?? 'en-US']
  getPath(name) {
    userDataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'electron-fake-userdata-'))
    const dir = name === 'userData' ? userDataDir : path.join(userDataDir, `fake-${name}`)
    fs.mkdirSync(dir, { recursive: true })
    return dir
  }
  /** What Electron does once the main script has run. */
  emitReady() {
    if (this.ready) return
    this.ready = true
    this.emit('ready', makeEvent(), {})
    this.resolveReady(undefined)
  }
}
const app = new FakeApp()

// ---- BrowserWindow -------------------------------------------------------------------------------

const allWindows = []
let focusedWindow = null
/** 'window-all-closed' comes once, when the last window goes. */
let allClosedEmitted = false

class FakeBrowserWindow extends EventEmitter {
  static getAllWindows = () => allWindows.filter((window) => !window.destroyed)

  constructor(options = {}) {
    super()
    this.id = nextId++
    this.options = toJson(options)
    this.loads = []
    this.destroyed = false
    this.visible = options.show !== false
    this.fullScreen = options.fullscreen === true
    this.minimized = false
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 }
    this.webContents = new FakeWebContents()
    allWindows.push(this)
    allClosedEmitted = false
    app.emit('web-contents-created', makeEvent(), this.webContents)
  }
  loadFile = (filePath) => this.#load({ kind: 'file', path: path.resolve(filePath) }, pathToFileURL(path.resolve(filePath)).href)
  loadURL = (url) => this.#load({ kind: 'url', url }, url)
  #load(entry, url) {
    this.loads.push(entry)
    this.webContents.url = url
    return new Promise((/** @type {(value?: unknown) => void} */ resolve) =>
      setImmediate(() => {
        if (!this.destroyed) {
          this.webContents.emit('did-finish-load', makeEvent())
          this.emit('ready-to-show', makeEvent())
        }
        resolve()
      }),
    )
  }
  show() {
    this.visible = true
    focusedWindow = this
  }
  showInactive = () => (this.visible = true)
  focus = () => (focusedWindow = this)
  restore = () => (this.minimized = false)
  isMinimized = () => this.minimized
  /** Emits 'enter-full-screen' / 'leave-full-screen' when the state changes, as Electron does. */
  setFullScreen(flag) {
    if (Boolean(flag) === this.fullScreen) return
    this.fullScreen = Boolean(flag)
    this.emit(this.fullScreen ? 'enter-full-screen' : 'leave-full-screen')
  }
  isFullScreen = () => this.fullScreen
  setBounds = (bounds) => (this.bounds = { ...this.bounds, ...bounds })
  getBounds = () => ({ ...this.bounds })
  isDestroyed = () => this.destroyed
  close() {
    if (!this.destroyed && !emitPreventable(this, 'close').prevented) this.destroy()
  }
  destroy() {
    if (this.destroyed) return
    this.destroyed = true
    this.visible = false
    if (focusedWindow === this) focusedWindow = null
    this.webContents.destroy()
    this.emit('closed')
    if (FakeBrowserWindow.getAllWindows().length === 0 && !allClosedEmitted) {
      allClosedEmitted = true
      app.emit('window-all-closed')
    }
  }
}

// ---- ipcMain -------------------------------------------------------------------------------------

/** What a main-process IPC listener is given: the sending web contents and frame. */
const ipcEvent = (sender, frame) => ({ sender, senderFrame: frame, processId: 1, frameId: frame.routingId })

class FakeIpcMain extends EventEmitter {
  handlers = new Map()
  handle(channel, handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  /** `ipcRenderer.invoke` from `frame` of `sender` (default: its main frame). Arguments and result are cloned. */
  async invokeFrom(channel, sender, frame = sender.mainFrame, ...args) {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`)
    try {
      return structuredClone(await handler(ipcEvent(sender, frame), ...structuredClone(args)))
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  /** `ipcRenderer.send` from `frame` of `sender`. */
  sendFrom(channel, sender, frame = sender.mainFrame, ...args) {
    this.emit(channel, ipcEvent(sender, frame), ...structuredClone(args))
  }
}
const ipcMain = new FakeIpcMain()

// ---- preloads: the renderer's electron, loaded like a sandbox does ------------------------------

/** The `electron` module as a sandboxed preload bound to `contents` sees it. */
function rendererElectronFor(contents) {
  return {
    contextBridge: {
      exposeInMainWorld(key, api) {
        if (key in contents.mainWorld) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`)
        contents.mainWorld[key] = api
      },
    },
    ipcRenderer: {
      invoke: (channel, ...args) => ipcMain.invokeFrom(channel, contents, contents.mainFrame, ...args),
      send: (channel, ...args) => ipcMain.sendFrom(channel, contents, contents.mainFrame, ...args),
      // What the page's listeners hear: what the main process sent this web contents.
      ...Object.fromEntries(['on', 'once', 'removeListener'].map((name) => [name, (channel, listener) => contents.renderer[name](channel, listener)])),
    },
  }
}

/** Modules a sandboxed preload may require besides electron. */
const SANDBOX_MODULES = new Set(['events', 'timers', 'url', 'node:events', 'node:timers', 'node:url'])

/**
 * Run a built preload as a sandboxed renderer does: a CommonJS script whose `require` knows only
 * electron, events, timers and url. An ES-module preload, or one that requires anything else (fs, a
 * chunk, a package), fails here as it would in Electron.
 */
function loadPreload(contents, preloadPath) {
  const sandboxRequire = (id) => {
    if (id === 'electron' || id === 'electron/renderer') return rendererElectronFor(contents)
    if (SANDBOX_MODULES.has(id)) return require(id)
    throw new Error(`module not found: ${id} (a sandboxed preload can only require electron, events, timers, url)`)
  }
  const module = { exports: {} }
  const wrapper = vm.compileFunction(fs.readFileSync(preloadPath, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname', 'process'], {
    filename: preloadPath,
  })
  const sandboxProcess = {
    platform: process.platform,
    versions: { ...process.versions, electron: '45.5.0' },
    env: {},
    type: 'renderer',
    sandboxed: true,
    contextIsolated: true,
  }
  wrapper(module.exports, sandboxRequire, module, preloadPath, path.dirname(preloadPath), sandboxProcess)
  return contents.mainWorld
}

// ---- screen --------------------------------------------------------------------------------------

function makeDisplay({ id, x = 0, y = 0, width = 1920, height = 1080 }) {
  const bounds = { x, y, width, height }
  return { id, bounds, workArea: { ...bounds }, size: { width, height }, scaleFactor: 1 }
}

class FakeScreen extends EventEmitter {
  displays = JSON.parse(process.env.ELECTRON_FAKE_DISPLAYS || '[{"id":1}]').map(makeDisplay)
  getAllDisplays = () => structuredClone(this.displays)
  getPrimaryDisplay = () => structuredClone(this.displays[0])
  getDisplayNearestPoint(point) {
    const inside = this.displays.find(({ bounds: b }) => point.x >= b.x && point.x < b.x + b.width && point.y >= b.y && point.y < b.y + b.height)
    return structuredClone(inside ?? this.displays[0])
  }
  getDisplayMatching = (rect) => this.getDisplayNearestPoint({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 })
  /** Plug in a display (`{ id, x, y, width, height }`): 'display-added'. */
  addDisplay(spec) {
    const display = makeDisplay(spec)
    this.displays.push(display)
    this.emit('display-added', makeEvent(), structuredClone(display))
  }
  /** Unplug a display by id: 'display-removed'. */
  removeDisplay(id) {
    const index = this.displays.findIndex((display) => display.id === id)
    if (index < 0) throw new Error(`electron fake: no display ${id}`)
    const [display] = this.displays.splice(index, 1)
    this.emit('display-removed', makeEvent(), structuredClone(display))
  }
}
const screen = new FakeScreen()

// ---- Menu and dialog -----------------------------------------------------------------------------

let applicationMenu = null
class FakeMenu {
  constructor(items) {
    this.items = items
  }
  static buildFromTemplate = (template) =>
    new FakeMenu(template.map((item) => ({ ...item, submenu: item.submenu && FakeMenu.buildFromTemplate(item.submenu) })))
  static setApplicationMenu = (menu) => (applicationMenu = menu)
  getMenuItemById(id) {
    for (const item of this.items) {
      const found = item.id === id ? item : item.submenu?.getMenuItemById(id)
      if (found) return found
    }
    return null
  }
  /** Labels (or roles) as a tree, with ids, accelerators and disabled marks. */
  describe() {
    return this.items.map((item) => ({
      label: item.label ?? item.role ?? item.type ?? '',
      ...(item.id ? { id: item.id } : {}),
      ...(item.accelerator ? { accelerator: item.accelerator } : {}),
      ...(item.enabled === false ? { enabled: false } : {}),
      ...(item.submenu ? { submenu: item.submenu.describe() } : {}),
    }))
  }
}

/** @type {{ showSaveDialog: { canceled: boolean; filePath: string }[] }} Answers for dialogs, queued by tests; by default the user cancels. */
const dialogAnswers = { showSaveDialog: [] }
const dialog = {
  /** @type {{ method: string; options: unknown }[]} */ calls: [],
  async showSaveDialog(...args) {
    dialog.calls.push({ method: 'showSaveDialog', options: toJson(args.find((arg) => arg && !(arg instanceof FakeBrowserWindow)) ?? {}) })
    return dialogAnswers.showSaveDialog.shift() ?? { canceled: true, filePath: '' }
  },
  showErrorBox(title, content) {
    dialog.calls.push({ method: 'showErrorBox', options: { title, content } })
  },
}

// Main-process code that imports renderer modules gets a renderer attached to no window: the
// driver's "stranger", a web contents that belongs to no window.
const detachedRenderer = new FakeWebContents()
const { contextBridge, ipcRenderer } = rendererElectronFor(detachedRenderer)

// ---- the test controller -------------------------------------------------------------------------

const fake = {
  ...{ app, screen, ipcMain, dialog, detachedRenderer, loadPreload },
  /** Let pending setImmediate work (loads, IPC deliveries) run. */
  async flush(rounds = 3) {
    for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setImmediate(resolve))
  },
  /** Click the application menu's item `id` with the mouse, as Electron calls `click(item, window, event)`. */
  clickMenuItem(id) {
    const item = applicationMenu?.getMenuItemById(id)
    if (!item) throw new Error(`electron fake: the application menu has no item ${id}`)
    if (item.enabled === false) return { clicked: false, reason: 'disabled' }
    item.click(item, focusedWindow ?? undefined, { triggeredByAccelerator: false })
    return { clicked: true }
  },
  queueDialogAnswer: (method, answer) => dialogAnswers[method].push(answer),
  /** A JSON-safe picture of what the main process has done so far. */
  snapshot() {
    return toJson({
      app: { ready: app.ready, quitCalls: app.quitCalls, exitCode: app.exitCode, singleInstanceLock: app.singleInstanceLock, listeners: app.eventNames() },
      windows: allWindows.map(({ id, options, loads, visible, destroyed, fullScreen, bounds, webContents: contents }) => ({
        ...{ id, options, loads, visible, destroyed, fullScreen, bounds },
        webContents: {
          ...{ id: contents.id, url: contents.url, sent: contents.sent, hasWindowOpenHandler: contents.windowOpenHandler !== null },
          mainWorld: Object.keys(contents.mainWorld),
          api: Object.fromEntries(Object.entries(contents.mainWorld).map(([key, api]) => [key, Object.keys(api ?? {})])),
        },
      })),
      ipcMain: { handlers: [...ipcMain.handlers.keys()], listeners: ipcMain.eventNames() },
      sessions: [{ partition: '', ...Object.fromEntries(PERMISSION_HANDLERS.map((handler) => [handler, defaultSession[handler] !== null])) }],
      screen: { displays: screen.displays.map(({ id, bounds }) => ({ id, bounds })), listeners: screen.eventNames() },
      applicationMenu: applicationMenu ? applicationMenu.describe() : null,
      dialog: dialog.calls,
    })
  },
}

module.exports = { app, BrowserWindow: FakeBrowserWindow, ipcMain, session, screen, Menu: FakeMenu, dialog, contextBridge, ipcRenderer, __fake: fake }
