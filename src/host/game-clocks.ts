import type { GameState } from '../engine'
import type { Clock } from './clock'

type ClockKind = 'day' | 'defence'

/**
 * The timeouts behind a game's running day and defence clocks. The engine keeps a running clock as
 * a deadline; this arms one timeout per deadline and reports when one passes (the host then sends
 * the engine `timerExpired`).
 */
export class GameClocks {
  private readonly handles = new Map<ClockKind, unknown>()
  /** Running clocks whose deadline had already passed when undo or resume restored them: not auto-expired. */
  private readonly suppressed = new Map<ClockKind, number>()

  constructor(
    private readonly clock: Clock,
    private readonly state: () => GameState | undefined,
    private readonly onDue: (kind: ClockKind, at: number) => void,
  ) {}

  /** Another game was opened: forget what was suppressed in the last one. */
  reset(): void {
    this.suppressed.clear()
  }

  clear(): void {
    for (const h of this.handles.values()) this.clock.clearTimeout(h)
    this.handles.clear()
  }

  /**
   * Arm a timeout for each running clock. 'restore' (after undo or resume): a clock whose deadline
   * has already passed is left alone — taking back a random death must not cause another one; the
   * referee pauses it, adds time or draws by hand.
   */
  schedule(mode: 'forward' | 'restore'): void {
    this.clear()
    const s = this.state()
    if (!s || s.phase !== 'day') return
    const now = this.clock.now()
    for (const t of [s.dayTimer, s.defenceTimer]) {
      if (!t || t.deadline === null || t.expired) continue
      if (this.suppressed.get(t.kind) === t.deadline) continue
      if (mode === 'restore' && t.deadline <= now) {
        this.suppressed.set(t.kind, t.deadline)
        continue
      }
      this.arm(t.kind, t.deadline, t.deadline - now)
    }
  }

  private arm(kind: ClockKind, deadline: number, ms: number): void {
    this.handles.set(
      kind,
      this.clock.setTimeout(() => this.due(kind, deadline), Math.max(0, ms)),
    )
  }

  private due(kind: ClockKind, deadline: number): void {
    this.handles.delete(kind)
    const s = this.state()
    const t = kind === 'day' ? s?.dayTimer : s?.defenceTimer
    if (!t || t.deadline !== deadline || t.expired) return
    const now = this.clock.now()
    if (now < deadline) return this.arm(kind, deadline, deadline - now)
    this.onDue(kind, now)
  }
}
