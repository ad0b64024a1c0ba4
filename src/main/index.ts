/**
 * The Electron app: one instance; when ready, the host (settings, journal and games in userData),
 * then the windows, the IPC guard and the menu; the projector follows displays; on quit the host
 * and the estimator's worker are shut down.
 */
import { app, BrowserWindow, dialog, Menu, session } from 'electron'
import { followDisplays, placementOptions, projectorPlacement, trackProjector } from './displays'
import { createFileHost, type GameHost } from '../host'
import { DataLock, folderLanguage, lockRefusal } from '../host/persistence/data-lock'
import { noticeLine } from '../shared/notices'
import { openSettingsStore } from './settings-store'
import { disposeEstimator, warmEstimator } from '../host/workers/estimator'
import { disposeImportWorker } from '../host/workers/importer'
import { connectIpc } from './ipc'
import type { RefereeAppView } from '../shared/api'
import { IPC } from '../shared/ipc'
import { buildMenu, updateMenu, type MenuActions } from './menu'
import { createCardsPrinter } from './print'
import { denyAllPermissions, installWebContentsHardening } from './security'
import { alive, createWindow, rendererDir, type AppWindows } from './windows'

const windows: AppWindows = {}

function openProjector(host: GameHost): BrowserWindow {
  const placement = projectorPlacement()
  const projector = createWindow('projector', placementOptions(placement))
  trackProjector(projector, placement)
  // The host's flag follows the window, whoever changed it (the app, the menu, the OS).
  projector.on('enter-full-screen', () => host.setProjectorFullscreen(true))
  projector.on('leave-full-screen', () => host.setProjectorFullscreen(false))
  projector.on('closed', () => host.setProjectorFullscreen(false))
  host.setProjectorFullscreen(placement.fullScreen)
  windows.projector = projector
  return projector
}

function openWindows(host: GameHost): void {
  const referee = createWindow('referee')
  windows.referee = referee
  // The estimator's threads load the engine while the referee reads the first screen, not at the first estimate.
  referee.webContents.once('did-finish-load', warmEstimator)
  openProjector(host)
  referee.on('closed', () => {
    // The referee window is the app: closing it ends the session.
    alive(windows.projector)?.close()
  })
}

function start(): void {
  denyAllPermissions(session.defaultSession)
  // Settings are <userData>/settings.json in electron-store; the journal and games beside it (docs/host.md).
  const userData = app.getPath('userData')
  // One host per data folder, whatever kind (a browser mode started with --data on this folder too):
  // two would append to one journal.
  const taken = DataLock.acquire(userData, { app: true })
  if (!taken.ok) {
    const lang = folderLanguage(userData, app.getPreferredSystemLanguages())
    dialog.showErrorBox(lockRefusal(noticeLine('lock.title'), lang), lockRefusal(taken.line, lang))
    app.exit(3)
    return
  }
  const lock = taken.lock
  const host = createFileHost(userData, {
    settings: openSettingsStore(userData),
    systemLanguages: app.getPreferredSystemLanguages(),
    onProjectorFullscreen: (on) => alive(windows.projector)?.setFullScreen(on),
    // Role cards: rendered in a hidden window, printed or saved where the user chooses.
    printCards: createCardsPrinter(() => windows.referee),
    // The room on the LAN serves the built player page (out/renderer/player) when the referee opens it.
    roomPages: rendererDir(),
  })
  openWindows(host)
  connectIpc(host, () => windows)

  const actions: MenuActions = {
    newGame: () => void host.invoke('closeGame'),
    undo: () => void host.invoke('undo'),
    toggleProjectorFullScreen: () => void host.invoke('toggleProjectorFullscreen'),
    showProjector: () => {
      const projector = alive(windows.projector)
      if (!projector) return void openProjector(host)
      if (projector.isMinimized()) projector.restore()
      projector.showInactive()
    },
    quickStart: () => {
      const referee = alive(windows.referee)
      if (!referee) return
      referee.webContents.send(IPC.refereeMenu, 'quickStart')
      referee.focus()
    },
  }
  // The menu speaks the referee's language: built again whenever it changes.
  let menuLanguage = ''
  let menu: Menu | null = null
  const followView = (view: RefereeAppView): void => {
    const lang = view.language ?? 'en'
    if (!menu || lang !== menuLanguage) {
      menuLanguage = lang
      menu = buildMenu(actions, lang)
      Menu.setApplicationMenu(menu)
    }
    updateMenu(menu, view)
  }
  followView(host.refereeAppView())
  host.onRefereeView(followView)

  followDisplays(() => alive(windows.projector))

  app.on('activate', () => {
    // macOS: the app stays open without windows; clicking its icon opens them again.
    if (BrowserWindow.getAllWindows().length === 0) openWindows(host)
  })
  app.on('before-quit', () => {
    host.dispose()
    disposeEstimator()
    disposeImportWorker()
  })
  app.on('will-quit', () => lock.release())
}

installWebContentsHardening()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const referee = alive(windows.referee)
    if (referee) {
      if (referee.isMinimized()) referee.restore()
      referee.focus()
    }
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[nightfall] startup failed', error)
      dialog.showErrorBox('Nightfall could not start', error instanceof Error ? error.message : String(error))
      app.exit(1)
    })
}
