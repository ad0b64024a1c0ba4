import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'

// Placeholder channel; the app team moves channel names to src/shared.
export const REFEREE_PING = 'nightfall:referee:ping'

/** Registers the referee's IPC handlers; only `isReferee(sender)` may call them. */
export function registerRefereeIpc(isReferee: (sender: WebContents) => boolean): void {
  ipcMain.handle(REFEREE_PING, (event: IpcMainInvokeEvent) => {
    if (!isReferee(event.sender)) {
      throw new Error(`${REFEREE_PING}: sender is not the referee window`)
    }
    return 'pong'
  })
}
