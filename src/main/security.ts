import { app, type Session, type WebContents } from 'electron'

/**
 * Security baseline for every web contents and session the app creates.
 * Nightfall loads only its own bundled pages, so it never needs to navigate, open windows,
 * attach <webview>s or grant web permissions. Anything the app needs from the OS goes through
 * a preload API and an IPC handler in the main process, never through a web permission.
 */

/** Deny every navigation away from the loaded page, every window.open and every <webview>. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    event.preventDefault()
  })
  contents.on('will-redirect', (event) => {
    event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

/** Deny all permission requests and checks (camera, notifications, fullscreen API, HID, …). */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}

/**
 * Call before any window exists: hardens every web contents at creation time,
 * including ones the app team does not create directly (devtools excluded by Electron).
 */
export function installWebContentsHardening(): void {
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents)
  })
}
