import { app, dialog, type BrowserWindow } from 'electron'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ApiError, ApiResult, PrintOutcome, PrintOutput } from '../shared/api'
import { CARDS_TITLE_FAILED, CARDS_TITLE_READY, type CardsPayload } from '../shared/cards'
import { IPC } from '../shared/ipc'
import { alive, createWindow } from './windows'

/**
 * Printing role cards (the host's `printCards`): a hidden window on the cards page, with its own
 * preload that can only receive the payload (src/preload/cards.ts). The page says it is rendered
 * through its title, so it needs no IPC to answer. Then `print()` opens the system print dialog, or
 * `printToPDF()` writes the file the user chose in a save dialog (asked first, so cancelling renders
 * nothing). Nothing with roles on it is written anywhere else; the window is destroyed afterwards.
 */

const RENDER_TIMEOUT_MS = 30_000

const fail = (code: string, message: string): { ok: false; error: ApiError } => ({ ok: false, error: { code, message } })
const done = (value: PrintOutcome): { ok: true; value: PrintOutcome } => ({ ok: true, value })

export function createCardsPrinter(parent: () => BrowserWindow | undefined) {
  let busy = false
  return async (payload: CardsPayload, output: PrintOutput): Promise<ApiResult<PrintOutcome>> => {
    if (busy) return fail('busy', 'Cards are being printed already.')
    busy = true
    try {
      let path: string | undefined
      if (output === 'pdf') {
        const options = {
          title: 'Save role cards as PDF',
          defaultPath: join(
            app.getPath('documents'),
            `nightfall-${payload.kind === 'sheet' ? 'referee-sheet' : payload.kind === 'rules' ? 'rules' : `${payload.kind}-cards`}.pdf`,
          ),
          filters: [{ name: 'PDF', extensions: ['pdf'] }],
        }
        const owner = alive(parent())
        const answer = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
        if (answer.canceled || !answer.filePath) return done({ done: 'cancelled' })
        path = answer.filePath
      }
      const window = createWindow('cards')
      try {
        await rendered(window, payload)
        if (path !== undefined) {
          const pdf = await window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true })
          await writeFile(path, pdf)
          return done({ done: 'saved', path })
        }
        const printed = await new Promise<{ success: boolean; reason: string }>((resolve) => {
          window.webContents.print({ silent: false, printBackground: true }, (success, reason) => resolve({ success, reason }))
        })
        if (printed.success) return done({ done: 'printed' })
        return printed.reason === 'cancelled' ? done({ done: 'cancelled' }) : fail('print-failed', `Printing failed: ${printed.reason}.`)
      } finally {
        if (!window.isDestroyed()) window.destroy()
      }
    } catch (e) {
      return fail('print-failed', `The cards could not be printed: ${(e as Error)?.message ?? String(e)}`)
    } finally {
      busy = false
    }
  }
}

/** Hand the payload over once the page has loaded (its preload is listening), then wait for "ready" in its title. */
function rendered(window: BrowserWindow, payload: CardsPayload): Promise<void> {
  const contents = window.webContents
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the cards page did not finish rendering')), RENDER_TIMEOUT_MS)
    contents.on('page-title-updated', (_event, title) => {
      if (title.endsWith(CARDS_TITLE_READY)) {
        clearTimeout(timer)
        resolve()
      } else if (title.endsWith(CARDS_TITLE_FAILED)) {
        clearTimeout(timer)
        reject(new Error('the cards page could not render these cards'))
      }
    })
    contents.once('did-finish-load', () => contents.send(IPC.cardsPayload, payload))
    window.once('closed', () => {
      clearTimeout(timer)
      reject(new Error('the print window was closed'))
    })
  })
}
