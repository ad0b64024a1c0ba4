'use strict'
/**
 * A fake `electron` module for running the BUILT main bundle (out/main/index.js) in plain Node.
 *
 * It records what the main process does (windows and their options, loads, IPC handlers, what
 * each webContents was sent, session handlers, menus, dialogs, shell calls, full screen) and lets a
 * test drive it (app ready, renderer IPC from a window's main frame, a subframe or a stranger,
 * navigation attempts, permission requests, displays coming and going, menu clicks).
 *
 * Loaded through test/electron-fake/register.mjs, which maps `electron` to this file for both
 * `import` and `require`. Everything test-only hangs off the `__fake` export.
 *
 * Deliberately small and behavioural, not a full Electron: add what the app needs as it grows.
 *
 * Environment:
 *   ELECTRON_FAKE_USER_DATA        app.getPath('userData') (default: a fresh temp directory)
 *   ELECTRON_FAKE_DISPLAYS         JSON list of displays, e.g. [{"id":1},{"id":2,"x":1920}]
 *   ELECTRON_FAKE_SECOND_INSTANCE  '1': requestSingleInstanceLock() returns false
 *   ELECTRON_FAKE_LOCALE           app.getLocale() (default en-US)
 */
const { EventEmitter } = require('node:events')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const vm = require('node:vm')
const { pathToFileURL } = require('node:url')

/** Chronological log of notable calls, for reports and debugging. */
const calls = []
function record(type, details = {}) {
  calls.push({ type, ...details })
}

/** Deep copy through JSON: what a test sees is data, never a live object. */
function toJson(value) {
  return JSON.parse(
    JSON.stringify(value, (_key, item) => {
      if (typeof item === 'function') return `[function ${item.name || 'anonymous'}]`
      if (item instanceof Error) return { error: item.message }
      return item
    }) ?? 'null',
  )
}

/** Like Electron's IPC: values cross the process boundary as structured clones. */
function ipcClone(value) {
  return structuredClone(value)
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve))

/** An Electron-style event object whose default action can be prevented. */
function makeEvent(extra = {}) {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
    ...extra,
  }
}

// ---------------------------------------------------------------------------------------------
// session

class FakeWebRequest {
  constructor() {
    this.listeners = {}
  }
}
for (const name of ['onBeforeRequest', 'onBeforeSendHeaders', 'onHeadersReceived', 'onCompleted', 'onErrorOccurred']) {
  FakeWebRequest.prototype[name] = function (filterOrListener, maybeListener) {
    this.listeners[name] = maybeListener ?? filterOrListener
  }
}

class FakeSession extends EventEmitter {
  constructor(partition) {
    super()
    this.partition = partition
    this.permissionRequestHandler = null
    this.permissionCheckHandler = null
    this.devicePermissionHandler = null
    this.displayMediaRequestHandler = null
    this.spellCheckerEnabled = true
    this.webRequest = new FakeWebRequest()
  }
  setPermissionRequestHandler(handler) {
    this.permissionRequestHandler = handler
    record('session.setPermissionRequestHandler', { partition: this.partition, set: handler !== null })
  }
  setPermissionCheckHandler(handler) {
    this.permissionCheckHandler = handler
    record('session.setPermissionCheckHandler', { partition: this.partition, set: handler !== null })
  }
  setDevicePermissionHandler(handler) {
    this.devicePermissionHandler = handler
  }
  setDisplayMediaRequestHandler(handler) {
    this.displayMediaRequestHandler = handler
  }
  setSpellCheckerEnabled(enabled) {
    this.spellCheckerEnabled = enabled
  }
  getUserAgent() {
    return 'Mozilla/5.0 (fake) Electron/45.5.0'
  }
  setUserAgent() {}
  async clearCache() {}
  async clearStorageData() {}

  /**
   * Test helper: ask this session's request handler for a permission, as Chromium would.
   * Resolves to true/false, or 'no-handler' (Electron would grant) or 'no-answer' (callback never called).
   */
  async simulatePermissionRequest(webContents, permission, details = {}) {
    const handler = this.permissionRequestHandler
    if (!handler) return 'no-handler'
    return new Promise((resolve) => {
      handler(webContents, permission, (granted) => resolve(granted), {
        requestingUrl: webContents?.getURL() ?? '',
        ...details,
      })
      setTimeout(() => resolve('no-answer'), 50)
    })
  }
  /** Test helper: run this session's check handler. Returns its boolean, or 'no-handler' (Electron would allow). */
  simulatePermissionCheck(webContents, permission, origin = 'file://') {
    const handler = this.permissionCheckHandler
    if (!handler) return 'no-handler'
    return handler(webContents, permission, origin, { requestingUrl: origin, isMainFrame: true })
  }
}

const sessions = new Map()
function sessionFor(partition) {
  const key = partition ?? ''
  if (!sessions.has(key)) sessions.set(key, new FakeSession(key))
  return sessions.get(key)
}
const session = {
  get defaultSession() {
    return sessionFor('')
  },
  fromPartition(partition) {
    return sessionFor(partition)
  },
}

// ---------------------------------------------------------------------------------------------
// webContents and the renderer side of IPC

/** The renderer half of IPC for one webContents: what a preload's `ipcRenderer` talks to. */
class FakeIpcRenderer extends EventEmitter {
  constructor(webContents) {
    super()
    this.webContents = webContents
  }
  invoke(channel, ...args) {
    return ipcMain.simulateInvoke(channel, this.webContents, ...args)
  }
  send(channel, ...args) {
    ipcMain.simulateSend(channel, this.webContents, ...args)
  }
  sendSync(channel, ...args) {
    return ipcMain.simulateSend(channel, this.webContents, ...args).returnValue
  }
  postMessage(channel, message) {
    ipcMain.simulateSend(channel, this.webContents, message)
  }
}

let nextWebContentsId = 1
const allWebContents = []
let nextRoutingId = 1

/**
 * A WebFrameMain stand-in: what `event.senderFrame` is. The main frame's URL follows its
 * webContents; `parent` is null only for a main frame.
 */
class FakeWebFrameMain {
  constructor(contents, { parent = null, url } = {}) {
    this.contents = contents
    this.parent = parent
    this.fixedUrl = url
    this.routingId = nextRoutingId++
    this.processId = 1
    this.frames = []
    parent?.frames.push(this)
  }
  get url() {
    return this.fixedUrl ?? this.contents.getURL()
  }
  get origin() {
    try {
      return new URL(this.url).origin
    } catch {
      return 'null'
    }
  }
  get top() {
    return this.parent ? this.parent.top : this
  }
  get frameTreeNodeId() {
    return this.routingId
  }
  isDestroyed() {
    return this.contents.destroyed
  }
}

class FakeWebContents extends EventEmitter {
  constructor({ session: ownSession, kind = 'window' } = {}) {
    super()
    this.id = nextWebContentsId++
    this.kind = kind
    this.session = ownSession ?? session.defaultSession
    this.url = ''
    this.sent = []
    this.windowOpenHandler = null
    this.destroyed = false
    this.devToolsOpen = false
    /** What preloads exposed with contextBridge.exposeInMainWorld: the page's `window.<key>`. */
    this.mainWorld = {}
    this.ipcRenderer = new FakeIpcRenderer(this)
    this.mainFrame = new FakeWebFrameMain(this)
    allWebContents.push(this)
  }
  getURL() {
    return this.url
  }
  getTitle() {
    return ''
  }
  isDestroyed() {
    return this.destroyed
  }
  isLoading() {
    return false
  }
  send(channel, ...args) {
    if (this.destroyed) throw new Error('Object has been destroyed')
    const copy = ipcClone(args)
    this.sent.push({ channel, args: toJson(copy) })
    setImmediate(() => this.ipcRenderer.emit(channel, { sender: this.ipcRenderer }, ...copy))
  }
  postMessage(channel, message) {
    this.send(channel, message)
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
  openDevTools() {
    this.devToolsOpen = true
    record('webContents.openDevTools', { id: this.id })
  }
  closeDevTools() {
    this.devToolsOpen = false
  }
  isDevToolsOpened() {
    return this.devToolsOpen
  }
  async printToPDF(options = {}) {
    record('webContents.printToPDF', { id: this.id, options: toJson(options) })
    return Buffer.from('%PDF-1.4\n% nightfall electron fake\n%%EOF\n')
  }
  print(options = {}, callback) {
    record('webContents.print', { id: this.id, options: toJson(options) })
    callback?.(true, '')
  }
  setZoomFactor() {}
  getZoomFactor() {
    return 1
  }
  setAudioMuted() {}
  focus() {}
  reload() {}
  async executeJavaScript() {
    throw new Error('electron fake: executeJavaScript is not supported; test the renderer with Playwright')
  }

  // ----- test helpers -----

  /** A child frame (an <iframe>) of the main frame, at `url` (default: the page's own URL). */
  createChildFrame(url) {
    return new FakeWebFrameMain(this, { parent: this.mainFrame, url: url ?? this.url })
  }

  /** A renderer-initiated navigation: emits 'will-navigate' and reports whether it was prevented. */
  simulateNavigation(url) {
    return this.#emitPreventable('will-navigate', url)
  }
  simulateRedirect(url) {
    return this.#emitPreventable('will-redirect', url)
  }
  /** window.open()/target=_blank: the window-open handler's answer ('allow' if none is set, like Electron). */
  simulateWindowOpen(url, extra = {}) {
    if (!this.windowOpenHandler) return { action: 'allow', handler: false }
    const answer = this.windowOpenHandler({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: this.url, policy: 'strict-origin-when-cross-origin' },
      postBody: undefined,
      ...extra,
    })
    return { ...toJson(answer), handler: true }
  }
  simulateAttachWebview(src = 'https://example.com/') {
    const event = makeEvent()
    const webPreferences = {}
    this.emit('will-attach-webview', event, webPreferences, { src })
    return { prevented: event.defaultPrevented }
  }
  #emitPreventable(eventName, url) {
    const event = makeEvent({ url, isMainFrame: true, isSameDocument: false })
    this.emit(eventName, event, url, false, true)
    return { prevented: event.defaultPrevented, listeners: this.listenerCount(eventName) }
  }
  destroy() {
    if (this.destroyed) return
    this.destroyed = true
    this.emit('destroyed')
  }
}

const webContents = {
  getAllWebContents: () => allWebContents.filter((contents) => !contents.destroyed),
  fromId: (id) => allWebContents.find((contents) => contents.id === id),
  getFocusedWebContents: () => null,
}

// ---------------------------------------------------------------------------------------------
// app

function fakePackageJson() {
  try {
    return JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'))
  } catch {
    return {}
  }
}

let userDataDir = process.env.ELECTRON_FAKE_USER_DATA
function userData() {
  userDataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'electron-fake-userdata-'))
  fs.mkdirSync(userDataDir, { recursive: true })
  return userDataDir
}

class FakeApp extends EventEmitter {
  constructor() {
    super()
    this.ready = false
    this.quitCalls = 0
    this.exitCode = undefined
    this.singleInstanceLock = undefined
    this.isPackaged = false
    this.name = fakePackageJson().name ?? 'electron-fake'
    this.commandLine = {
      switches: {},
      appendSwitch(name, value = '') {
        this.switches[name] = value
      },
      hasSwitch(name) {
        return name in this.switches
      },
      getSwitchValue(name) {
        return this.switches[name] ?? ''
      },
      appendArgument() {},
    }
    let resolveReady
    this.readyPromise = new Promise((resolve) => {
      resolveReady = resolve
    })
    this.resolveReady = resolveReady
  }
  whenReady() {
    return this.readyPromise
  }
  isReady() {
    return this.ready
  }
  requestSingleInstanceLock() {
    this.singleInstanceLock = process.env.ELECTRON_FAKE_SECOND_INSTANCE !== '1'
    return this.singleInstanceLock
  }
  hasSingleInstanceLock() {
    return this.singleInstanceLock === true
  }
  releaseSingleInstanceLock() {}
  /** Like Electron: 'before-quit' first (a listener may prevent the quit), then 'will-quit' and 'quit'. */
  quit() {
    this.quitCalls += 1
    record('app.quit')
    const event = makeEvent()
    this.emit('before-quit', event)
    if (event.defaultPrevented) return
    this.emit('will-quit', makeEvent())
    this.emit('quit', makeEvent(), 0)
  }
  exit(code = 0) {
    this.exitCode = code
    record('app.exit', { code })
  }
  relaunch() {
    record('app.relaunch')
  }
  focus() {}
  getName() {
    return this.name
  }
  setName(name) {
    this.name = name
  }
  getVersion() {
    return fakePackageJson().version ?? '0.0.0'
  }
  getLocale() {
    return process.env.ELECTRON_FAKE_LOCALE ?? 'en-US'
  }
  getSystemLocale() {
    return this.getLocale()
  }
  getPreferredSystemLanguages() {
    return [this.getLocale()]
  }
  getAppPath() {
    return process.cwd()
  }
  getPath(name) {
    const base = userData()
    const dirs = {
      userData: base,
      appData: path.dirname(base),
      sessionData: base,
      temp: os.tmpdir(),
      home: os.homedir(),
    }
    const dir = dirs[name] ?? path.join(base, `fake-${name}`)
    fs.mkdirSync(dir, { recursive: true })
    return dir
  }
  setPath() {}
  setAppUserModelId() {}
  setAboutPanelOptions() {}

  /** Test helper: what Electron does once the main script has run. */
  emitReady() {
    if (this.ready) return
    this.ready = true
    this.emit('will-finish-launching')
    this.emit('ready', makeEvent(), {})
    this.resolveReady()
  }
}
const app = new FakeApp()

// ---------------------------------------------------------------------------------------------
// BrowserWindow

let nextWindowId = 1
const allWindows = []
let focusedWindow = null
/** Electron emits 'window-all-closed' once when the last window goes, not once per closing window. */
let allClosedEmitted = false

class FakeBrowserWindow extends EventEmitter {
  static getAllWindows() {
    return allWindows.filter((window) => !window.destroyed)
  }
  static fromWebContents(contents) {
    return allWindows.find((window) => window.webContents === contents) ?? null
  }
  static fromId(id) {
    return allWindows.find((window) => window.id === id) ?? null
  }
  static getFocusedWindow() {
    return focusedWindow
  }

  constructor(options = {}) {
    super()
    this.id = nextWindowId++
    this.options = toJson(options)
    this.loads = []
    this.destroyed = false
    this.visible = options.show !== false
    this.fullScreen = options.fullscreen === true
    this.minimized = false
    this.menu = undefined
    this.title = options.title ?? ''
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 }
    const partition = options.webPreferences?.partition
    this.webContents = new FakeWebContents({ session: partition ? sessionFor(partition) : session.defaultSession })
    allWindows.push(this)
    allClosedEmitted = false
    record('BrowserWindow.new', { id: this.id, webContentsId: this.webContents.id })
    app.emit('web-contents-created', makeEvent(), this.webContents)
    app.emit('browser-window-created', makeEvent(), this)
  }

  loadFile(filePath, options = {}) {
    const url = new URL(pathToFileURL(path.resolve(filePath)).href)
    if (options.hash) url.hash = options.hash
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value)
    return this.#load({ kind: 'file', path: path.resolve(filePath), options: toJson(options) }, url.href)
  }
  loadURL(url, options = {}) {
    return this.#load({ kind: 'url', url, options: toJson(options) }, url)
  }
  #load(entry, url) {
    this.loads.push(entry)
    this.webContents.url = url
    record('BrowserWindow.load', { id: this.id, ...entry })
    return new Promise((resolve) => {
      setImmediate(() => {
        if (this.destroyed) return resolve()
        this.webContents.emit('dom-ready', makeEvent())
        this.webContents.emit('did-finish-load', makeEvent())
        this.emit('ready-to-show', makeEvent())
        resolve()
      })
    })
  }

  show() {
    this.visible = true
    focusedWindow = this
    this.emit('show')
  }
  showInactive() {
    this.visible = true
    this.emit('show')
  }
  hide() {
    this.visible = false
    this.emit('hide')
  }
  isVisible() {
    return this.visible
  }
  focus() {
    focusedWindow = this
    this.emit('focus')
  }
  blur() {
    if (focusedWindow === this) focusedWindow = null
  }
  isFocused() {
    return focusedWindow === this
  }
  minimize() {
    this.minimized = true
  }
  restore() {
    this.minimized = false
  }
  isMinimized() {
    return this.minimized
  }
  maximize() {}
  unmaximize() {}
  isMaximized() {
    return false
  }
  /** Like Electron, emits 'enter-full-screen' / 'leave-full-screen' when the state changes. */
  setFullScreen(flag) {
    const next = Boolean(flag)
    if (next === this.fullScreen) return
    this.fullScreen = next
    record('BrowserWindow.setFullScreen', { id: this.id, flag: next })
    this.emit(next ? 'enter-full-screen' : 'leave-full-screen')
  }
  isFullScreen() {
    return this.fullScreen
  }
  setKiosk() {}
  setBounds(bounds) {
    this.bounds = { ...this.bounds, ...bounds }
    record('BrowserWindow.setBounds', { id: this.id, bounds: { ...this.bounds } })
  }
  getBounds() {
    return { ...this.bounds }
  }
  getContentBounds() {
    return this.getBounds()
  }
  setPosition(x, y) {
    this.bounds = { ...this.bounds, x, y }
  }
  getPosition() {
    return [this.bounds.x, this.bounds.y]
  }
  setSize(width, height) {
    this.bounds = { ...this.bounds, width, height }
  }
  getSize() {
    return [this.bounds.width, this.bounds.height]
  }
  center() {}
  setTitle(title) {
    this.title = title
  }
  getTitle() {
    return this.title
  }
  setMenu(menu) {
    this.menu = menu
  }
  removeMenu() {
    this.menu = null
  }
  setMenuBarVisibility() {}
  setAutoHideMenuBar() {}
  setAlwaysOnTop() {}
  setBackgroundColor() {}
  setContentProtection() {}
  setVisibleOnAllWorkspaces() {}
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
    record('BrowserWindow.closed', { id: this.id })
    this.webContents.destroy()
    this.emit('closed')
    if (FakeBrowserWindow.getAllWindows().length === 0 && !allClosedEmitted) {
      allClosedEmitted = true
      app.emit('window-all-closed')
    }
  }
}

// ---------------------------------------------------------------------------------------------
// ipcMain

class FakeIpcMain extends EventEmitter {
  constructor() {
    super()
    this.handlers = new Map()
  }
  handle(channel, handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
    record('ipcMain.handle', { channel })
  }
  handleOnce(channel, handler) {
    this.handle(channel, (...args) => {
      this.handlers.delete(channel)
      return handler(...args)
    })
  }
  removeHandler(channel) {
    this.handlers.delete(channel)
  }

  /** Test helper: `ipcRenderer.invoke` from `sender`'s main frame. Arguments and result are cloned. */
  async simulateInvoke(channel, sender, ...args) {
    return this.simulateInvokeFromFrame(channel, sender, sender.mainFrame, ...args)
  }
  /** Test helper: `ipcRenderer.invoke` from `frame` (e.g. `sender.createChildFrame()`) of `sender`. */
  async simulateInvokeFromFrame(channel, sender, frame, ...args) {
    const handler = this.handlers.get(channel)
    if (!handler)
      throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`)
    const event = { sender, senderFrame: frame, processId: 1, frameId: frame?.routingId ?? 0 }
    try {
      return ipcClone(await handler(event, ...ipcClone(args)))
    } catch (error) {
      throw new Error(
        `Error invoking remote method '${channel}': ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  /** Test helper: `ipcRenderer.send` from `sender`'s main frame; returns the event (for sendSync's returnValue). */
  simulateSend(channel, sender, ...args) {
    return this.simulateSendFromFrame(channel, sender, sender.mainFrame, ...args)
  }
  /** Test helper: `ipcRenderer.send` from `frame` of `sender`. */
  simulateSendFromFrame(channel, sender, frame, ...args) {
    const event = {
      sender,
      senderFrame: frame,
      processId: 1,
      frameId: frame?.routingId ?? 0,
      returnValue: undefined,
      reply: (replyChannel, ...replyArgs) => sender.send(replyChannel, ...replyArgs),
    }
    this.emit(channel, event, ...ipcClone(args))
    return event
  }
}
const ipcMain = new FakeIpcMain()

// ---------------------------------------------------------------------------------------------
// Preloads: renderer-side electron, and a sandbox-like loader

/** The `electron` module as a sandboxed preload bound to `contents` sees it. */
function rendererElectronFor(contents) {
  return {
    contextBridge: {
      exposeInMainWorld(key, api) {
        if (key in contents.mainWorld)
          throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`)
        contents.mainWorld[key] = api
        record('contextBridge.exposeInMainWorld', { webContentsId: contents.id, key })
      },
      exposeInIsolatedWorld(worldId, key, api) {
        contents.mainWorld[`isolated:${worldId}:${key}`] = api
      },
    },
    ipcRenderer: contents.ipcRenderer,
    webFrame: { setZoomFactor() {}, getZoomFactor: () => 1, insertCSS: () => '' },
    webUtils: { getPathForFile: () => '' },
  }
}

/** Modules a sandboxed preload may require (https://www.electronjs.org/docs/latest/tutorial/sandbox). */
const SANDBOX_MODULES = new Set(['events', 'timers', 'url', 'node:events', 'node:timers', 'node:url'])

/**
 * Run a built preload the way a sandboxed renderer does: as a CommonJS script whose `require`
 * only knows `electron`, events, timers and url. A preload that is an ES module or requires
 * anything else (fs, a relative chunk, a package) fails here as it would in Electron.
 */
function loadPreload(contents, preloadPath) {
  const source = fs.readFileSync(preloadPath, 'utf8')
  const sandboxRequire = (id) => {
    if (id === 'electron' || id === 'electron/renderer') return rendererElectronFor(contents)
    if (SANDBOX_MODULES.has(id)) return require(id)
    throw new Error(`module not found: ${id} (a sandboxed preload can only require electron, events, timers, url)`)
  }
  const module = { exports: {} }
  const wrapper = vm.compileFunction(
    source,
    ['exports', 'require', 'module', '__filename', '__dirname', 'process', 'Buffer'],
    {
      filename: preloadPath,
    },
  )
  const sandboxProcess = {
    platform: process.platform,
    versions: { ...process.versions, electron: '45.5.0' },
    env: {},
    type: 'renderer',
    sandboxed: true,
    contextIsolated: true,
  }
  wrapper(module.exports, sandboxRequire, module, preloadPath, path.dirname(preloadPath), sandboxProcess, Buffer)
  record('preload.loaded', { webContentsId: contents.id, preloadPath })
  return contents.mainWorld
}

// ---------------------------------------------------------------------------------------------
// screen

function makeDisplay({ id, x = 0, y = 0, width = 1920, height = 1080, scaleFactor = 1, label, internal = false }) {
  const bounds = { x, y, width, height }
  return {
    id,
    label: label ?? `Display ${id}`,
    bounds,
    workArea: { ...bounds },
    size: { width, height },
    workAreaSize: { width, height },
    scaleFactor,
    rotation: 0,
    internal,
    touchSupport: 'unknown',
    monochrome: false,
    accelerometerSupport: 'unknown',
    colorSpace: '',
    colorDepth: 24,
    depthPerComponent: 8,
    displayFrequency: 60,
    detected: true,
    maximumCursorSize: { width: 0, height: 0 },
    nativeOrigin: { x, y },
  }
}

function initialDisplays() {
  const fromEnv = process.env.ELECTRON_FAKE_DISPLAYS
  if (fromEnv) return JSON.parse(fromEnv).map(makeDisplay)
  return [makeDisplay({ id: 1, internal: true, label: 'Built-in' })]
}

class FakeScreen extends EventEmitter {
  constructor() {
    super()
    this.displays = initialDisplays()
  }
  getAllDisplays() {
    return this.displays.map((display) => structuredClone(display))
  }
  getPrimaryDisplay() {
    return structuredClone(this.displays[0])
  }
  getDisplayNearestPoint(point) {
    const inside = this.displays.find(
      ({ bounds: b }) => point.x >= b.x && point.x < b.x + b.width && point.y >= b.y && point.y < b.y + b.height,
    )
    return structuredClone(inside ?? this.displays[0])
  }
  getDisplayMatching(rect) {
    return this.getDisplayNearestPoint({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 })
  }
  getCursorScreenPoint() {
    return { x: 0, y: 0 }
  }

  // ----- test helpers -----
  /** Plug in a display: `{ id, x, y, width, height }`; emits 'display-added'. */
  addDisplay(spec) {
    const display = makeDisplay(spec)
    this.displays.push(display)
    this.emit('display-added', makeEvent(), structuredClone(display))
    return display
  }
  /** Unplug a display by id; emits 'display-removed'. */
  removeDisplay(id) {
    const index = this.displays.findIndex((display) => display.id === id)
    if (index < 0) throw new Error(`electron fake: no display ${id}`)
    const [display] = this.displays.splice(index, 1)
    this.emit('display-removed', makeEvent(), structuredClone(display))
    return display
  }
  changeDisplay(id, spec) {
    const index = this.displays.findIndex((display) => display.id === id)
    if (index < 0) throw new Error(`electron fake: no display ${id}`)
    const display = makeDisplay({ ...this.displays[index].bounds, id, ...spec })
    this.displays[index] = display
    this.emit('display-metrics-changed', makeEvent(), structuredClone(display), ['bounds', 'workArea'])
    return display
  }
}
const screen = new FakeScreen()

// ---------------------------------------------------------------------------------------------
// Menu, shell, dialog and small modules

class FakeMenuItem {
  constructor(options = {}) {
    Object.assign(this, options)
    this.submenu =
      options.submenu instanceof FakeMenu
        ? options.submenu
        : options.submenu
          ? FakeMenu.buildFromTemplate(options.submenu)
          : undefined
  }
}

let applicationMenu = null
class FakeMenu {
  constructor() {
    this.items = []
  }
  static buildFromTemplate(template) {
    const menu = new FakeMenu()
    for (const item of template) menu.append(item instanceof FakeMenuItem ? item : new FakeMenuItem(item))
    return menu
  }
  static setApplicationMenu(menu) {
    applicationMenu = menu
    record('Menu.setApplicationMenu', { set: menu !== null })
  }
  static getApplicationMenu() {
    return applicationMenu
  }
  append(item) {
    this.items.push(item)
  }
  insert(position, item) {
    this.items.splice(position, 0, item)
  }
  getMenuItemById(id) {
    for (const item of this.items) {
      if (item.id === id) return item
      const found = item.submenu?.getMenuItemById(id)
      if (found) return found
    }
    return null
  }
  popup() {}
  closePopup() {}
  /** Test helper: labels as a tree, for snapshots. */
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

const shell = {
  calls: [],
  async openExternal(url, options) {
    shell.calls.push({ method: 'openExternal', url, options: toJson(options ?? {}) })
  },
  async openPath(target) {
    shell.calls.push({ method: 'openPath', path: target })
    return ''
  },
  showItemInFolder(target) {
    shell.calls.push({ method: 'showItemInFolder', path: target })
  },
  async trashItem(target) {
    shell.calls.push({ method: 'trashItem', path: target })
  },
  beep() {},
}

/** Answers for dialogs, queued per method by tests; defaults are "the user cancelled". */
const dialogAnswers = { showOpenDialog: [], showSaveDialog: [], showMessageBox: [] }
const dialogDefaults = {
  showOpenDialog: { canceled: true, filePaths: [] },
  showSaveDialog: { canceled: true, filePath: '' },
  showMessageBox: { response: 0, checkboxChecked: false },
}
function dialogCall(method, args) {
  const options = args.find((arg) => arg && typeof arg === 'object' && !(arg instanceof FakeBrowserWindow)) ?? {}
  dialog.calls.push({ method, options: toJson(options) })
  return dialogAnswers[method]?.shift() ?? dialogDefaults[method]
}
const dialog = {
  calls: [],
  async showOpenDialog(...args) {
    return dialogCall('showOpenDialog', args)
  },
  async showSaveDialog(...args) {
    return dialogCall('showSaveDialog', args)
  },
  async showMessageBox(...args) {
    return dialogCall('showMessageBox', args)
  },
  showOpenDialogSync(...args) {
    const answer = dialogCall('showOpenDialog', args)
    return answer.canceled ? undefined : answer.filePaths
  },
  showSaveDialogSync(...args) {
    const answer = dialogCall('showSaveDialog', args)
    return answer.canceled ? undefined : answer.filePath
  },
  showMessageBoxSync(...args) {
    return dialogCall('showMessageBox', args).response
  },
  showErrorBox(title, content) {
    dialog.calls.push({ method: 'showErrorBox', options: { title, content } })
  },
}

const nativeTheme = Object.assign(new EventEmitter(), {
  shouldUseDarkColors: false,
  shouldUseHighContrastColors: false,
  themeSource: 'system',
})

let nextBlockerId = 1
const powerSaveBlocker = {
  active: new Map(),
  start(type) {
    const id = nextBlockerId++
    powerSaveBlocker.active.set(id, type)
    return id
  },
  stop(id) {
    return powerSaveBlocker.active.delete(id)
  },
  isStarted(id) {
    return powerSaveBlocker.active.has(id)
  },
}

const globalShortcut = {
  registered: new Map(),
  register(accelerator, callback) {
    globalShortcut.registered.set(accelerator, callback)
    return true
  },
  isRegistered: (accelerator) => globalShortcut.registered.has(accelerator),
  unregister: (accelerator) => globalShortcut.registered.delete(accelerator),
  unregisterAll: () => globalShortcut.registered.clear(),
}

const protocol = {
  handlers: new Map(),
  privileged: [],
  registerSchemesAsPrivileged(schemes) {
    protocol.privileged.push(...toJson(schemes))
  },
  handle(scheme, handler) {
    protocol.handlers.set(scheme, handler)
  },
  unhandle(scheme) {
    protocol.handlers.delete(scheme)
  },
  isProtocolHandled: (scheme) => protocol.handlers.has(scheme),
}

let clipboardText = ''
const clipboard = {
  writeText(text) {
    clipboardText = String(text)
  },
  readText: () => clipboardText,
}

const nativeImage = {
  createEmpty: () => ({ isEmpty: () => true, toPNG: () => Buffer.alloc(0), getSize: () => ({ width: 0, height: 0 }) }),
  createFromPath: (file) => ({
    path: file,
    isEmpty: () => false,
    toPNG: () => Buffer.alloc(0),
    getSize: () => ({ width: 0, height: 0 }),
  }),
}

// Main-process code that imports renderer modules gets a renderer not attached to any window.
const detachedRenderer = new FakeWebContents({ kind: 'detached' })
const { contextBridge, ipcRenderer } = rendererElectronFor(detachedRenderer)

// ---------------------------------------------------------------------------------------------
// Test controller

const fake = {
  app,
  screen,
  ipcMain,
  sessions,
  shell,
  dialog,
  calls,
  detachedRenderer,
  loadPreload,
  makeDisplay,
  /** Let pending setImmediate work (loads, IPC deliveries) run. */
  async flush(rounds = 3) {
    for (let i = 0; i < rounds; i += 1) await nextTick()
  },
  windows: () => [...allWindows],
  applicationMenu: () => applicationMenu,
  /** Click the application menu's item `id` with the mouse, as Electron calls `click(item, window, event)`. */
  clickMenuItem(id) {
    const item = applicationMenu?.getMenuItemById(id)
    if (!item) throw new Error(`electron fake: the application menu has no item ${id}`)
    if (item.enabled === false) return { clicked: false, reason: 'disabled' }
    if (typeof item.click !== 'function') return { clicked: false, reason: 'no click handler' }
    item.click(item, focusedWindow ?? undefined, { triggeredByAccelerator: false, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false })
    return { clicked: true }
  },
  /** Queue the next answer of `dialog.<method>` (e.g. `{ canceled: false, filePaths: ['/x.json'] }`). */
  queueDialogAnswer(method, answer) {
    dialogAnswers[method].push(answer)
  },
  /** A JSON-safe picture of everything recorded so far. */
  snapshot() {
    return toJson({
      app: {
        ready: app.ready,
        quitCalls: app.quitCalls,
        exitCode: app.exitCode ?? null,
        singleInstanceLock: app.singleInstanceLock ?? null,
        listeners: app.eventNames(),
        userData: userDataDir ?? null,
      },
      windows: allWindows.map((window) => ({
        id: window.id,
        options: window.options,
        loads: window.loads,
        visible: window.visible,
        destroyed: window.destroyed,
        fullScreen: window.fullScreen,
        bounds: window.bounds,
        listeners: window.eventNames(),
        webContents: {
          id: window.webContents.id,
          url: window.webContents.url,
          session: window.webContents.session.partition,
          hasWindowOpenHandler: window.webContents.windowOpenHandler !== null,
          listeners: window.webContents.eventNames(),
          mainWorld: Object.keys(window.webContents.mainWorld),
          /** The keys of each object a preload exposed (e.g. { referee: ['onView', 'ready', …] }). */
          api: Object.fromEntries(
            Object.entries(window.webContents.mainWorld).map(([key, api]) => [key, Object.keys(api ?? {})]),
          ),
          sent: window.webContents.sent,
        },
      })),
      ipcMain: { handlers: [...ipcMain.handlers.keys()], listeners: ipcMain.eventNames() },
      sessions: [...sessions.values()].map((ses) => ({
        partition: ses.partition,
        permissionRequestHandler: ses.permissionRequestHandler !== null,
        permissionCheckHandler: ses.permissionCheckHandler !== null,
        devicePermissionHandler: ses.devicePermissionHandler !== null,
        webRequest: Object.keys(ses.webRequest.listeners),
      })),
      screen: { displays: screen.displays.map(({ id, bounds }) => ({ id, bounds })), listeners: screen.eventNames() },
      applicationMenu: applicationMenu ? applicationMenu.describe() : null,
      shell: shell.calls,
      dialog: dialog.calls,
      calls,
    })
  },
}

module.exports = {
  app,
  BrowserWindow: FakeBrowserWindow,
  ipcMain,
  session,
  screen,
  Menu: FakeMenu,
  MenuItem: FakeMenuItem,
  shell,
  dialog,
  webContents,
  nativeTheme,
  nativeImage,
  powerSaveBlocker,
  globalShortcut,
  protocol,
  clipboard,
  contextBridge,
  ipcRenderer,
  __fake: fake,
}
