import type { ApiResult, ProjectorScreen } from '../../shared/api'
import type { RefereeCommand } from '../../shared/commands'
import { CLOSED_ROOM, type JoinChoices, type PlayerScreen, type RoomView, type ShownStory, type WireScreen } from '../../shared/room'
import type { Agreed } from '../../shared/room-handshake'
import { unseal } from '../../shared/room-seal'
import { pickBound, voteBound } from '../../shared/room-wire'
import { phoneBallotSchema, phonePickSchema, pickRequestSchema } from '../../shared/room-schemas'
import type { ProjectorOptions } from '../../shared/views'
import { playerView } from '../../engine'
import type { GameState } from '../../engine'
import { safe, type ViewSource } from '../fan-out'
import { OK, fail, messageOf, ok } from '../result'
import { interfaceAddresses, lanAddresses } from './addresses'
import { seatNumber } from '../../shared/seat-name'
import { Room, type SavedDevices } from './room'
import type { RoomFile } from './room-file'
import { Handshakes, pushKey, sealScreen, secretsEpoch } from './seal'
import { PhoneVotes, phoneVoteOf, voteEpoch } from './day-vote'
import { callEpoch, commandsOf, NIGHT_CALL_MIN_MS, NightCalls, phoneCallOf, pickersOf, refereeCallOf } from './night-call'
import { startRoomServer, type RoomBye, type RoomHost, type RoomServer } from './server'

/** What the room's devices are shown, built when asked (host-views.ts implements it). */
export interface RoomSource extends Pick<ViewSource, 'projectorScreen'> {
  /** The game open (null between games). */
  state(): GameState | null
  /** The game open or parked (its id and seats), null between games: the phones kept for it, and whether a quit ends the evening. */
  inProgress(): { id: string; players: readonly string[] } | null
  /** The club's roster: before a game, the players phones may pick (the next game's seats). */
  roster(): readonly string[]
  options(): ProjectorOptions
  /** The game's language (the referee's): a phone's when its browser speaks none of ours. */
  lang(): string | null
}

/** Where the room's changes go (fan-out.ts): the projector's screens, and a push of every view. */
export interface RoomScreens {
  onProjector(cb: (s: ProjectorScreen) => void): () => void
  /** The room's devices or address changed: the referee's view (if it changed) and every screen are pushed. */
  push(o: { refereeIfChanged: true }): void
}

/** The room's port kept in the settings (the club's address: the same after a restart), and keeping it (library.ts). */
export interface RoomPortSetting {
  readonly roomPort: number | null
  setRoomPort(port: number): unknown
}

export interface RoomPartDeps {
  now: () => number
  source: RoomSource
  screens: RoomScreens
  /** The built renderer (out/renderer) the room serves the player page from; absent: no room (openRoom answers 'unavailable'). */
  pagesDir?: string
  /** Where the room listens (tests, bench); the default is the port kept in the settings, else any free one. */
  port?: number
  savedPort?: RoomPortSetting
  /** The open room kept beside the game in progress (room-file.ts): absent, nothing is kept. */
  file?: RoomFile
  /** The LAN addresses, the default route's first (default: lanAddresses). */
  addresses?: () => Promise<string[]>
  /** A night call's shortest length on the phones (default NIGHT_CALL_MIN_MS; tests and the bench: less). */
  callMinMs?: number
  /** Runs a referee's command as the referee's click does (a phone's day vote: day-vote.ts); absent, no phone votes. */
  play?: (c: RefereeCommand) => ApiResult
}

/** What the room's devices do (joins, streams opening and closing) pushes views at most this often. */
export const ROOM_PUSH_MS = 250
/** How often waiting phones whose stream is gone are looked for (room.ts: expireAsking). */
const SWEEP_MS = 5_000

interface PlayerSub {
  token: string
  /** The push key (seal.ts) of what this phone was last sent: a phone is sent a screen only when it changes. */
  last: string
}

/** A phone dropped by a change (its player left the roster, or another phone took its seat): told so once before its stream ends. */
interface Gone {
  kind: 'left' | 'replaced'
  name: string
  seal: Agreed | null
}

/**
 * The host's part for the room on the LAN: the devices (room.ts), the server (server.ts), and each
 * phone's screen, built by playerView (engine/views/player.ts) for its seat only, sealed for its
 * phone (seal.ts) and pushed when it changes — so neither the content nor the timing of a phone's
 * updates tells it another seat's secret, and nobody on the network reads its own.
 */
export class RoomPart implements RoomHost {
  readonly room: Room
  private server: RoomServer | null = null
  private address: string | null = null
  private addresses: string[] = []
  private error: string | null = null
  readonly handshakes = new Handshakes()
  /** The port kept in the settings when another program had it (the room opened on a new one). */
  private movedFrom: number | null = null
  /** The room that was open when the app stopped, opening again (open() waits for it). */
  private reopening: Promise<ApiResult> = Promise.resolve(OK)
  /** The game the phones' "has seen the role" is about: a new game starts them over. */
  private gameId: string | null | undefined = undefined
  private readonly players = new Map<(s: WireScreen | null) => void, PlayerSub>()
  /** Tokens of phones dropped by a change: told so once before their stream ends. */
  private readonly left = new Map<string, Gone>()
  private readonly lanAddresses: () => Promise<string[]>
  /** A push the room's devices asked for, waiting for ROOM_PUSH_MS since the last one. */
  private pending: NodeJS.Timeout | null = null
  private lastPush = -Infinity
  private sweep: NodeJS.Timeout | null = null
  /** The night call on the phones (night-call.ts): its picks, decoys included, never in the game. */
  readonly calls = new NightCalls()
  /** The day's votes on the phones (day-vote.ts): each seat's votes in the open vote, counted. */
  private readonly votes = new PhoneVotes()
  /** Pushes the referee's view when the call's shortest length has passed (its script then says so). */
  private callTimer: NodeJS.Timeout | null = null
  private callTimed: string | null = null

  constructor(private readonly deps: RoomPartDeps) {
    this.room = new Room(deps.now)
    this.lanAddresses = deps.addresses ?? lanAddresses
    // The addresses the referee may pick from, known at once (the default route's is put first
    // when the room opens); nothing is pushed for them.
    if (deps.pagesDir !== undefined && deps.addresses === undefined) this.addresses = interfaceAddresses()
  }

  get isOpen(): boolean {
    return this.server !== null
  }

  /** Open the room on `address` (one of the LAN addresses; null: the default route's). */
  async open(address: string | null): Promise<ApiResult> {
    await this.reopening
    return this.openAt(address, null)
  }

  /**
   * The room that was open when the app stopped (the room file): open again on its address and
   * port, its devices back with their own tokens. Called once on start; nothing happens without a file.
   */
  async reopen(): Promise<boolean> {
    const saved = this.deps.file?.read()
    if (!saved || this.deps.pagesDir === undefined) return false
    this.reopening = this.openAt(saved.address, saved).then((r) =>
      // The address is gone (another network tonight): the default route's, the same port.
      !r.ok && !this.server ? this.openAt(null, saved) : r,
    )
    return (await this.reopening).ok
  }

  private async openAt(
    address: string | null,
    saved: { port: number; devices: SavedDevices['devices']; displays: SavedDevices['displays'] } | null,
  ): Promise<ApiResult> {
    if (this.deps.pagesDir === undefined) return fail('unavailable', 'The room on the network is not available here.')
    this.addresses = await this.lanAddresses()
    const at = address ?? this.addresses[0] ?? null
    if (at === null || !this.addresses.includes(at))
      return fail('not-found', address === null ? 'This computer has no network address: join a Wi-Fi first.' : `This computer has no address ${address}.`)
    if (this.server && this.address === at) return OK
    await this.shut()
    // The club's address: the port of last time (kept in the settings), unless a test chose one.
    const want = this.deps.port ?? saved?.port ?? this.deps.savedPort?.roomPort ?? 0
    const start = (port: number) => startRoomServer({ host: this, address: at, pagesDir: this.deps.pagesDir!, port })
    try {
      try {
        this.server = await start(want)
        this.movedFrom = null
      } catch (e) {
        if (want === 0 || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e
        // Another program has the club's port: any free one, said on the referee's panel (the QR codes show the new address).
        this.server = await start(0)
        this.movedFrom = want
      }
      this.address = at
      this.error = null
      this.sweep = setInterval(() => this.room.expireAsking() && this.changed(), SWEEP_MS)
      this.sweep.unref()
    } catch (e) {
      this.error = messageOf(e)
      // A refusal pushes nothing by itself: the referee's view must show why.
      this.deps.screens.push({ refereeIfChanged: true })
      return fail('unavailable', `The room could not be opened on ${at}: ${this.error}`)
    }
    if (this.deps.port === undefined && this.deps.savedPort?.roomPort !== this.server.port) this.deps.savedPort?.setRoomPort(this.server.port)
    if (saved) this.room.restore(saved)
    this.keep()
    return OK
  }

  /** Close the room: the port closes, every device's token is forgotten (here and in the room file). */
  async close(): Promise<ApiResult> {
    await this.reopening
    this.deps.file?.remove()
    await this.shut('closed')
    return OK
  }

  /** Write the room file (the address, the port, the devices) when anything in it changed. */
  private keep(): void {
    if (this.server && this.address !== null) this.deps.file?.write(this.address, this.server.port, this.room.saved())
  }

  private async shut(why: RoomBye = 'closed'): Promise<void> {
    if (this.pending) clearTimeout(this.pending)
    if (this.callTimer) clearTimeout(this.callTimer)
    this.callTimer = null
    this.callTimed = null
    if (this.sweep) clearInterval(this.sweep)
    this.pending = this.sweep = null
    const s = this.server
    this.server = null
    this.address = null
    this.players.clear()
    this.room.clear()
    this.handshakes.clear()
    if (s) await s.close(why)
  }

  /** The referee's answers; the host pushes every view after them (the phone's screen included). */
  admit(id: string): ApiResult {
    if (!this.room.admit(id)) return fail('not-found', 'That phone is no longer waiting.')
    return OK
  }

  drop(id: string): ApiResult {
    if (!this.room.drop(id)) return fail('not-found', 'That device is no longer in the room.')
    return OK
  }

  view(): RoomView {
    const base = { ...CLOSED_ROOM, addresses: [...this.addresses], error: this.error }
    if (!this.server || this.address === null) return base
    const origin = this.server.origin
    return {
      ...base,
      open: true,
      address: origin.slice('http://'.length),
      movedFrom: this.movedFrom,
      playerUrl: `${origin}/player/`,
      projectorUrl: `${origin}/tv/`,
      displayCode: this.room.displayCode,
      ...this.room.views(),
      call: this.refereeCall(),
      voteRefused: this.votes.refusedNow(this.deps.source.state()),
    }
  }

  // ───────────── the night on the phones (night-call.ts) ─────────────

  private get callMinMs(): number {
    return this.deps.callMinMs ?? NIGHT_CALL_MIN_MS
  }

  /** The seats with an admitted phone whose key is agreed (the phones a call waits for). */
  private phoneSeats(): Set<number> {
    const s = this.deps.source.state()
    const out = new Set<number>()
    if (!s || !this.server) return out
    for (const d of this.room.views().devices) if (d.state === 'admitted') out.add(s.setup.players.indexOf(d.name))
    out.delete(-1)
    return out
  }

  /** The call now, followed as the game moves (a timer for the moment its shortest length has passed). */
  private syncCall() {
    const s = this.deps.source.state()
    const call = this.server ? this.calls.sync(s, this.deps.now()) : null
    if (call && this.callTimed !== call.id) {
      this.callTimed = call.id
      if (this.callTimer) clearTimeout(this.callTimer)
      this.callTimer = setTimeout(() => this.deps.screens.push({ refereeIfChanged: true }), this.callMinMs + 1)
      this.callTimer.unref()
    }
    return call
  }

  private refereeCall() {
    const s = this.deps.source.state()
    const call = this.syncCall()
    return s && call ? refereeCallOf(s, call, this.phoneSeats(), this.deps.now(), this.callMinMs) : null
  }

  /**
   * A phone's pick (POST /room/pick): sealed for the host with its key, for its own seat, at its
   * call. True when taken — the referee's view and every phone are pushed at once (every phone:
   * the count of answers changes, and whatever any seat may see of it); false is the one refusal,
   * whatever the phone's role.
   */
  pick(token: string, body: unknown): boolean {
    const d = this.room.device(token)
    const s = this.deps.source.state()
    const req = pickRequestSchema.safeParse(body)
    if (!d || d.state !== 'admitted' || !d.seal || !s || !req.success) return false
    const seat = s.setup.players.indexOf(d.name)
    const pick = phonePickSchema.safeParse(unseal(d.seal.key, req.data.sealed, pickBound(token)))
    if (seat < 0 || !pick.success || !this.calls.pick(s, seat, pick.data, this.deps.now())) return false
    this.room.seen(token, 0)
    this.deps.screens.push({ refereeIfChanged: true })
    return true
  }

  /**
   * A phone's day vote (POST /room/vote, ruleset `votesOnPhones`): sealed for the host with its key
   * as a pick is, for its own seat, in the open vote it names (day-vote.ts). Taken, it is the
   * referee's castVote, run as the referee's click (`play`): the tally, the projector's open vote by
   * name, the journal and undo are the referee's own; every view is pushed. False is the one
   * refusal, whatever the reason and the phone's role.
   */
  vote(token: string, body: unknown): boolean {
    const d = this.room.device(token)
    const s = this.deps.source.state()
    const play = this.deps.play
    const req = pickRequestSchema.safeParse(body)
    if (!d || d.state !== 'admitted' || !d.seal || !s || !play || !req.success) return false
    const seat = s.setup.players.indexOf(d.name)
    const ballot = phoneBallotSchema.safeParse(unseal(d.seal.key, req.data.sealed, voteBound(token)))
    if (seat < 0 || !ballot.success || !this.votes.vote(s, seat, ballot.data, play).taken) return false
    this.room.seen(token, 0)
    this.deps.screens.push({ refereeIfChanged: true })
    return true
  }

  /**
   * The referee takes the call's picks: the actors' picks become the commands the referee's clicks
   * make (`run`: the host's play), once the call's shortest length has passed. The call is then
   * done on every phone (the investigator's answer on the investigator's); the referee corrects
   * with the usual clicks and ends the call as today.
   */
  confirmCall(run: (c: RefereeCommand) => ApiResult): ApiResult<{ taken: number; refused: number }> {
    const s = this.deps.source.state()
    const call = this.syncCall()
    if (!s || !call) return fail('not-found', 'No night call is on the phones now.')
    if (call.done) return fail('wrong-step', 'The picks of this call were taken already.')
    if (call.openedAt + this.callMinMs > this.deps.now()) return fail('step-incomplete', 'The call has not lasted its shortest length yet.')
    let taken = 0
    let refused = 0
    for (const c of commandsOf(s, call)) {
      const r = run(c)
      if (r.ok) taken++
      else {
        refused++
        call.refused.push({ seats: pickersOf(s, call, c), error: r.error })
      }
    }
    call.done = true
    return ok({ taken, refused })
  }

  /**
   * The address of seat `seat`'s personal QR code (the private reveal shows it to that player only):
   * it carries a new personal secret, in the part of the address a browser never sends, which gets a
   * phone that seat without the referee, once.
   */
  personalLink(seat: number): ApiResult<string> {
    const name = this.deps.source.state()?.setup.players[seat]
    if (!this.server) return fail('unavailable', 'Open the room on the network first.')
    if (name === undefined) return fail('not-found', `There is no seat ${seatNumber(seat)}.`)
    return ok(`${this.server.origin}/player/#claim=${this.room.personalSecret(name)}`)
  }

  /** The address phones open, while the room is open (the projector shows it as a QR code). */
  get playerUrl(): string | null {
    return this.server ? `${this.server.origin}/player/` : null
  }

  // ───────────── RoomHost: what the server asks ─────────────

  /** The names a phone may pick: the game's seated players, or before a game the roster's (the seats to come). */
  names(): JoinChoices {
    // A game found on start and not yet resumed keeps its seats: their phones are not dropped meanwhile.
    const players = this.deps.source.state()?.setup.players ?? this.deps.source.inProgress()?.players ?? this.deps.source.roster()
    return { names: [...players], lang: this.deps.source.lang() }
  }

  /** What phone `token` is sent: its screen, sealed for its key. Null for a token the room does not know, or whose key is not agreed yet. */
  playerScreen(token: string): WireScreen | null {
    this.syncCall()
    const key = (this.left.get(token) ?? this.room.device(token))?.seal?.key
    const screen = key && this.screen(token)
    return screen ? sealScreen(screen, key) : null
  }

  private screen(token: string, phones?: ReadonlySet<number>): PlayerScreen | null {
    const d = this.room.device(token)
    const sentAt = this.deps.now()
    const lang = this.deps.source.lang()
    const left = this.left.get(token)
    if (left !== undefined) return { kind: left.kind, name: left.name, sentAt, lang }
    if (!d) return null
    if (d.state === 'asking') return { kind: 'asking', name: d.name, sentAt, lang }
    const s = this.deps.source.state()
    const seat = s ? s.setup.players.indexOf(d.name) : -1
    if (!s && this.deps.source.inProgress()?.players.includes(d.name)) return { kind: 'resuming', name: d.name, sentAt, lang }
    if (!s || seat < 0) return { kind: 'idle', name: d.name, sentAt, lang }
    const story = s.phase === 'over' ? shownStory(this.deps.source.projectorScreen()) : null
    const call = this.calls.current
    const phoneCall = call && this.server ? phoneCallOf(s, call, seat, phones ?? this.phoneSeats()) : null
    const vote = phoneVoteOf(s, seat)
    return { kind: 'game', view: playerView(s, seat, this.deps.source.options()), story, call: phoneCall, vote, sentAt, lang }
  }

  projectorScreen(): ProjectorScreen {
    return this.deps.source.projectorScreen()
  }

  onPlayer(token: string, cb: (s: WireScreen | null) => void): () => void {
    this.syncCall()
    const first = this.screen(token)
    this.players.set(cb, { token, last: first ? pushKey(first, this.epoch()) : '' })
    return () => this.players.delete(cb)
  }

  onProjector(cb: (s: ProjectorScreen) => void): () => void {
    return this.deps.screens.onProjector(cb)
  }

  /**
   * The room's devices changed something (a join, a stream opened or closed): views are pushed at
   * once if none was in the last ROOM_PUSH_MS, else once when that has passed — however many
   * changes a stranger makes meanwhile — and the referee's only if it changed (fan-out.ts).
   */
  changed(): void {
    if (this.pending) return
    const wait = this.lastPush + ROOM_PUSH_MS - this.deps.now()
    const push = () => {
      this.pending = null
      this.lastPush = this.deps.now()
      this.deps.screens.push({ refereeIfChanged: true })
    }
    if (wait <= 0) return push()
    this.pending = setTimeout(push, wait)
    this.pending.unref()
  }

  /**
   * After any change: each phone its screen, if its push key changed (seal.ts: the public part or
   * any seat's secrets — the same moments for every phone); a dropped phone gets null (its stream
   * ends). A phone whose player is no longer among the names (left the roster), or whose seat another
   * phone took, is dropped, and told so first; the referee's view is then pushed again without it.
   */
  push(): void {
    const game = this.deps.source.inProgress()?.id ?? null
    if (game !== this.gameId) {
      if (game !== null && this.gameId !== undefined) this.room.newGame()
      this.gameId = game
    }
    for (const { token, name, seal } of this.room.keepOnly(this.names().names)) this.left.set(token, { kind: 'left', name, seal })
    for (const { token, name, seal } of this.room.takeReplaced()) this.left.set(token, { kind: 'replaced', name, seal })
    this.handshakes.keep((token) => this.room.device(token) !== undefined)
    this.keep()
    this.syncCall()
    // The seats with a phone, once for every phone's screen of this push.
    const phones = this.phoneSeats()
    const epoch = this.epoch(phones)
    for (const [cb, sub] of this.players) {
      const screen = this.screen(sub.token, phones)
      const key = (this.left.get(sub.token) ?? this.room.device(sub.token))?.seal?.key
      if (!screen || !key || screen.kind === 'left' || screen.kind === 'replaced') {
        this.players.delete(cb)
        if (screen && key) safe(() => cb(sealScreen(screen, key)))
        safe(() => cb(null))
        continue
      }
      const c = pushKey(screen, epoch)
      if (c === sub.last) continue
      sub.last = c
      safe(() => cb(sealScreen(screen, key)))
    }
    if (!this.left.size) return
    this.left.clear()
    this.deps.screens.push({ refereeIfChanged: true })
  }

  /** Every seat's secrets and every seat's part of the call now: a change in any pushes every phone. */
  private epoch(phones: ReadonlySet<number> = this.phoneSeats()): string {
    const s = this.deps.source.state()
    return `${secretsEpoch(s)}\n${callEpoch(s, this.calls.current, phones)}\n${voteEpoch(s)}`
  }

  /**
   * The app stops. During a game the room file stays (the room opens again on the next start, and
   * its phones are told the laptop is restarting); between games the evening is over: forgotten.
   */
  async dispose(): Promise<void> {
    const staying = this.server !== null && this.deps.source.inProgress() != null
    if (!staying) this.deps.file?.remove()
    await this.shut(staying ? 'restarting' : 'closed')
  }
}

/**
 * After the game, a phone shows what the projector shows: the story at the projector's page, copied
 * field by field from the projector's own screen (never from the host's state), so a phone is told
 * nothing that the room's screen does not show.
 */
function shownStory(p: ProjectorScreen): ShownStory | null {
  return p.kind === 'story' ? { story: p.story, index: p.index } : null
}
