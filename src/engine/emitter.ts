import type { GameEvent } from './events'
import type { GameState } from './state'
import { apply } from './apply'

/** Collects the events of one decision while keeping the state they lead to, so later checks see earlier effects. */
export class Emitter {
  /**
   * The emitter made last, so step() can take the state it already computed for the list decide
   * returns. One slot, not a map of every emitter: a WeakMap entry per decision costs the garbage
   * collector more than the applying saves.
   */
  private static latest: Emitter | null = null
  readonly events: GameEvent[] = []
  private emitted = 0
  private readonly from: GameState
  constructor(public state: GameState) {
    this.from = state
    Emitter.latest = this
  }
  emit(e: GameEvent): this {
    this.events.push(e)
    this.emitted++
    this.state = apply(this.state, e)
    return this
  }
  /**
   * The state `events` lead to from `from`, when they are exactly what one emitter started at `from`
   * emitted (the same list, nothing added since); else null, and the caller applies them itself.
   */
  static stateAfter(from: GameState, events: readonly GameEvent[]): GameState | null {
    const em = Emitter.latest
    return em !== null && em.events === events && em.from === from && em.emitted === events.length ? em.state : null
  }
}
