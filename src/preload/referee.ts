/**
 * window.referee: the RefereeApi (src/shared/api.ts), and nothing else. Each method sends its own
 * fixed name and its argument list on the one call channel; the main process checks the sender and
 * the host validates the arguments. Built as one sandboxed CommonJS file: it may import only
 * `electron` at run time (src/shared/ipc.ts, the method list of src/shared/api.ts and
 * src/shared/referee-client.ts are bundled in; everything else is types).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { MENU_REQUESTS, type ApiResult, type MenuRequest, type RefereeApi, type RefereeAppView, type RefereeMethod } from '../shared/api'
import { IPC } from '../shared/ipc'
import { refereeClient } from '../shared/referee-client'

async function call(method: RefereeMethod, args: unknown[]): Promise<ApiResult<unknown>> {
  try {
    return (await ipcRenderer.invoke(IPC.refereeCall, method, args)) as ApiResult<unknown>
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: { code: 'transport-failed', message: `The main process could not be reached: ${message}` } }
  }
}

/** Messages from main on `channel`, handed on without the IpcRendererEvent (it carries `sender`). */
function listen<T>(channel: string, cb: (value: T) => void): () => void {
  const listener = (_event: IpcRendererEvent, value: T): void => cb(value)
  ipcRenderer.on(channel, listener)
  return () => {
    ipcRenderer.removeListener(channel, listener)
  }
}

const api: RefereeApi = {
  ...refereeClient(call, (cb) => listen<RefereeAppView>(IPC.refereeView, cb)),
  // Only a request the page knows: anything else on the channel is dropped.
  onMenu: (cb) => listen<unknown>(IPC.refereeMenu, (r) => (MENU_REQUESTS as readonly unknown[]).includes(r) && cb(r as MenuRequest)),
}

contextBridge.exposeInMainWorld('referee', api)
