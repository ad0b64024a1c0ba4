import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ipcMain } from 'electron'
import Store from 'electron-store'
import { copyAside } from '../host/persistence/fs-util'
import { notice } from '../shared/notices'
import { MemoryStore, openJsonObjectFile, writeSettingsFile, type KeyValueStore } from '../host/persistence/kv-store'

/**
 * The app's settings (roster, custom rulesets, languages, room, club night) in electron-store, as
 * `<userData>/settings.json`. electron-store on its own either wipes a damaged file
 * (`clearInvalidConfig`) or throws on start; we check the file first, and a damaged one is kept
 * aside with a notice (and the last good copy restored, if there is one) before
 * electron-store opens it. Writes are synchronous and checked (CheckedStore), so a setting is
 * complete on disk when the referee's call returns, or the call answers `storage-failed`.
 */
export function openSettingsStore(dir: string): KeyValueStore {
  const path = join(dir, 'settings.json')
  const { data, notices } = openJsonObjectFile(path)
  let store: Store<Record<string, unknown>>
  try {
    store = new Store<Record<string, unknown>>({
      cwd: dir,
      name: 'settings',
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
      watch: false,
    })
  } catch (e) {
    // electron-store cannot open the folder (unwritable, unreadable): the app still starts, with what
    // could be read, in memory; the host finds the folder unwritable and says that nothing is saved.
    ipcMain.removeAllListeners('electron-store-get-data')
    const memory = new MemoryStore(data)
    return {
      notices: [...notices, notice('settings.notOpened', { error: (e as Error).message })],
      get: (k) => memory.get(k),
      set: (k, v) => memory.set(k, v),
      delete: (k) => memory.delete(k),
    }
  }
  // Every write goes through the project's checked atomic write (temp file, every byte written,
  // fsync, read back, rename, fsync of the folder; then the last-good copy). conf's own write
  // (atomically) renames a short file over the good one on a full disk; this one throws instead and
  // leaves the previous file as it was, so the host answers `storage-failed`. (`_write` is conf's one
  // write path: set, delete, clear and the store setter all end in it.)
  ;(store as unknown as { _write: (value: unknown) => void })._write = (value) => writeSettingsFile(store.path, JSON.stringify(value, undefined, '\t'))
  // electron-store registers a sync IPC listener that hands any renderer the userData path, for its
  // renderer-side use. Our renderers never use it (their preloads expose no ipcRenderer), so the
  // only IPC channels stay those of src/shared/ipc.ts.
  ipcMain.removeAllListeners('electron-store-get-data')
  return {
    notices,
    get: (key) => structuredClone(store.get(key)),
    set: (key, value) => store.set(key, structuredClone(value)),
    delete: (key) => store.delete(key),
    backup: () => (existsSync(path) ? copyAside(path) : null),
  }
}
