import { app, BrowserWindow, type BrowserWindowConstructorOptions } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isSamePage } from './page-url'

/** The two app windows, and the hidden print window on the cards page (src/main/print.ts). */
export type WindowRole = 'referee' | 'projector' | 'cards'

/** The app's windows; either may be missing (not opened yet, or closed). */
export interface AppWindows {
  referee?: BrowserWindow
  projector?: BrowserWindow
}

/** The window if it exists and is not destroyed. */
export const alive = (window: BrowserWindow | undefined): BrowserWindow | undefined => (window && !window.isDestroyed() ? window : undefined)

/** Directory of the built main bundle (out/main); preloads and pages are siblings of it. */
const mainDir = import.meta.dirname

export function preloadPath(role: WindowRole): string {
  // CommonJS on purpose: an ES-module preload would force the sandbox off.
  return join(mainDir, '..', 'preload', `${role}.cjs`)
}

export function pagePath(role: WindowRole): string {
  return join(rendererDir(), role, 'index.html')
}

/** The built pages (out/renderer): the windows' and the room's player page. */
export function rendererDir(): string {
  return join(mainDir, '..', 'renderer')
}

/**
 * The window icon (Linux and Windows; macOS shows the app bundle's icon): resources/icon.png at the
 * app's root, which electron-builder unpacks beside app.asar (electron-builder.yml).
 */
export function windowIconPath(): string {
  return join(mainDir, '..', '..', 'resources', 'icon.png')
}

/** `electron-vite dev` serves the renderer with hot reload and passes its URL; never in a packaged app. */
export function devServerUrl(): string | undefined {
  const url = process.env['ELECTRON_RENDERER_URL']
  return !app.isPackaged && url ? url : undefined
}

/** The URL a window's page is loaded from: the built file, or the dev server's page. */
export function pageUrl(role: WindowRole): string {
  const dev = devServerUrl()
  return dev ? `${dev}/${role}/index.html` : pathToFileURL(pagePath(role)).href
}

/** True when `url` is the role's own page (a hash or query string aside). */
export function isPageUrl(url: string, role: WindowRole): boolean {
  return isSamePage(url, pageUrl(role))
}

const windowOptions: Record<WindowRole, BrowserWindowConstructorOptions> = {
  referee: { title: 'Nightfall — Referee', width: 1280, height: 800, minWidth: 800, minHeight: 600 },
  // The menu bar would show on the room's screen (Windows/Linux); Alt still shows it.
  projector: { title: 'Nightfall — Projector', width: 1280, height: 720, backgroundColor: '#000000', autoHideMenuBar: true },
  // Never shown: it renders the cards for print() and printToPDF().
  cards: { title: 'Nightfall — Cards', width: 900, height: 1200 },
}

/** Creates a window of `role` and loads its page. `placement` adds position, size or full screen. */
export function createWindow(role: WindowRole, placement: BrowserWindowConstructorOptions = {}): BrowserWindow {
  const window = new BrowserWindow({
    ...windowOptions[role],
    ...placement,
    icon: windowIconPath(),
    show: false,
    // Written out here (not built by a helper) so Electronegativity can see and check them.
    webPreferences: {
      // electronegativity-justified: PRELOAD_JS_CHECK sandboxed CommonJS preload that only exposes a narrow contextBridge API (no ipcRenderer, no Node); checked by test/main-bundle.test.ts
      preload: preloadPath(role),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would otherwise try to open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      // The projector plays the clock's chimes on the room's speakers; nobody clicks that window, so
      // it may play sound without a gesture. The other windows keep Chromium's default.
      autoplayPolicy: role === 'projector' ? 'no-user-gesture-required' : 'document-user-activation-required',
    },
  })
  window.once('ready-to-show', () => {
    if (role === 'cards') return
    // The projector must not take the focus (and the keyboard) from the referee.
    if (role === 'projector') window.showInactive()
    else window.show()
  })
  const dev = devServerUrl()
  const load = dev ? window.loadURL(pageUrl(role)) : window.loadFile(pagePath(role))
  load.catch((error: unknown) => {
    console.error(`[nightfall] could not load the ${role} page`, error)
  })
  return window
}
