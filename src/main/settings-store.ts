import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ipcMain } from 'electron'
import Store from 'electron-store'
import { copyAside } from './host/persistence/fs-util'
import { openJsonObjectFile, type KeyValueStore } from './host/persistence/kv-store'

/**
 * The app's settings (roster, custom rulesets, finished-game summaries) in electron-store, as
 * `<userData>/settings.json`. electron-store on its own either wipes a damaged file
 * (`clearInvalidConfig`) or throws on start; we check the file first, and a damaged one is kept
 * aside with a plain-words notice before electron-store opens a fresh one. Writes are synchronous
 * (conf writes atomically), so a setting is on disk when the referee's call returns.
 */
export function openSettingsStore(dir: string): KeyValueStore {
  const path = join(dir, 'settings.json')
  const { notices } = openJsonObjectFile(path)
  const store = new Store<Record<string, unknown>>({
    cwd: dir,
    name: 'settings',
    clearInvalidConfig: false,
    accessPropertiesByDotNotation: false,
    watch: false,
  })
  // electron-store registers a sync IPC listener that hands any renderer the userData path, for its
  // renderer-side use. Our renderers never use it (their preloads expose no ipcRenderer), so the
  // only IPC channels stay those of src/shared/ipc.ts.
  ipcMain.removeAllListeners('electron-store-get-data')
  return {
    notices,
    get: (key) => structuredClone(store.get(key)),
    set: (key, value) => store.set(key, structuredClone(value)),
    backup: () => (existsSync(path) ? copyAside(path) : null),
  }
}
