import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { notice, noticeLine, type Notice } from '../../shared/notices'
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
  /** Remove a key (a setting no longer kept); durable when it returns. */
  delete?(key: string): void
  /**
   * Keep a copy of the stored data aside before the host replaces a damaged value. Returns where the
   * copy is (shown in the notice), or null when the store cannot do that.
   */
  backup?(): string | null
  /** Damage found when the store was opened; the host shows them as notices. */
  readonly notices?: readonly Notice[]
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
  delete(key: string): void {
    this.data.delete(key)
  }
}

/**
 * One JSON object in one file, rewritten atomically (temp file, fsync, rename) on every set.
 * An unreadable file (garbage, truncated, not an object) never stops it: the file is renamed aside
 * as `name.corrupt-<timestamp>`, a notice says so, and the store starts empty.
 */
export class JsonFileStore implements KeyValueStore {
  private data: Record<string, unknown> = {}
  readonly notices: Notice[] = []

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
    writeSettingsFile(this.path, JSON.stringify(next, null, 2) + '\n', this.durable)
    this.data = next
  }

  delete(key: string): void {
    if (!(key in this.data)) return
    const next = { ...this.data }
    delete next[key]
    writeSettingsFile(this.path, JSON.stringify(next, null, 2) + '\n', this.durable)
    this.data = next
  }

  backup(): string | null {
    return existsSync(this.path) ? copyAside(this.path) : null
  }
}

/** The copy of the settings file as last saved: a damaged settings file is recovered from it. */
export const lastGoodPath = (path: string): string => `${path}.last-good`

/**
 * Save the settings file: written atomically and checked (see writeFileAtomic) — it throws, leaving
 * the previous file intact, when the disk refuses. Then the same bytes go to the last-good copy
 * (best effort: if that fails, the older last-good copy stays, still a good file).
 */
export function writeSettingsFile(path: string, text: string, durable = true): void {
  writeFileAtomic(path, text, durable)
  try {
    writeFileAtomic(lastGoodPath(path), text, durable)
  } catch {
    /* the settings are saved; the last-good copy is one save older */
  }
}

function readObject(path: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * Read a file that must hold one JSON object. A missing file is empty; an unreadable one (garbage,
 * truncated, not an object) is renamed aside as `name.corrupt-<timestamp>` with a notice, and the data starts empty. Shared by JsonFileStore and the Electron app's electron-store.
 */
export function openJsonObjectFile(path: string): { data: Record<string, unknown>; notices: Notice[] } {
  try {
    mkdirSync(dirname(path), { recursive: true })
  } catch {
    // An uncreatable folder: the host finds it unwritable and says so; there is nothing to read.
  }
  if (!existsSync(path)) return { data: {}, notices: [] }
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    return { data: {}, notices: [notice('settings.fileUnreadable', { path, error: (e as Error).message })] }
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { data: parsed as Record<string, unknown>, notices: [] }
  } catch {
    // damaged: set aside below
  }
  const aside = setAside(path)
  const kept = aside ? noticeLine('settings.keptAs', { file: aside }) : noticeLine('settings.notMovedAside')
  // The last good copy (the same bytes as the last confirmed save) takes its place.
  const good = readObject(lastGoodPath(path))
  if (good) {
    let savedAt = '?'
    try {
      savedAt = statSync(lastGoodPath(path)).mtime.toISOString()
    } catch {
      /* the time is only for the notice */
    }
    let restored = true
    try {
      writeFileAtomic(path, JSON.stringify(good, null, 2) + '\n')
    } catch {
      restored = false
    }
    return {
      data: good,
      notices: [notice('settings.damaged', {}, [kept, noticeLine(restored ? 'settings.lastGoodRestored' : 'settings.lastGoodUsed', { savedAt })])],
    }
  }
  return {
    data: {},
    notices: [notice('settings.damaged', {}, [kept, noticeLine('settings.defaultsUsed')])],
  }
}
