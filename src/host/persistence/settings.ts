import { z } from 'zod'
import { DEFAULT_ROOM_SETTINGS, type RoomSettings } from '../../shared/api'
import { roomSettingsSchema } from '../../shared/api-schemas'
import { rulesetSchema, type Ruleset } from '../../shared/ruleset'
import { notice, noticeLine, type Notice, type NoticeLine } from '../../shared/notices'
import type { KeyValueStore } from './kv-store'
import { normalizeName } from '../../shared/names'

/** What the settings store holds, and how each value is checked (and salvaged) when read. */

export const SETTINGS_KEYS = {
  roster: 'roster',
  customRulesets: 'customRulesets',
  language: 'language',
  projectorLanguage: 'projectorLanguage',
  room: 'room',
  roomPort: 'roomPort',
} as const

/**
 * Older versions also listed the finished games here, a cache of the games folder (summaries only:
 * no game's commands). The games folder is the one store of finished games now (club/history.ts), so
 * the key is removed on start; nothing is lost, every finished game being its own file.
 */
export const LEGACY_FINISHED_GAMES_KEY = 'finishedGames'

export interface Settings {
  roster: string[]
  customRulesets: Ruleset[]
  /** The referee window's language (null: the system's). */
  language: string | null
  /** The projector's own language (null: the referee's). */
  projectorLanguage: string | null
  room: RoomSettings
  /** The port the room on the LAN opened on last (null: never opened): the club's address stays the same. */
  roomPort: number | null
}

const rosterName = z.string().trim().min(1).max(60)
const languageSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)

/** Keep the valid items of a list; report whether anything was dropped. */
function salvageList<T>(raw: unknown, item: z.ZodType<T>): { value: T[]; damaged: boolean; dropped: number } {
  if (raw === undefined) return { value: [], damaged: false, dropped: 0 }
  if (!Array.isArray(raw)) return { value: [], damaged: true, dropped: 1 }
  const value: T[] = []
  for (const x of raw) {
    const r = item.safeParse(x)
    if (r.success) value.push(r.data)
  }
  return { value, damaged: value.length !== raw.length, dropped: raw.length - value.length }
}

/**
 * A stored roster, cleaned (src/shared/names.ts) and without a name twice. Look-alikes are kept (an
 * older version let them in): the setup check names them when they are seated together.
 */
export function dedupeNames(names: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of names) {
    const n = normalizeName(raw)
    const key = n.toLocaleLowerCase()
    if (!n || seen.has(key)) continue
    seen.add(key)
    out.push(n)
  }
  return out
}

/**
 * Read every setting, keep what is valid, and say (as a notice) what was not. When anything was
 * damaged the store's data is first copied aside (nothing is lost) and the repaired values written back.
 */
export function loadSettings(kv: KeyValueStore): { settings: Settings; notices: Notice[] } {
  const notices: Notice[] = [...(kv.notices ?? [])]
  const damaged: NoticeLine[] = []

  const roster = salvageList(kv.get(SETTINGS_KEYS.roster), rosterName)
  const rosterValue = dedupeNames(roster.value)
  if (roster.damaged) damaged.push(noticeLine('settings.roster', { count: rosterValue.length }))

  const rulesets = salvageList(kv.get(SETTINGS_KEYS.customRulesets), rulesetSchema)
  const seenIds = new Set<string>()
  const rulesetValue = rulesets.value.filter((r) => (seenIds.has(r.id) ? false : (seenIds.add(r.id), true)))
  if (rulesets.damaged || rulesetValue.length !== rulesets.value.length)
    damaged.push(noticeLine('settings.rulesets', { kept: rulesetValue.length, unreadable: rulesets.dropped + rulesets.value.length - rulesetValue.length }))

  const readLanguage = (key: 'language' | 'projectorLanguage', what: NoticeLine): string | null => {
    const raw = kv.get(SETTINGS_KEYS[key])
    if (raw === undefined || raw === null) return null
    const l = languageSchema.safeParse(raw)
    if (l.success) return l.data
    damaged.push(what)
    return null
  }
  const language = readLanguage('language', noticeLine('settings.language'))
  const projectorLanguage = readLanguage('projectorLanguage', noticeLine('settings.projectorLanguage'))

  const rawRoom = kv.get(SETTINGS_KEYS.room)
  let room: RoomSettings = structuredClone(DEFAULT_ROOM_SETTINGS)
  if (rawRoom !== undefined && rawRoom !== null) {
    const r = roomSettingsSchema.safeParse(rawRoom)
    if (r.success) room = r.data
    else damaged.push(noticeLine('settings.room'))
  }

  // A damaged port is no loss worth a notice: the room opens on a free one and keeps that.
  const port = z.number().int().min(1).max(65535).safeParse(kv.get(SETTINGS_KEYS.roomPort))
  const roomPort = port.success ? port.data : null

  const settings: Settings = { roster: rosterValue, customRulesets: rulesetValue, language, projectorLanguage, room, roomPort }
  if (damaged.length) {
    let aside: string | null = null
    try {
      aside = kv.backup?.() ?? null
    } catch {
      aside = null
    }
    notices.push(notice('settings.partDamaged', {}, [...damaged, ...(aside ? [noticeLine('settings.originalKeptAs', { file: aside })] : [])]))
    try {
      kv.set(SETTINGS_KEYS.roster, settings.roster)
      kv.set(SETTINGS_KEYS.customRulesets, settings.customRulesets)
      kv.set(SETTINGS_KEYS.language, settings.language)
      kv.set(SETTINGS_KEYS.projectorLanguage, settings.projectorLanguage)
      kv.set(SETTINGS_KEYS.room, settings.room)
    } catch (e) {
      notices.push(notice('settings.repairNotSaved', { error: (e as Error).message }))
    }
  }
  // After any copy aside above, so that copy is the file as it was.
  if (kv.get(LEGACY_FINISHED_GAMES_KEY) !== undefined) {
    try {
      kv.delete?.(LEGACY_FINISHED_GAMES_KEY)
    } catch {
      // Left as it is: nothing reads it any more.
    }
  }
  return { settings, notices }
}
