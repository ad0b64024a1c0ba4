import type { ProjectorScreen, RefereeAppView } from '../shared/api'
import type { ProjectorOptions } from '../shared/views'
import type { GameState } from '../engine'
import type { Clock } from './clock'
import { FanOut, type ViewSource } from './fan-out'
import type { ProjectorFullscreen } from './fullscreen'
import type { WindowLanguages } from './languages'
import type { Library } from './library'
import type { NoticeBoard } from './notice-board'
import type { ProjectorChoiceState } from './projector-choice'
import { RoomPart, type RoomPartDeps, type RoomSource } from './room/room-part'
import type { Table } from './table'

/** The parts the views are built from; each owns its state. */
export interface ViewParts {
  readonly library: Library
  readonly table: Table
  readonly notices: NoticeBoard
  readonly clock: Clock
  readonly fullscreen: ProjectorFullscreen
  readonly projector: ProjectorChoiceState
  readonly languages: WindowLanguages
}

/** How the room on the LAN is set up (game-host.ts's options). */
export type RoomConfig = Pick<RoomPartDeps, 'pagesDir' | 'port' | 'file' | 'addresses' | 'callMinMs' | 'play'>

/**
 * What every audience is shown — the referee window, the projector, the room's phones and TVs —
 * built when asked from the parts that own it, and how each gets it: the windows' subscriptions
 * (fan-out.ts, the one ViewSource it pushes from) and the room on the LAN (room/room-part.ts, the
 * RoomSource it builds each phone's screen from). A push asks this object, never the GameHost.
 */
export class HostViews implements ViewSource, RoomSource {
  readonly fanOut: FanOut
  /** The room on the LAN: phones and TVs. */
  readonly lan: RoomPart

  constructor(
    private readonly p: ViewParts,
    room: RoomConfig,
  ) {
    this.fanOut = new FanOut(this)
    this.lan = new RoomPart({ ...room, now: () => p.clock.now(), source: this, screens: this.fanOut, savedPort: p.library })
    this.fanOut.afterPush(() => this.lan.push())
  }

  refereeAppView(): RefereeAppView {
    const { library, table, notices, clock, fullscreen, projector, languages } = this.p
    const t = table.view(library.projectorOptions)
    return {
      screen: t.screen,
      ...library.view(),
      resumable: t.resumable,
      game: t.game,
      log: t.log,
      logTotal: t.logTotal,
      notices: notices.all(),
      sentAt: clock.now(),
      projectorFullscreen: fullscreen.on,
      projectorShows: projector.shows(),
      language: languages.referee,
      projectorLanguage: library.projectorLanguage,
      room: structuredClone(library.room),
      lan: this.lan.view(),
    }
  }

  /** What the projector shows: built from projectorView(state) alone, never from the referee's view. */
  projectorScreen(): ProjectorScreen {
    // While the room on the LAN is open the projector shows its QR code (large before a game, small during one).
    const roomUrl = this.lan.playerUrl
    return this.p.projector.screen({
      sentAt: this.p.clock.now(),
      lang: this.p.languages.projector,
      sound: { ...this.p.library.room.sound },
      ...(roomUrl ? { roomUrl } : {}),
    })
  }

  // ───────────── RoomSource: what the room's phones are built from ─────────────

  state(): GameState | null {
    return this.p.table.state ?? null
  }

  inProgress(): { id: string; players: readonly string[] } | null {
    return this.p.table.inProgress
  }

  roster(): readonly string[] {
    return this.p.library.table
  }

  options(): ProjectorOptions {
    return this.p.library.projectorOptions
  }

  /** The game's language (the referee's): a phone speaks it unless its own browser speaks one of ours. */
  lang(): string | null {
    return this.p.languages.referee
  }
}
