import { app, BrowserWindow, type BrowserWindowConstructorOptions } from 'electron'
import { join } from 'node:path'

export type WindowRole = 'referee' | 'projector'

/** Directory of the built main bundle (out/main); preloads and pages are siblings of it. */
const mainDir = import.meta.dirname

export function preloadPath(role: WindowRole): string {
  // CommonJS on purpose: an ES-module preload forces sandbox: false.
  return join(mainDir, '..', 'preload', `${role}.cjs`)
}

export function pagePath(role: WindowRole): string {
  return join(mainDir, '..', 'renderer', role, 'index.html')
}

const windowOptions: Record<WindowRole, BrowserWindowConstructorOptions> = {
  referee: { title: 'Nightfall — Referee', width: 1280, height: 800, minWidth: 800, minHeight: 600 },
  projector: { title: 'Nightfall — Projector', width: 1280, height: 720, backgroundColor: '#000000' },
}

async function loadPage(window: BrowserWindow, role: WindowRole): Promise<void> {
  // `electron-vite dev` serves the renderer with hot reload and passes its URL here.
  const devServer = process.env['ELECTRON_RENDERER_URL']
  if (!app.isPackaged && devServer) {
    await window.loadURL(`${devServer}/${role}/index.html`)
  } else {
    await window.loadFile(pagePath(role))
  }
}

export function createWindow(role: WindowRole): BrowserWindow {
  const window = new BrowserWindow({
    ...windowOptions[role],
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
    },
  })
  window.once('ready-to-show', () => {
    window.show()
  })
  loadPage(window, role).catch((error: unknown) => {
    console.error(`[nightfall] could not load the ${role} page`, error)
  })
  return window
}

export interface AppWindows {
  referee: BrowserWindow
  projector: BrowserWindow
}

export function createAppWindows(): AppWindows {
  return { referee: createWindow('referee'), projector: createWindow('projector') }
}
