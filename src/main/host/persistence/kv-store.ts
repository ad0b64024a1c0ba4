import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { copyAside, setAside, writeFileAtomic } from './fs-util'

/**
 * The settings store the host reads and writes (roster, custom rulesets, language, finished-game
 * summaries). JsonFileStore is the Node implementation (browser mode, tests, and it works in
 * Electron's main process too); an electron-store-backed one only has to offer the same methods.
 */
export interface KeyValueStore {
  get(key: string): unknown
  /** Durable when it returns; throws if the value could not be written. */
  set(key: string, value: unknown): void
  /**
   * Keep a copy of the stored data aside before the host replaces a damaged value. Returns where the
   * copy is (shown in the notice), or null when the store cannot do that.
   */
  backup?(): string | null
  /** Damage found when the store was opened, in plain words; the host shows them as notices. */
  readonly notices?: readonly string[]
}

/** In memory only: for tests and for when no data folder can be written. */
export class MemoryStore implements KeyValueStore {
  private data = new Map<string, unknown>()
  constructor(initial: Record<string, unknown> = {}) {
    for (const [k, v] of Object.entries(initial)) this.data.set(k, structuredClone(v))
  }
  get(key: string): unknown {
    return structuredClone(this.data.get(key))
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value))
  }
}

/**
 * One JSON object in one file, rewritten atomically (temp file, fsync, rename) on every set.
 * An unreadable file (garbage, truncated, not an object) never stops it: the file is renamed aside
 * as `name.corrupt-<timestamp>`, a notice says so, and the store starts empty.
 */
export class JsonFileStore implements KeyValueStore {
  private data: Record<string, unknown> = {}
  readonly notices: string[] = []

  constructor(
    readonly path: string,
    private readonly durable = true,
  ) {
    const opened = openJsonObjectFile(path)
    this.data = opened.data
    this.notices.push(...opened.notices)
  }

  get(key: string): unknown {
    return structuredClone(this.data[key])
  }

  set(key: string, value: unknown): void {
    const next = { ...this.data, [key]: structuredClone(value) }
    writeFileAtomic(this.path, JSON.stringify(next, null, 2) + '\n', this.durable)
    this.data = next
  }

  backup(): string | null {
    return existsSync(this.path) ? copyAside(this.path) : null
  }
}

/**
 * Read a file that must hold one JSON object. A missing file is empty; an unreadable one (garbage,
 * truncated, not an object) is renamed aside as `name.corrupt-<timestamp>` with a plain-words
 * notice, and the data starts empty. Shared by JsonFileStore and the Electron app's electron-store.
 */
export function openJsonObjectFile(path: string): { data: Record<string, unknown>; notices: string[] } {
  mkdirSync(dirname(path), { recursive: true })
  if (!existsSync(path)) return { data: {}, notices: [] }
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    return { data: {}, notices: [`The settings file ${path} could not be read (${(e as Error).message}); defaults are used for now.`] }
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { data: parsed as Record<string, unknown>, notices: [] }
  } catch {
    // damaged: set aside below
  }
  const aside = setAside(path)
  return {
    data: {},
    notices: [
      aside
        ? `The settings file was damaged; it was kept as ${aside} and defaults were used.`
        : `The settings file ${path} was damaged and could not be moved aside; defaults were used.`,
    ],
  }
}
