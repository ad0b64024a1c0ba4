/**
 * window.projector: the ProjectorApi (src/shared/api.ts). The projector can only receive
 * ProjectorScreen pushes and say it is ready; it has no way to call the referee's API.
 * Built as one sandboxed CommonJS file (see src/preload/referee.ts).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { ProjectorApi, ProjectorScreen } from '../shared/api'
import { IPC } from '../shared/ipc'

const api: ProjectorApi = {
  onView(cb) {
    // The page gets the screen only, never the IpcRendererEvent (it carries `sender`).
    const listener = (_event: IpcRendererEvent, screen: ProjectorScreen): void => cb(screen)
    ipcRenderer.on(IPC.projectorScreen, listener)
    return () => {
      ipcRenderer.removeListener(IPC.projectorScreen, listener)
    }
  },
  ready() {
    ipcRenderer.send(IPC.projectorReady)
  },
}

contextBridge.exposeInMainWorld('projector', api)
