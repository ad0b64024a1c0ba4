/**
 * window.referee: the RefereeApi (src/shared/api.ts), and nothing else. Each method sends its own
 * fixed name and its argument list on the one call channel; the main process checks the sender and
 * the host validates the arguments. Built as one sandboxed CommonJS file: it may import only
 * `electron` at run time (src/shared/ipc.ts, the method list of src/shared/api.ts and
 * src/shared/referee-client.ts are bundled in; everything else is types).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { ApiResult, RefereeApi, RefereeAppView, RefereeMethod } from '../shared/api'
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

const api: RefereeApi = refereeClient(call, (cb) => {
  // The page gets the view only, never the IpcRendererEvent (it carries `sender`).
  const listener = (_event: IpcRendererEvent, view: RefereeAppView): void => cb(view)
  ipcRenderer.on(IPC.refereeView, listener)
  return () => {
    ipcRenderer.removeListener(IPC.refereeView, listener)
  }
})

contextBridge.exposeInMainWorld('referee', api)
