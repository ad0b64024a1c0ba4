import { contextBridge, ipcRenderer } from 'electron'

// Placeholder: the app team replaces this with the real RefereeApi from src/shared.
export interface RefereeApi {
  /** Round-trips to the main process; resolves to "pong". */
  ping(): Promise<string>
}

const REFEREE_PING = 'nightfall:referee:ping'

const api: RefereeApi = {
  ping: async () => String(await ipcRenderer.invoke(REFEREE_PING)),
}

contextBridge.exposeInMainWorld('referee', api)
