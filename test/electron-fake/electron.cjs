'use strict'
/**
 * A fake `electron` module for running the BUILT main bundle (out/main/index.js) in plain Node.
 *
 * It holds only what src/main and electron-store import (app, BrowserWindow, webContents, session,
 * ipcMain, screen, Menu, dialog) and what the built preloads import (contextBridge, ipcRenderer):
 * a member the app starts to use must be added here, or the run fails loudly. It records what the
 * main process does (windows and their options, loads, IPC handlers, what each page was sent,
 * permission handlers, the menu, dialogs, full screen); `__fake` lets the driver (driver.mjs) act
 * as a renderer, a hostile frame, a display or a menu click.
 *
 * Loaded through register.mjs, which maps `electron` to this file for `import` and `require`.
 *
 * Environment:
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

// ---- session ------------------------------------------------------------------------------------

class FakeSession {
  constructor(partition) {
    this.partition = partition
    this.permissionRequestHandler = null
    this.permissionCheckHandler = null
    this.devicePermissionHandler = null
  }
  setPermissionRequestHandler(handler) {
    this.permissionRequestHandler = handler
  }
  setPermissionCheckHandler(handler) {
    this.permissionCheckHandler = handler
  }
  setDevicePermissionHandler(handler) {
    this.devicePermissionHandler = handler
  }
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
const defaultSession = new FakeSession('')
const session = { defaultSession }

// ---- webContents, frames and the renderer's side of IPC --------------------------------------

let nextId = 1

/** What `event.senderFrame` is: the main frame follows its page's URL; `parent` is null only there. */
class FakeFrame {
  /**
   * @param {FakeWebContents} contents
   * @param {FakeFrame | null} parent
   * @param {string | undefined} url
   */
  constructor(contents, parent = null, url = undefined) {
    this.contents = contents
    this.parent = parent
    this.fixedUrl = url
    this.routingId = nextId++
  }
  get url() {
    return this.fixedUrl ?? this.contents.getURL()
  }
  get top() {
    return this.parent ? this.parent.top : this
  }
}

class FakeWebContents extends EventEmitter {
  constructor() {
    super()
    this.id = nextId++
    this.session = defaultSession
    this.url = ''
    this.sent = []
    this.windowOpenHandler = null
    this.destroyed = false
    /** What the preload exposed with contextBridge: the page's `window.<key>`. */
    this.mainWorld = {}
    /** The renderer's end: what the page's ipcRenderer hears. */
    this.renderer = new EventEmitter()
    this.mainFrame = new FakeFrame(this)
  }
  getURL() {
    return this.url
  }
  isDestroyed() {
    return this.destroyed
  }
  /** Values cross to the page as structured clones, delivered on a later turn. */
  send(channel, ...args) {
    if (this.destroyed) throw new Error('Object has been destroyed')
    const copy = structuredClone(args)
    this.sent.push({ channel, args: toJson(copy) })
    setImmediate(() => this.renderer.emit(channel, {}, ...copy))
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
  async printToPDF() {
    return Buffer.from('%PDF-1.4\n%%EOF\n')
  }
  print(_options, callback) {
    callback?.(true, '')
  }

  // ----- the driver's side -----
  /** An <iframe> of the page (default: at the page's own URL). */
  childFrame(url) {
    return new FakeFrame(this, this.mainFrame, url)
  }
  /** Emit a preventable navigation event ('will-navigate', 'will-redirect'): was it prevented? */
  tryNavigation(eventName, url) {
    const event = makeEvent({ url, isMainFrame: true })
    this.emit(eventName, event, url, false, true)
    return { prevented: event.defaultPrevented }
  }
  /** window.open(): the handler's answer ('allow' when none is set, as in Electron). */
  tryWindowOpen(url) {
    if (!this.windowOpenHandler) return { action: 'allow', handler: false }
    return { ...toJson(this.windowOpenHandler({ url, frameName: '', features: '', disposition: 'new-window' })), handler: true }
  }
  tryAttachWebview(src) {
    const event = makeEvent()
    this.emit('will-attach-webview', event, {}, { src })
    return { prevented: event.defaultPrevented }
  }
  destroy() {
    if (this.destroyed) return
    this.destroyed = true
    this.emit('destroyed')
  }
}

// ---- app -----------------------------------------------------------------------------------------

const packageJson = () => {
  try {
    return JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'))
  } catch {
    return {}
  }
}
let userDataDir = process.env.ELECTRON_FAKE_USER_DATA

class FakeApp extends EventEmitter {
  constructor() {
    super()
    this.ready = false
    this.quitCalls = 0
    this.exitCode = null
    this.singleInstanceLock = null
    this.isPackaged = false
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve))
  }
  whenReady() {
    return this.readyPromise
  }
  requestSingleInstanceLock() {
    this.singleInstanceLock = process.env.ELECTRON_FAKE_SECOND_INSTANCE !== '1'
    return this.singleInstanceLock
  }
  /** Like Electron: 'before-quit' (which may prevent it), then 'will-quit' and 'quit'. */
  quit() {
    this.quitCalls += 1
    const event = makeEvent()
    this.emit('before-quit', event)
    if (event.defaultPrevented) return
    this.emit('will-quit', makeEvent())
    this.emit('quit', makeEvent(), 0)
  }
  exit(code = 0) {
    this.exitCode = code
  }
  getVersion() {
    return packageJson().version ?? '0.0.0'
  }
  getPreferredSystemLanguages() {
    return [process.env.ELECTRON_FAKE_LOCALE ?? 'en-US']
  }
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
  static getAllWindows() {
    return allWindows.filter((window) => !window.destroyed)
  }

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
  loadFile(filePath) {
    const file = path.resolve(filePath)
    return this.#load({ kind: 'file', path: file }, pathToFileURL(file).href)
  }
  loadURL(url) {
    return this.#load({ kind: 'url', url }, url)
  }
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
  showInactive() {
    this.visible = true
  }
  focus() {
    focusedWindow = this
  }
  restore() {
    this.minimized = false
  }
  isMinimized() {
    return this.minimized
  }
  /** Emits 'enter-full-screen' / 'leave-full-screen' when the state changes, as Electron does. */
  setFullScreen(flag) {
    if (Boolean(flag) === this.fullScreen) return
    this.fullScreen = Boolean(flag)
    this.emit(this.fullScreen ? 'enter-full-screen' : 'leave-full-screen')
  }
  isFullScreen() {
    return this.fullScreen
  }
  setBounds(bounds) {
    this.bounds = { ...this.bounds, ...bounds }
  }
  getBounds() {
    return { ...this.bounds }
  }
  isDestroyed() {
    return this.destroyed
  }
  close() {
    if (this.destroyed) return
    const event = makeEvent()
    this.emit('close', event)
    if (!event.defaultPrevented) this.destroy()
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

class FakeIpcMain extends EventEmitter {
  constructor() {
    super()
    this.handlers = new Map()
  }
  handle(channel, handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  /** `ipcRenderer.invoke` from `frame` of `sender` (default: its main frame). Arguments and result are cloned. */
  async invokeFrom(channel, sender, frame = sender.mainFrame, ...args) {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`)
    const event = { sender, senderFrame: frame, processId: 1, frameId: frame.routingId }
    try {
      return structuredClone(await handler(event, ...structuredClone(args)))
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  /** `ipcRenderer.send` from `frame` of `sender`. */
  sendFrom(channel, sender, frame = sender.mainFrame, ...args) {
    this.emit(channel, { sender, senderFrame: frame, processId: 1, frameId: frame.routingId }, ...structuredClone(args))
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
      on: (channel, listener) => contents.renderer.on(channel, listener),
      once: (channel, listener) => contents.renderer.once(channel, listener),
      removeListener: (channel, listener) => contents.renderer.removeListener(channel, listener),
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
  constructor() {
    super()
    const fromEnv = process.env.ELECTRON_FAKE_DISPLAYS
    this.displays = (fromEnv ? JSON.parse(fromEnv) : [{ id: 1 }]).map(makeDisplay)
  }
  getAllDisplays() {
    return structuredClone(this.displays)
  }
  getPrimaryDisplay() {
    return structuredClone(this.displays[0])
  }
  getDisplayNearestPoint(point) {
    const inside = this.displays.find(({ bounds: b }) => point.x >= b.x && point.x < b.x + b.width && point.y >= b.y && point.y < b.y + b.height)
    return structuredClone(inside ?? this.displays[0])
  }
  getDisplayMatching(rect) {
    return this.getDisplayNearestPoint({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 })
  }
  /** Plug in a display (`{ id, x, y, width, height }`): 'display-added'. */
  addDisplay(spec) {
    const display = makeDisplay(spec)
    this.displays.push(display)
    this.emit('display-added', makeEvent(), structuredClone(display))
    return display
  }
  /** Unplug a display by id: 'display-removed'. */
  removeDisplay(id) {
    const index = this.displays.findIndex((display) => display.id === id)
    if (index < 0) throw new Error(`electron fake: no display ${id}`)
    const [display] = this.displays.splice(index, 1)
    this.emit('display-removed', makeEvent(), structuredClone(display))
    return display
  }
}
const screen = new FakeScreen()

// ---- Menu and dialog -----------------------------------------------------------------------------

let applicationMenu = null
class FakeMenu {
  constructor(items) {
    this.items = items
  }
  static buildFromTemplate(template) {
    return new FakeMenu(template.map((item) => ({ ...item, submenu: item.submenu && FakeMenu.buildFromTemplate(item.submenu) })))
  }
  static setApplicationMenu(menu) {
    applicationMenu = menu
  }
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

/** Answers for dialogs, queued by tests; by default the user cancels. */
/** @type {{ showSaveDialog: { canceled: boolean; filePath: string }[] }} */
const dialogAnswers = { showSaveDialog: [] }
const dialog = {
  /** @type {{ method: string; options: unknown }[]} */
  calls: [],
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
  app,
  screen,
  ipcMain,
  dialog,
  detachedRenderer,
  loadPreload,
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
  queueDialogAnswer(method, answer) {
    dialogAnswers[method].push(answer)
  },
  /** A JSON-safe picture of what the main process has done so far. */
  snapshot() {
    return toJson({
      app: { ready: app.ready, quitCalls: app.quitCalls, exitCode: app.exitCode, singleInstanceLock: app.singleInstanceLock, listeners: app.eventNames() },
      windows: allWindows.map((window) => ({
        id: window.id,
        options: window.options,
        loads: window.loads,
        visible: window.visible,
        destroyed: window.destroyed,
        fullScreen: window.fullScreen,
        bounds: window.bounds,
        webContents: {
          id: window.webContents.id,
          url: window.webContents.url,
          hasWindowOpenHandler: window.webContents.windowOpenHandler !== null,
          mainWorld: Object.keys(window.webContents.mainWorld),
          api: Object.fromEntries(Object.entries(window.webContents.mainWorld).map(([key, api]) => [key, Object.keys(api ?? {})])),
          sent: window.webContents.sent,
        },
      })),
      ipcMain: { handlers: [...ipcMain.handlers.keys()], listeners: ipcMain.eventNames() },
      sessions: [defaultSession].map((ses) => ({
        partition: ses.partition,
        permissionRequestHandler: ses.permissionRequestHandler !== null,
        permissionCheckHandler: ses.permissionCheckHandler !== null,
        devicePermissionHandler: ses.devicePermissionHandler !== null,
      })),
      screen: { displays: screen.displays.map(({ id, bounds }) => ({ id, bounds })), listeners: screen.eventNames() },
      applicationMenu: applicationMenu ? applicationMenu.describe() : null,
      dialog: dialog.calls,
    })
  },
}

module.exports = { app, BrowserWindow: FakeBrowserWindow, ipcMain, session, screen, Menu: FakeMenu, dialog, contextBridge, ipcRenderer, __fake: fake }
