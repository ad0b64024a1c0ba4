import type { CardsPayload, CardsRequest } from './cards'
import type { RefereeCommand } from './commands'
import type { ClubView, GameRecord, SavedGameDetail, Standings } from './club'
import type { GameFile } from './game-file'
import type { Notice } from './notices'
import type { ApiResult } from './api-result'
import type { RulesText } from './rules-text'
import type { Story } from './story'
import type { RoleCounts, RoleId } from './roles'
import type { Ruleset } from './ruleset'
import type { RoomView } from './room'
import type { Line, ProjectorView, RefereeView } from './views'

/**
 * The two window APIs. src/preload/referee.ts and src/preload/projector.ts expose exactly these
 * (window.referee, window.projector); the browser transport (npm run start:web) implements the same
 * types, so tests drive the real renderer against the real host.
 */

export type { ApiError, ApiResult } from './api-result'

export interface StartGameRequest {
  ruleset: Ruleset
  players: string[]
  counts: RoleCounts
  /** 'digital': the host shuffles with crypto. 'physical': cards dealt by hand; knownRoles may record some now. */
  dealMode: 'digital' | 'physical'
  knownRoles?: (RoleId | null)[]
}

export interface EstimateRequest {
  ruleset: Ruleset
  players: number
  counts: RoleCounts
  policy: 'random' | 'informed'
  /** How well the town reads the table, 0–1: the chance that a day's execution hits a mafioso above the policy's own choice (default 0). */
  read?: number
  /** The most games to play. */
  games: number
  /** Stop once every outcome's 95% interval is within ± this (e.g. 0.01); absent: play all `games`. */
  precision?: number
}

export interface Estimate {
  games: number
  town: number
  mafia: number
  draw: number
  /** 95% interval half-widths. */
  townCi: number
  mafiaCi: number
  drawCi: number
  meanDays: number
}

/** The host's advice on a table before a deal: the suggested counts, what stops a game, and warnings. */
export interface SetupCheck {
  suggested: RoleCounts
  /** In English words (logs, the CLI). */
  problems: string[]
  warnings: string[]
  /** The same as line ids under `check.` with parameters, for the window's language (a `role` parameter is a role id). */
  problemLines: Line[]
  warningLines: Line[]
}

export interface SavedGameSummary {
  id: string
  rulesetName: string
  players: string[]
  phase: string
  dayNumber: number
  savedAt: string
  winner: string | null
}

/** The projector's chimes (clock warning and time-up): volume 0–100, and mute. */
export interface SoundSettings {
  volume: number
  muted: boolean
}

/** How the room is shown the game: the referee's settings for the projector, kept with the app's settings. */
export interface RoomSettings {
  /** Name who raised a hand in a vote on the projector (open-hand votes are public). */
  showVoters: boolean
  sound: SoundSettings
}

export const DEFAULT_ROOM_SETTINGS: RoomSettings = Object.freeze({ showVoters: true, sound: Object.freeze({ volume: 70, muted: false }) })

/** Everything the referee window shows, pushed after every change. */
export interface RefereeAppView {
  /** 'setup' until a game is started; 'game' while one is open (running or just over). */
  screen: 'setup' | 'game'
  presets: Ruleset[]
  customRulesets: Ruleset[]
  roster: string[]
  /** An unfinished game found on start, offered for resume. */
  resumable: SavedGameSummary | null
  game: RefereeView | null
  /** The game log's newest lines (at most 100), described, oldest first; older ones through logLines. */
  log: Line[]
  /** How many lines the whole log has: `log` holds lines logTotal - log.length .. logTotal - 1. */
  logTotal: number
  /** The host's notices (e.g. a settings file was damaged and set aside): line ids with parameters, and the English message (src/shared/notices.ts). */
  notices: Notice[]
  /** Host clock offset help: host ms at the time this view was sent. */
  sentAt: number
  projectorFullscreen: boolean
  /** What the projector shows instead of the game, at the referee's choice (src/shared/club.ts). */
  projectorShows: ProjectorShows
  /** The referee window's chosen language (null: not chosen, the system's is used). */
  language: string | null
  /** The projector's own language (null: it follows the referee's). */
  projectorLanguage: string | null
  room: RoomSettings
  /** The room on the LAN: its address, the phones and TVs (src/shared/room.ts, docs/room.md). */
  lan: RoomView
}

/** Which standings: tonight's or the season's. */
export type StandingsPeriod = 'tonight' | 'season'

/** 'game' (the game or the idle screen), a finished game's story at a page, or the standings (tonight's or the season's). */
export type ProjectorShows =
  | { kind: 'game' }
  | { kind: 'story'; gameId: string | null; index: number; pages: number }
  | { kind: 'standings'; period: StandingsPeriod }
  /** How the ruleset plays (src/shared/rules-text.ts), at a page. */
  | { kind: 'rules'; index: number; pages: number }

/** The referee's choice of what the projector shows: a story (gameId null: the game just finished) or the standings. */
export type ProjectorChoice =
  | { kind: 'game' }
  | { kind: 'story'; gameId: string | null; index: number }
  /** Tonight's standings (the default) or the season's. */
  | { kind: 'standings'; period?: StandingsPeriod }
  /** How a ruleset plays, at a page: the ruleset the referee is setting up, or (null) the open game's. */
  | { kind: 'rules'; ruleset: Ruleset | null; index: number }

/**
 * What only a transport that can drop knows (the browser mode's HTTP and SSE): whether the host is
 * reachable now. The Electron preloads have no such member: their IPC does not drop.
 */
export interface ConnectionWatch {
  /** 'browser' in the browser mode (npm run start:web). */
  readonly transport?: 'browser'
  /** Called with false as soon as the host is lost, with true when it answers again. */
  onConnection?(cb: (connected: boolean) => void): () => void
}

export interface RefereeApi extends ConnectionWatch {
  onView(cb: (v: RefereeAppView) => void): () => void
  /** The application menu asks the page for something only it shows (Electron only: the browser mode has no menu). */
  onMenu?(cb: (request: MenuRequest) => void): () => void
  /** Ask for the current view (also pushed through onView). */
  ready(): Promise<RefereeAppView>

  // setup and library
  saveRoster(names: string[]): Promise<ApiResult>
  saveRuleset(ruleset: Ruleset): Promise<ApiResult>
  deleteRuleset(id: string): Promise<ApiResult>
  /** Suggested role counts for this ruleset and table, and problems/warnings for the given counts. */
  checkSetup(ruleset: Ruleset, players: string[], counts?: RoleCounts): Promise<ApiResult<SetupCheck>>
  startGame(req: StartGameRequest): Promise<ApiResult>
  rematch(): Promise<ApiResult>
  resumeGame(): Promise<ApiResult>
  discardSavedGame(): Promise<ApiResult>
  closeGame(): Promise<ApiResult>
  exportGame(): Promise<ApiResult<GameFile>>
  /**
   * One player's role, for the private hand-around reveal. Needed only while the operator is a
   * blind player (the view then carries no roles); allowed then only before the game's first step.
   */
  revealRole(seat: number): Promise<ApiResult<RoleId | null>>
  dismissNotice(index: number): Promise<ApiResult>
  estimate(req: EstimateRequest): Promise<ApiResult<Estimate>>
  toggleProjectorFullscreen(): Promise<ApiResult>
  /** The referee window's language, and the projector's when it differs (null: follow the referee). Kept in the settings. */
  setLanguage(language: string, projectorLanguage: string | null): Promise<ApiResult>
  /** The room settings: voters named on the projector, the chimes' volume and mute. */
  setRoomSettings(room: RoomSettings): Promise<ApiResult>

  // printing (src/shared/cards.ts; the cards page, src/renderer/cards)
  /**
   * What the cards page renders: a deck (counts only), personal cards or the referee's sheet.
   * Personal cards and the sheet come from the game in progress and are refused while the operator
   * is a blind player (the blind-operator variant hides roles).
   */
  cardsPayload(req: CardsRequest): Promise<ApiResult<CardsPayload>>
  /**
   * Print the cards: 'print' opens the system print dialog, 'pdf' asks where to save a PDF. The
   * Electron app renders them in a hidden window; the browser mode opens the cards page ready to print.
   */
  printCards(req: CardsRequest, output: PrintOutput): Promise<ApiResult<PrintOutcome>>

  /**
   * One game action: an engine Command without what the host supplies (its clock `at`, its crypto
   * `draw`). Parsed by the engine's command schema (src/shared/commands.ts), then decided by the engine.
   */
  play(command: RefereeCommand): Promise<ApiResult>
  undo(steps?: number): Promise<ApiResult>
  /** Older lines of the open game's log: `count` lines from line `from` (oldest first). */
  logLines(from: number, count: number): Promise<ApiResult<Line[]>>

  // the club night (src/shared/club.ts)
  /** The saved games, newest first, and tonight's and all-time standings. */
  clubView(): Promise<ApiResult<ClubView>>
  /** A saved game: its file (to export) and, when it is finished, its story. */
  openSavedGame(id: string): Promise<ApiResult<SavedGameDetail>>
  /** The story of the open game, refused until the game is over. */
  currentStory(): Promise<ApiResult<Story>>
  deleteSavedGame(id: string): Promise<ApiResult>
  /**
   * Import a game file's text: checked like `cli replay`, its names by the one name rule (refused
   * `names-collide`, naming the seats); nothing is saved unless it all holds. The same game saved
   * already is refused (`duplicate-game`, params `id` and `date`) unless `'replace'`, which
   * overwrites the saved one. The game keeps its own date (docs/game-file.md → "Importing").
   */
  importGame(text: string, replace?: 'replace'): Promise<ApiResult<GameRecord>>
  /**
   * A player renamed in the roster takes their saved games along: `from`'s games count for `to` in
   * the standings from now on. Answers how many finished games were carried.
   */
  carryHistory(from: string, to: string): Promise<ApiResult<{ games: number }>>
  /** Start a new club night: tonight's standings count from now. */
  newClubNight(): Promise<ApiResult>
  /** Tonight's, the season's or all-time standings, or every game (one row per player per game), as CSV. */
  clubCsv(kind: 'tonight' | 'season' | 'allTime' | 'history'): Promise<ApiResult<string>>
  /** When the season begins (an ISO date: games from that day on count); null: from the first saved game. */
  setSeasonStart(date: string | null): Promise<ApiResult>
  /** What the projector shows: the game, a finished game's story at a page, tonight's standings, or how a ruleset plays at a page. */
  showOnProjector(choice: ProjectorChoice): Promise<ApiResult>

  // the room on the LAN (src/shared/room.ts, docs/room.md)
  /** Open the room on one of this computer's LAN addresses (null: the default route's); open again elsewhere to move it. */
  openRoom(address: string | null): Promise<ApiResult>
  /** Close the room: its port closes and every phone's and TV's token is forgotten. */
  closeRoom(): Promise<ApiResult>
  /** Let a phone that asked for a seat have it. */
  admitDevice(id: string): Promise<ApiResult>
  /** Refuse a waiting phone, or drop a phone or a TV: its token is worth nothing from now on. */
  dropDevice(id: string): Promise<ApiResult>
  /**
   * The address for seat `seat`'s personal QR code, shown to that player only during the private
   * reveal: a new personal secret that gets one phone the seat without the referee (the one shown
   * before is worth nothing from now on). Refused while the room is closed.
   */
  personalLink(seat: number): Promise<ApiResult<string>>
}

export type PrintOutput = 'print' | 'pdf'
/** 'printed'/'saved' (path), 'cancelled' by the user in a dialog, or 'opened' (browser mode: the page is printing). */
export type PrintOutcome = { done: 'printed' | 'cancelled' | 'opened' } | { done: 'saved'; path: string }

/** window.cards on the cards page: it receives its payload, and can do nothing else. */
export interface CardsApi {
  payload(): Promise<CardsPayload>
}

/**
 * What the projector shows: nothing before a game, then the public view (or a finished game's story,
 * or the standings); `lang` is the language the room reads (the projector's own, else the referee's;
 * null: the projector's system language).
 */
export type ProjectorScreen = (
  | { kind: 'idle'; sentAt: number; lang: string | null }
  | { kind: 'game'; view: ProjectorView; sentAt: number; lang: string | null }
  /** A finished game's story at one page (never a game that can still be played). */
  | { kind: 'story'; story: Story; index: number; sentAt: number; lang: string | null }
  /** Tonight's or the season's standings; `since`: the day the season counts from (null: tonight's, or no game yet). */
  | { kind: 'standings'; standings: Standings; period: StandingsPeriod; since: string | null; sentAt: number; lang: string | null }
  /** How the chosen ruleset plays, in the projector's language, at a page. */
  | { kind: 'rules'; rules: RulesText; index: number; sentAt: number; lang: string | null }
) & {
  /** The chimes' volume and mute (the projector plays them on the room's speakers); absent: the defaults. */
  sound?: SoundSettings
  /** While the room on the LAN is open: the address phones open (shown as a QR code). */
  roomUrl?: string
}

export interface ProjectorApi extends ConnectionWatch {
  onView(cb: (v: ProjectorScreen) => void): () => void
  /** Tell the host the page is ready to receive; the current screen is pushed in reply. */
  ready(): void
}

/** What the application menu asks the referee page to show. */
export type MenuRequest = 'quickStart'
export const MENU_REQUESTS: readonly MenuRequest[] = ['quickStart']

/** The RefereeApi members that are not calls to the host: the view subscription, the menu's requests and what the transport knows. */
export type RefereeNonCall = 'onView' | 'onMenu' | keyof ConnectionWatch

/** Every RefereeApi method a window may call through a transport. */
export type RefereeMethod = Exclude<keyof RefereeApi, RefereeNonCall>

/**
 * The callable RefereeApi methods: the one list the preload, the browser bridge and the test fakes
 * are built from. The check below refuses a list that misses one; the host's method table
 * (src/host/methods.ts) has a row for each, checked by the compiler alike. This list stays a
 * plain list of names so the sandboxed preload bundles nothing else.
 */
export const REFEREE_METHODS = [
  'ready',
  'saveRoster',
  'saveRuleset',
  'deleteRuleset',
  'checkSetup',
  'startGame',
  'rematch',
  'resumeGame',
  'discardSavedGame',
  'closeGame',
  'exportGame',
  'revealRole',
  'dismissNotice',
  'estimate',
  'toggleProjectorFullscreen',
  'setRoomSettings',
  'cardsPayload',
  'printCards',
  'setLanguage',
  'play',
  'undo',
  'logLines',
  'clubView',
  'openSavedGame',
  'currentStory',
  'deleteSavedGame',
  'importGame',
  'carryHistory',
  'newClubNight',
  'clubCsv',
  'setSeasonStart',
  'showOnProjector',
  'openRoom',
  'closeRoom',
  'admitDevice',
  'dropDevice',
  'personalLink',
] as const satisfies readonly RefereeMethod[]

type Missing = Exclude<RefereeMethod, (typeof REFEREE_METHODS)[number]>
const complete: [Missing] extends [never] ? true : Missing = true
void complete
