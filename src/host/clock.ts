/** The host's sense of time, injectable so tests can run clocks without waiting. */
export interface Clock {
  /** Host ms (wall clock: deadlines survive a restart). */
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    // A pending clock expiry must not keep a CLI or test process alive.
    t.unref?.()
    return t
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

/** A clock that moves only when told to; `advance` runs the timers that fall due, in order. */
export class FakeClock implements Clock {
  private t: number
  private seq = 0
  private timers = new Map<number, { at: number; fn: () => void }>()

  constructor(start = 1_700_000_000_000) {
    this.t = start
  }

  now(): number {
    return this.t
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  get pending(): number {
    return this.timers.size
  }

  advance(ms: number): void {
    const end = this.t + ms
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e
      if (!next) break
      this.timers.delete(next[0])
      this.t = Math.max(this.t, next[1].at)
      next[1].fn()
    }
    this.t = end
  }
}
