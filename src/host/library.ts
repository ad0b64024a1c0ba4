import type { ApiResult, RefereeAppView, RoomSettings, SetupCheck } from '../shared/api'
import type { RoleCounts } from '../shared/roles'
import type { ProjectorOptions } from '../shared/views'
import { PRESET_IDS, type Ruleset } from '../shared/ruleset'
import { PRESETS, setupProblems, suggestCounts, setupWarningLines } from '../engine'
import { tableNameProblems } from '../shared/look-alike'
import { normalizeName } from '../shared/names'
import type { KeyValueStore } from './persistence/kv-store'
import { saveSetting, type LibraryKey, type Settings } from './persistence/settings'
import { OK, fail, ok } from './result'

/**
 * The library: the presets, the custom rulesets, the club roster, the windows' languages and the
 * room settings (projector and sound). It owns
 * these settings: a change is written to the settings store first and kept only once it is saved.
 */
export class Library {
  private readonly kv: KeyValueStore
  private readonly settings: Pick<Settings, LibraryKey>

  constructor(kv: KeyValueStore, loaded: Pick<Settings, LibraryKey>) {
    this.kv = kv
    this.settings = {
      roster: loaded.roster,
      customRulesets: loaded.customRulesets,
      language: loaded.language,
      projectorLanguage: loaded.projectorLanguage,
      room: loaded.room,
      roomPort: loaded.roomPort,
    }
  }

  view(): Pick<RefereeAppView, 'presets' | 'customRulesets' | 'roster'> {
    return {
      presets: PRESET_IDS.map((id) => structuredClone(PRESETS[id])),
      customRulesets: structuredClone(this.settings.customRulesets),
      roster: [...this.settings.roster],
    }
  }

  get roster(): readonly string[] {
    return this.settings.roster
  }

  /** How the room is shown the game (voters named, the chimes' volume and mute). */
  get room(): RoomSettings {
    return this.settings.room
  }

  /** What the projector's and the phones' views show by the room settings (voters named or not). */
  get projectorOptions(): ProjectorOptions {
    return { showVoters: this.settings.room.showVoters }
  }

  setRoom(room: RoomSettings): ApiResult {
    return this.save('room', structuredClone(room))
  }

  /** The room on the LAN's port of last time (the club's address). */
  get roomPort(): number | null {
    return this.settings.roomPort
  }

  setRoomPort(port: number): ApiResult {
    return this.save('roomPort', port)
  }

  get language(): string | null {
    return this.settings.language
  }

  /** The projector's own language (null: it follows the referee's). */
  get projectorLanguage(): string | null {
    return this.settings.projectorLanguage
  }

  /** The referee window's language and the projector's own (null: follow the referee); both checked by the API schema. */
  setLanguages(language: string, projectorLanguage: string | null): ApiResult {
    const saved = this.save('language', language)
    if (!saved.ok) return saved
    return this.save('projectorLanguage', projectorLanguage)
  }

  saveRoster(names: string[]): ApiResult {
    // The roster is checked as one table: the same rule (src/shared/look-alike.ts).
    const clean = names.map(normalizeName)
    const problems = tableNameProblems(clean)
    if (problems.length)
      return fail(
        'invalid-arguments',
        problems
          .map((p) => p.message)
          .join(' ')
          .replace(/\(seat \d+\) /g, ''),
      )
    return this.save('roster', clean)
  }

  saveRuleset(r: Ruleset): ApiResult {
    if (isPreset(r.id)) return fail('preset-readonly', `"${r.id}" is a preset; save your changes under a new id.`)
    const list = this.settings.customRulesets
    const i = list.findIndex((x) => x.id === r.id)
    if (i < 0 && list.length >= 200) return fail('invalid-arguments', 'At most 200 custom rulesets can be kept.')
    return this.save('customRulesets', i < 0 ? [...list, r] : list.map((x, j) => (j === i ? r : x)))
  }

  deleteRuleset(id: string): ApiResult {
    if (isPreset(id)) return fail('preset-readonly', 'A preset cannot be deleted.')
    const next = this.settings.customRulesets.filter((x) => x.id !== id)
    if (next.length === this.settings.customRulesets.length) return fail('not-found', `There is no custom ruleset "${id}".`)
    return this.save('customRulesets', next)
  }

  private save<K extends LibraryKey>(key: K, value: Settings[K]): ApiResult {
    const saved = saveSetting(this.kv, key, value)
    if (!saved.ok) return saved
    this.settings[key] = value
    return OK
  }
}

const isPreset = (id: string): boolean => (PRESET_IDS as readonly string[]).includes(id)

/** The host's advice on a table before a deal: suggested counts, what stops a game, warnings. */
export function checkSetup(r: Ruleset, players: string[], counts: RoleCounts | undefined): ApiResult<SetupCheck> {
  const suggested = suggestCounts(r, players.length)
  const c = counts ?? suggested
  const problems = setupProblems(r, players.map(normalizeName), c)
  const warnings = setupWarningLines(r, players.length, c)
  return ok({
    suggested,
    problems: [...problems.map((p) => p.message)],
    warnings: warnings.map((w) => w.message),
    problemLines: problems.map(({ key, params }) => ({ key, params })),
    warningLines: warnings.map(({ key, params }) => ({ key, params })),
  })
}
