import { z } from 'zod'
import { DEFAULT_ROOM_SETTINGS, type ApiResult } from '../../shared/api'
import { roomSettingsSchema } from '../../shared/api-schemas'
import { rulesetSchema, type Ruleset } from '../../shared/ruleset'
import { notice, noticeLine, type Notice, type NoticeLine } from '../../shared/notices'
import type { KeyValueStore } from './kv-store'
import { OK, fail, messageOf } from '../result'
import { normalizeName } from '../../shared/names'

const rosterName = z.string().trim().min(1).max(60)
const languageSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
const parsable = (v: string) => Number.isFinite(Date.parse(v))

/**
 * THE settings: every key the store holds → the store's name for it, its schema, and its value when
 * absent or damaged. The start salvages the library's by it (loadSettings), a run that cannot save
 * copies every key by it (data-folder.ts), and the two owners read and write by it: Library (the
 * roster, the rulesets, the languages, the room settings and port) and Club (the new night, renamed
 * players, the season's start; read at every use, so a damaged value counts as absent).
 */
export const SETTINGS = {
  roster: { key: 'roster', schema: z.array(rosterName), absent: [] as string[] },
  customRulesets: { key: 'customRulesets', schema: z.array(rulesetSchema), absent: [] as Ruleset[] },
  /** The referee window's language (null: the system's). */
  language: { key: 'language', schema: languageSchema.nullable(), absent: null },
  /** The projector's own language (null: the referee's). */
  projectorLanguage: { key: 'projectorLanguage', schema: languageSchema.nullable(), absent: null },
  room: { key: 'room', schema: roomSettingsSchema, absent: DEFAULT_ROOM_SETTINGS },
  /** The port the room on the LAN opened on last (null: never opened): the club's address stays the same. */
  roomPort: { key: 'roomPort', schema: z.number().int().min(1).max(65535).nullable(), absent: null },
  /** When the referee started a new club night (an ISO time). */
  newNightAt: { key: 'newNightAt', schema: z.string().refine(parsable).nullable(), absent: null },
  /** Renamed players (identity → identity); an entry that is not text is left out. */
  aliases: {
    key: 'playerAliases',
    schema: z
      .record(z.string(), z.unknown())
      .transform((o) => Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string'))),
    absent: {} as Record<string, string>,
  },
  /** When the season begins (YYYY-MM-DD, local); null: from the first saved game. */
  seasonStart: {
    key: 'seasonStart',
    schema: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine(parsable)
      .nullable(),
    absent: null,
  },
} as const satisfies Record<string, { key: string; schema: z.ZodType; absent: unknown }>

export type SettingName = keyof typeof SETTINGS
export type SettingValue<N extends SettingName> = z.output<(typeof SETTINGS)[N]['schema']>

/** The store's names of every setting (what a run that cannot save copies). */
export const SETTINGS_KEYS: readonly string[] = Object.values(SETTINGS).map((s) => s.key)

/** A setting as stored, or its `absent` value when it is missing or does not pass its schema. */
export function readSetting<N extends SettingName>(kv: KeyValueStore, name: N): SettingValue<N> {
  const r = SETTINGS[name].schema.safeParse(kv.get(SETTINGS[name].key))
  return r.success ? (r.data as SettingValue<N>) : (structuredClone(SETTINGS[name].absent) as SettingValue<N>)
}

/** Write one setting; a store that refuses answers `storage-failed`, naming `what` ("The rename"). */
export function saveSetting<N extends SettingName>(kv: KeyValueStore, name: N, value: SettingValue<N>, what = 'The settings'): ApiResult {
  try {
    kv.set(SETTINGS[name].key, value)
  } catch (e) {
    return fail('storage-failed', `${what} could not be saved: ${messageOf(e)}`)
  }
  return OK
}

/**
 * Older versions also listed the finished games here, a cache of the games folder (summaries only:
 * no game's commands). The games folder is the one store of finished games now (club/history.ts), so
 * the key is removed on start; nothing is lost, every finished game being its own file.
 */
export const LEGACY_FINISHED_GAMES_KEY = 'finishedGames'

/** The library's settings (library.ts), salvaged on start. */
export type LibraryKey = 'roster' | 'customRulesets' | 'language' | 'projectorLanguage' | 'room' | 'roomPort'
export type Settings = { [N in LibraryKey]: SettingValue<N> }

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

  const roster = salvageList(kv.get(SETTINGS.roster.key), SETTINGS.roster.schema.element)
  const rosterValue = dedupeNames(roster.value)
  if (roster.damaged) damaged.push(noticeLine('settings.roster', { count: rosterValue.length }))

  const rulesets = salvageList(kv.get(SETTINGS.customRulesets.key), SETTINGS.customRulesets.schema.element)
  const seenIds = new Set<string>()
  const rulesetValue = rulesets.value.filter((r) => (seenIds.has(r.id) ? false : (seenIds.add(r.id), true)))
  if (rulesets.damaged || rulesetValue.length !== rulesets.value.length)
    damaged.push(noticeLine('settings.rulesets', { kept: rulesetValue.length, unreadable: rulesets.dropped + rulesets.value.length - rulesetValue.length }))

  const readLanguage = (key: 'language' | 'projectorLanguage', what: NoticeLine): string | null => {
    const raw = kv.get(SETTINGS[key].key)
    if (raw === undefined || raw === null) return null
    const l = SETTINGS[key].schema.safeParse(raw)
    if (l.success) return l.data
    damaged.push(what)
    return null
  }
  const language = readLanguage('language', noticeLine('settings.language'))
  const projectorLanguage = readLanguage('projectorLanguage', noticeLine('settings.projectorLanguage'))

  const rawRoom = kv.get(SETTINGS.room.key)
  const room = readSetting(kv, 'room')
  if (rawRoom !== undefined && rawRoom !== null && !SETTINGS.room.schema.safeParse(rawRoom).success) damaged.push(noticeLine('settings.room'))

  // A damaged port is no loss worth a notice: the room opens on a free one and keeps that.
  const roomPort = readSetting(kv, 'roomPort')

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
      for (const name of ['roster', 'customRulesets', 'language', 'projectorLanguage', 'room'] as const) kv.set(SETTINGS[name].key, settings[name])
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
