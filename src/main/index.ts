import { app, BrowserWindow, session } from 'electron'
import { registerRefereeIpc } from './ipc'
import { denyAllPermissions, installWebContentsHardening } from './security'
import { createAppWindows, type AppWindows } from './windows'

let windows: AppWindows | undefined

function openWindows(): void {
  windows = createAppWindows()
  const { referee, projector } = windows
  referee.on('closed', () => {
    // The referee window is the app: closing it ends the session.
    if (!projector.isDestroyed()) projector.close()
  })
}

installWebContentsHardening()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const referee = windows?.referee
    if (referee && !referee.isDestroyed()) {
      if (referee.isMinimized()) referee.restore()
      referee.focus()
    }
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindows()
  })

  app
    .whenReady()
    .then(() => {
      denyAllPermissions(session.defaultSession)
      registerRefereeIpc((sender) => {
        const referee = windows?.referee
        return referee !== undefined && !referee.isDestroyed() && referee.webContents === sender
      })
      openWindows()
    })
    .catch((error: unknown) => {
      console.error('[nightfall] startup failed', error)
      app.exit(1)
    })
}
