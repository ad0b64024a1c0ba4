import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { notice, type Notice } from '../../shared/notices'
import { MemoryStore, type KeyValueStore } from './kv-store'
import { SETTINGS_KEYS, loadSettings, type Settings } from './settings'

/**
 * The data folder at start-up: can it be written? If not, the host still runs — for play, without
 * saving — and says so at once on the referee window (not at the first refused click).
 */

/** Which folder (the data folder, or its journal or games folder) cannot be written and why, or null if all can. */
export function dataFolderProblem(dataDir: string): { folder: string; error: string } | null {
  for (const dir of [dataDir, join(dataDir, 'journal'), join(dataDir, 'games')]) {
    if (dir !== dataDir && !existsSync(dir)) continue
    const probe = join(dir, `.write-check-${process.pid}`)
    try {
      mkdirSync(dir, { recursive: true })
      const fd = openSync(probe, 'w')
      try {
        writeSync(fd, 'ok\n')
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
      rmSync(probe)
    } catch (e) {
      try {
        rmSync(probe, { force: true })
      } catch {
        /* the probe could not even be created */
      }
      return { folder: dir, error: (e as Error).message }
    }
  }
  return null
}

export const notSavingNotice = (dataDir: string, problem: { folder: string; error: string }): Notice =>
  notice('notSaving', { folder: dataDir, error: `${problem.folder}: ${problem.error}` })

/** The settings as they are now, in memory (for a run that cannot save). Unreadable values are left out. */
export function memorySnapshot(kv: KeyValueStore): MemoryStore {
  const values: Record<string, unknown> = {}
  for (const key of SETTINGS_KEYS) {
    try {
      const v = kv.get(key)
      if (v !== undefined) values[key] = v
    } catch {
      /* left out: defaults for it */
    }
  }
  return new MemoryStore(values)
}

/**
 * The settings at start, never failing because of the data folder (docs/host.md, "Damage"): the
 * store itself when the folder can be written, else a copy in memory (saving is false, and the
 * first notice says so); an unreadable store gives the defaults and a notice.
 */
export function openSettings(store: KeyValueStore, dataDir: string): { kv: KeyValueStore; saving: boolean; settings: Settings; notices: Notice[] } {
  const problem = dataFolderProblem(dataDir)
  const kv = problem === null ? store : memorySnapshot(store)
  const first = problem === null ? [] : [notSavingNotice(dataDir, problem)]
  try {
    const loaded = loadSettings(kv)
    return { kv, saving: problem === null, settings: loaded.settings, notices: [...first, ...loaded.notices] }
  } catch (e) {
    const notices = [...first, notice('settings.unreadable', { error: (e as Error).message })]
    return { kv, saving: problem === null, settings: loadSettings(new MemoryStore()).settings, notices }
  }
}
