import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'

// Placeholder: the app team replaces this with the real ProjectorApi from src/shared.
// The projector can only listen; it has no way to send anything to the main process.
export interface ProjectorApi {
  /** Calls `callback` with every view the main process pushes; returns an unsubscribe function. */
  onView(callback: (view: unknown) => void): () => void
}

const PROJECTOR_VIEW = 'nightfall:projector:view'

const api: ProjectorApi = {
  onView(callback) {
    // Never hand the IpcRendererEvent (it carries `sender`) to the page.
    const listener = (_event: IpcRendererEvent, view: unknown): void => {
      callback(view)
    }
    ipcRenderer.on(PROJECTOR_VIEW, listener)
    return () => {
      ipcRenderer.removeListener(PROJECTOR_VIEW, listener)
    }
  },
}

contextBridge.exposeInMainWorld('projector', api)
