import type { Language } from '../../shared/languages'
import type { Notice } from '../../shared/notices'
import type { ApiResult } from '../../shared/api'
import type { ClubView, GameRecord, SavedGameDetail, Standings } from '../../shared/club'
import type { Story } from '../../shared/story'
import type { Clock } from '../clock'
import type { KeyValueStore } from '../persistence/kv-store'
import { readSetting, saveSetting } from '../persistence/settings'
import { historyCsv, standingsCsv } from './csv'
import type { GameHistory, PreparedImport } from './history'
import { identityOf } from '../../shared/names'
import { resolveIdentity, season, standingsOf, tonight, type Aliases } from './standings'

/** At most this many renames are remembered (a club's whole membership, many times over). */
const MAX_ALIASES = 5000

/**
 * The club's evening: the saved games (GameHistory) and the standings, tonight's and of all saved
 * games. Owns no game in progress: the host archives finished games into the same folder.
 */
export class Club {
  constructor(
    private readonly history: GameHistory,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
    /** Minutes to subtract from local time to get UTC (Date#getTimezoneOffset). */
    private readonly tzOffset: () => number = () => new Date().getTimezoneOffset(),
  ) {}

  get newNightAt(): string | null {
    return readSetting(this.kv, 'newNightAt')
  }

  /** When the season begins (YYYY-MM-DD, local), as the referee set it; null: from the first saved game. */
  get seasonStart(): string | null {
    return readSetting(this.kv, 'seasonStart')
  }

  setSeasonStart(date: string | null): ApiResult {
    return saveSetting(this.kv, 'seasonStart', date, "The season's start")
  }

  /** The saved games and the standings (tonight, the season, all time); notices for damaged files set aside. */
  view(roster: readonly string[]): { view: ClubView; notices: Notice[] } {
    const { records, notices } = this.history.list()
    const now = new Date(this.clock.now())
    const newNightAt = this.newNightAt
    const aliases = this.aliases
    const seasonStart = this.seasonStart
    const thisSeason = season(records, seasonStart, this.tzOffset())
    return {
      view: {
        games: records,
        tonight: standingsOf(tonight(records, now, this.tzOffset(), newNightAt), roster, aliases),
        season: standingsOf(thisSeason.records, roster, aliases),
        seasonStart,
        seasonSince: thisSeason.since,
        allTime: standingsOf(records, roster, aliases),
        newNightAt,
      },
      notices,
    }
  }

  /** Renamed players (identity → identity); anything malformed in the store is ignored. */
  get aliases(): Aliases {
    return readSetting(this.kv, 'aliases')
  }

  /**
   * A player renamed in the roster takes their games along: `from`'s saved games count for `to`
   * from now on, in every standings (the saved games keep the names they were played with).
   * Answers how many finished games were carried.
   */
  carryHistory(from: string, to: string): ApiResult<{ games: number }> {
    const source = resolveIdentity(identityOf(from), this.aliases)
    // The new name is where the history lives from now on, even if it once pointed elsewhere.
    const target = identityOf(to)
    if (!source || !target) return { ok: false, error: { code: 'invalid-arguments', message: 'A name is empty.' } }
    if (source === target) return { ok: true, value: { games: 0 } }
    const games = standingsOf(this.history.list().records, [from], this.aliases).players.find((p) => p.name === from)?.games ?? 0
    const next: Record<string, string> = { ...this.aliases, [source]: target }
    delete next[target]
    if (Object.keys(next).length > MAX_ALIASES) return { ok: false, error: { code: 'invalid-arguments', message: `At most ${MAX_ALIASES} renames are kept.` } }
    const saved = saveSetting(this.kv, 'aliases', next, 'The rename')
    return saved.ok ? { ok: true, value: { games } } : saved
  }

  open(id: string): ApiResult<SavedGameDetail> {
    const g = this.history.open(id)
    if (!g.ok) return g
    const record = this.history.list().records.find((r) => r.id === id)
    const story = this.history.story(id)
    if (!record) return { ok: false, error: { code: 'not-found', message: 'That game is not in the saved games.' } }
    return { ok: true, value: { record, file: g.value.file, story: story.ok ? story.value : null } }
  }

  delete(id: string): ApiResult {
    return this.history.delete(id)
  }

  importText(text: string, id: string, now: Date, replace = false): ApiResult<GameRecord> {
    return this.history.importText(text, id, now, replace)
  }

  /** Save an import checked by prepareImport (in the import worker). */
  saveImport(prepared: PreparedImport, replace = false): ApiResult<GameRecord> {
    return this.history.saveImport(prepared, replace)
  }

  newNight(): ApiResult {
    return saveSetting(this.kv, 'newNightAt', new Date(this.clock.now()).toISOString(), 'The new night')
  }

  /** A CSV for the club's spreadsheet: headers in `lang`, its spreadsheets' separator. */
  csv(kind: 'tonight' | 'season' | 'allTime' | 'history', roster: readonly string[], lang: Language = 'en'): ApiResult<string> {
    const { view } = this.view(roster)
    if (kind === 'history') return { ok: true, value: historyCsv(view.games, lang) }
    return { ok: true, value: standingsCsv(view[kind], lang) }
  }

  tonightStandings(roster: readonly string[]): Standings {
    return this.view(roster).view.tonight
  }

  /** The season's standings and the day they count from (null: no game yet). */
  seasonStandings(roster: readonly string[]): { standings: Standings; since: string | null } {
    const v = this.view(roster).view
    return { standings: v.season, since: v.seasonSince }
  }

  story(id: string): ApiResult<Story> {
    return this.history.story(id)
  }
}
