import type { ProjectorScreen, RefereeAppView } from '../shared/api'

/** What the windows are shown, built when asked from the parts that own it (host-views.ts). */
export interface ViewSource {
  refereeAppView(): RefereeAppView
  /** Built from projectorView(state) alone, never from the referee's view. */
  projectorScreen(): ProjectorScreen
}

/**
 * The windows' subscriptions: the referee gets a view after every change; the projector gets a
 * screen only when what it shows changes, so not even the number or timing of its updates says
 * what happened in secret (a shot, a dead role's call, an investigation).
 */
export class FanOut {
  private readonly referee = new Set<(v: RefereeAppView) => void>()
  private readonly projector = new Set<(v: ProjectorScreen) => void>()
  /** What the projector was last sent (without its send time). */
  private lastProjectorContent: string | null = null
  /** What the referee was last sent (without its send time). */
  private lastRefereeContent: string | null = null
  /** Other audiences told after every change (the room's phones). */
  private readonly after = new Set<() => void>()

  constructor(private readonly views: ViewSource) {}

  onReferee(cb: (v: RefereeAppView) => void): () => void {
    this.referee.add(cb)
    return () => this.referee.delete(cb)
  }

  onProjector(cb: (v: ProjectorScreen) => void): () => void {
    // "Send only on change" starts from what is on screen now: a projector that connects without
    // asking ready() must not get a stale-memory duplicate right after a secret step.
    this.lastProjectorContent = projectorContent(this.views.projectorScreen())
    this.projector.add(cb)
    return () => this.projector.delete(cb)
  }

  /** The projector page is ready: push it the current screen (and return it). */
  projectorReady(): ProjectorScreen {
    const screen = this.views.projectorScreen()
    this.lastProjectorContent = projectorContent(screen)
    for (const cb of this.projector) safe(() => cb(screen))
    return screen
  }

  /** The referee's view; with `ifChanged`, only when it differs from the last one sent (a stranger's churn in the room). */
  pushReferee(ifChanged = false): void {
    if (!this.referee.size) return
    const v = this.views.refereeAppView()
    const content = refereeContent(v)
    if (ifChanged && content === this.lastRefereeContent) return
    this.lastRefereeContent = content
    for (const cb of this.referee) safe(() => cb(v))
  }

  /** Called after every push (the room on the LAN pushes each phone its own screen). */
  afterPush(cb: () => void): () => void {
    this.after.add(cb)
    return () => this.after.delete(cb)
  }

  /**
   * After a change: the referee's view, the projector's screen if it changed, then the others.
   * `refereeIfChanged`: a change the room's devices made (room-part.ts), which pushes the referee's
   * view only if it changed.
   */
  push(o: { refereeIfChanged?: boolean } = {}): void {
    this.pushReferee(o.refereeIfChanged)
    for (const cb of this.after) safe(cb)
    // The memory is kept even with no projector connected.
    const p = this.views.projectorScreen()
    const content = projectorContent(p)
    if (content === this.lastProjectorContent) return
    this.lastProjectorContent = content
    for (const cb of this.projector) safe(() => cb(p))
  }

  clear(): void {
    this.referee.clear()
    this.projector.clear()
  }
}

const refereeContent = (v: RefereeAppView): string => {
  const { sentAt: _sentAt, ...shown } = v
  return JSON.stringify(shown)
}

/** A projector screen without its send time, for telling whether anything visible changed. */
const projectorContent = (s: ProjectorScreen): string => {
  const { sentAt: _sentAt, ...shown } = s
  return JSON.stringify(shown)
}

/** Call a subscriber; its failure (a closed window) must not break the host. */
export function safe(f: () => void): void {
  try {
    f()
  } catch {
    // ignored on purpose
  }
}
