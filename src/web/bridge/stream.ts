/**
 * The host's pushes over Server-Sent Events, watched: listeners learn at once when the host is lost
 * (the stream errors: the server stopped, the network dropped) and when it answers again. The
 * browser reopens a dropped stream by itself (the server asks for a retry every second); where it
 * gives up (an HTTP error closes the stream for good) the stream is reopened here, every second.
 */
export interface WatchedStream<T> {
  start(): void
  /**
   * Call `cb` with every message (and start the stream). A message that came before this call is
   * handed over at once, as if sent now (unless a newer one reaches `cb` first): the stream opens
   * with the page, before the app subscribes. Answers the unsubscribe.
   */
  listen(cb: (value: T) => void): () => void
  /**
   * The newest message and when it came (local ms) while the stream is up, else null. The host
   * pushes after every change, so that message is the host's current state. The same object until
   * the next message arrives.
   */
  newest(): Received<T> | null
  onConnection(cb: (connected: boolean) => void): () => void
  /** A call failed to reach the host: the same news as a dropped stream. */
  lost(): void
}

export interface Received<T> {
  value: T
  at: number
}

/**
 * A received view or screen as if sent now: its sentAt moved on by the time it waited here, so the
 * window's clock offset (sentAt − arrival) stays right.
 */
export const aged = <T extends { sentAt: number }>(r: Received<T>): T => ({ ...r.value, sentAt: r.value.sentAt + (Date.now() - r.at) })

export function watchedStream<T extends { sentAt: number }>(url: string): WatchedStream<T> {
  const listeners = new Set<(value: T) => void>()
  let source: EventSource | null = null
  let connected = true
  let newest: Received<T> | null = null
  let retry: ReturnType<typeof setTimeout> | null = null
  const watchers = new Set<(connected: boolean) => void>()

  const set = (now: boolean) => {
    if (now === connected) return
    connected = now
    for (const cb of watchers) cb(now)
  }
  const open = () => {
    const s = new EventSource(url)
    source = s
    s.onopen = () => set(true)
    s.onmessage = (e: MessageEvent<string>) => {
      set(true)
      const value = JSON.parse(e.data) as T
      newest = { value, at: Date.now() }
      for (const cb of listeners) cb(value)
    }
    s.onerror = () => {
      set(false)
      if (s.readyState === EventSource.CLOSED && retry === null) {
        s.close()
        source = null
        retry = setTimeout(() => {
          retry = null
          open()
        }, 1000)
      }
    }
  }

  const start = () => {
    if (!source && retry === null) open()
  }

  return {
    start,
    listen(cb) {
      listeners.add(cb)
      start()
      const waiting = connected ? newest : null
      if (waiting)
        queueMicrotask(() => {
          if (listeners.has(cb) && newest === waiting) cb(aged(waiting))
        })
      return () => {
        listeners.delete(cb)
      }
    },
    newest: () => (connected ? newest : null),
    onConnection(cb) {
      watchers.add(cb)
      return () => {
        watchers.delete(cb)
      }
    },
    lost() {
      set(false)
    },
  }
}
