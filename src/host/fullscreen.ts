import type { ApiResult } from '../shared/api'
import { safe } from './fan-out'
import { OK } from './result'

/** The projector window's full screen: toggled by the referee (applied by the Electron glue) or changed on the projector (Esc). */
export class ProjectorFullscreen {
  private state = false

  constructor(private readonly apply: ((on: boolean) => void) | undefined) {}

  get on(): boolean {
    return this.state
  }

  /** The referee's toggle: the glue is told to apply it. */
  toggle(): ApiResult {
    this.state = !this.state
    safe(() => this.apply?.(this.state))
    return OK
  }

  /** A change made outside the referee's toggle; true when it changed anything. */
  set(on: boolean): boolean {
    if (this.state === on) return false
    this.state = on
    return true
  }
}
