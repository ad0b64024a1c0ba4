import { ipcMain, type BrowserWindow, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron'
import type { ApiResult } from '../shared/api'
import { FORBIDDEN, IPC, type IpcChannel } from '../shared/ipc'
import type { GameHost } from '../host'
import { alive, isPageUrl, type AppWindows, type WindowRole } from './windows'

/**
 * The IPC guard: the only door between the windows and the host.
 *
 * - `referee:call` (invoke, method name + argument list) is answered only for the referee window's
 *   own page in its main frame; anything else gets a `forbidden` error and changes nothing. The host
 *   then checks the method against the RefereeApi allow-list and parses the arguments
 *   (`host.call` takes both as unknown).
 * - `projector:ready` (send) is heard only from the projector window's own page.
 * - The host's pushes go out on `referee:view` (RefereeAppView, to the referee window) and
 *   `projector:screen` (ProjectorScreen, built from projectorView only, to the projector window).
 */
export function connectIpc(host: GameHost, windows: () => AppWindows): void {
  ipcMain.handle(IPC.refereeCall, (event, method: unknown, args: unknown): Promise<ApiResult<unknown>> | ApiResult => {
    if (!isFrom(event, 'referee', windows().referee)) {
      refused(IPC.refereeCall, event)
      return { ok: false, error: { code: FORBIDDEN, message: 'Only the referee window may do this.' } }
    }
    return host.call(method, args)
  })

  ipcMain.on(IPC.projectorReady, (event) => {
    if (!isFrom(event, 'projector', windows().projector)) return refused(IPC.projectorReady, event)
    host.projectorReady()
  })

  host.onRefereeView((view) => send(windows().referee, IPC.refereeView, view))
  host.onProjectorScreen((screen) => send(windows().projector, IPC.projectorScreen, screen))
}

/** The event comes from `window`'s web contents, its main frame, showing the role's own page. */
function isFrom(event: IpcMainEvent | IpcMainInvokeEvent, role: WindowRole, window: BrowserWindow | undefined): boolean {
  const expected = alive(window)
  const frame = event.senderFrame
  return expected !== undefined && event.sender.id === expected.webContents.id && frame !== null && frame.parent === null && isPageUrl(frame.url, role)
}

function refused(channel: IpcChannel, event: IpcMainEvent | IpcMainInvokeEvent): void {
  const from = event.senderFrame?.url ?? 'an unknown frame'
  console.warn(`[nightfall] refused ${channel} from web contents ${event.sender.id} (${from})`)
}

function send(window: BrowserWindow | undefined, channel: IpcChannel, payload: unknown): void {
  const target = alive(window)
  if (target && !target.webContents.isDestroyed()) target.webContents.send(channel, payload)
}
