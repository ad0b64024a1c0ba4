/**
 * The host: engine + journal + clocks + view fan-out, in plain Node (no Electron). The Electron glue
 * and the browser transport (src/web) both drive a GameHost. See docs/host.md.
 */
import { join } from 'node:path'
import { GameHost, type GameHostOptions } from './game-host'
import { JsonFileStore } from './persistence/kv-store'

export { GameHost, type GameHostOptions, type HostRandom, type Estimator, type HostErrorCode } from './game-host'
export { FakeClock, systemClock, type Clock } from './clock'
export { JsonFileStore, MemoryStore, type KeyValueStore } from './persistence/kv-store'
export { recoverJournal, JournalWriter, type JournalRecord } from './persistence/journal'
export { cryptoDraw, cryptoPermutation, cryptoRandom } from './random'

/** A host whose settings are `<dataDir>/settings.json`, journal `<dataDir>/journal/`, games `<dataDir>/games/`. */
export function createFileHost(
  dataDir: string,
  opts: Omit<GameHostOptions, 'dataDir' | 'settings'> & { settings?: GameHostOptions['settings'] } = {},
): GameHost {
  return new GameHost({ ...opts, dataDir, settings: opts.settings ?? new JsonFileStore(join(dataDir, 'settings.json'), opts.durable ?? true) })
}
