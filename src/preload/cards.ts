/**
 * window.cards for the hidden print window (src/main/print.ts): the CardsApi, which only receives
 * the one CardsPayload the main process sends. The page has no way to send anything: the main
 * process learns that the page is rendered from its title (CARDS_TITLE_READY).
 * Built as one sandboxed CommonJS file (see src/preload/referee.ts).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { CardsApi } from '../shared/api'
import type { CardsPayload } from '../shared/cards'
import { IPC } from '../shared/ipc'

// Listening from the start: the payload may arrive before the page asks for it.
const arrived = new Promise<CardsPayload>((resolve) => {
  ipcRenderer.once(IPC.cardsPayload, (_event: IpcRendererEvent, payload: CardsPayload) => resolve(payload))
})

const api: CardsApi = {
  payload: () => arrived,
}

contextBridge.exposeInMainWorld('cards', api)
