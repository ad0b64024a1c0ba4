/**
 * The host's pushes over Server-Sent Events, watched: listeners learn at once when the host is lost
 * (the stream errors: the server stopped, the network dropped) and when it answers again. The
 * browser reopens a dropped stream by itself (the server asks for a retry every second); where it
 * gives up (an HTTP error closes the stream for good) the stream is reopened here, every second.
 */
export interface WatchedStream {
  start(): void
  onConnection(cb: (connected: boolean) => void): () => void
  /** A call failed to reach the host: the same news as a dropped stream. */
  lost(): void
}

export function watchedStream<T>(url: string, onData: (value: T) => void): WatchedStream {
  let source: EventSource | null = null
  let connected = true
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
      onData(JSON.parse(e.data) as T)
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

  return {
    start() {
      if (!source && retry === null) open()
    },
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
