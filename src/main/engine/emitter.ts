import type { GameEvent } from './events'
import type { GameState } from './state'
import { apply } from './apply'

/** Collects the events of one decision while keeping the state they lead to, so later checks see earlier effects. */
export class Emitter {
  readonly events: GameEvent[] = []
  constructor(public state: GameState) {}
  emit(e: GameEvent): this {
    this.events.push(e)
    this.state = apply(this.state, e)
    return this
  }
}
