import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { MemoryStore, type KeyValueStore } from './kv-store'
import { SETTINGS_KEYS } from './settings'

/**
 * The data folder at start-up: can it be written? If not, the host still runs — for play, without
 * saving — and says so at once on the referee window (not at the first refused click).
 */

/** Why the data folder (or its journal or games folder) cannot be written, or null if it can. */
export function dataFolderProblem(dataDir: string): string | null {
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
      return `${dir}: ${(e as Error).message}`
    }
  }
  return null
}

export const notSavingNotice = (dataDir: string, why: string): string =>
  `Nothing is being saved: the data folder ${dataDir} cannot be written (${why}). ` +
  'You can play, but the game in progress, the roster, the rulesets and finished games are kept only until Nightfall closes. ' +
  'Free some space or fix the folder, then restart Nightfall to save again.'

/** The settings as they are now, in memory (for a run that cannot save). Unreadable values are left out. */
export function memorySnapshot(kv: KeyValueStore): MemoryStore {
  const values: Record<string, unknown> = {}
  for (const key of Object.values(SETTINGS_KEYS)) {
    try {
      const v = kv.get(key)
      if (v !== undefined) values[key] = v
    } catch {
      /* left out: defaults for it */
    }
  }
  return new MemoryStore(values)
}
