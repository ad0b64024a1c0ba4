/**
 * What a device keeps in this browser, and a seated phone's stream opened as early as it can be
 * (docs/room.md, "First render"). This file has no side effect and imports nothing: the page's
 * inline boot script (boot.ts, built into index.html by electron.vite.config.ts and allowed by its
 * hash in the CSP) calls `openEarly` while the HTML is still being parsed, and early-stream.ts hands
 * the stream to the page (room-client.ts's openStream) with the events it fired before.
 */
export const STORAGE = { player: 'nightfall-room-player', tv: 'nightfall-room-tv', seal: 'nightfall-room-seal' } as const
export type DeviceKind = 'player' | 'tv'

/** The global the inline boot leaves its stream in (null: it opened none), for early-stream.ts to take. */
export const EARLY_GLOBAL = 'nightfallEarlyStream'

export function savedToken(kind: DeviceKind): string | null {
  try {
    return localStorage.getItem(STORAGE[kind])
  } catch {
    return null
  }
}

export const streamUrl = (path: string, token: string): string => `${path}?token=${encodeURIComponent(token)}`

/** The events a stream has fired before the page took it, in order. */
export const EARLY_EVENTS = ['open', 'message', 'bye', 'error'] as const
export interface Early {
  url: string
  es: EventSource
  fired: Event[]
  keep: (e: Event) => void
  /** The page took it, or it was closed after 10 s untaken (a page whose code never ran holds no stream). */
  taken: boolean
}

/** A seated phone's stream (its token and its key kept here), opened now; null for anything else. */
export function openEarly(): Early | null {
  if (typeof location === 'undefined' || !location.pathname.startsWith('/player') || typeof EventSource === 'undefined') return null
  const token = savedToken('player')
  // Only a token that has its key (seal.ts keeps the two together): without it the page forgets the token.
  let sealed = false
  try {
    sealed = !!token && (localStorage.getItem(STORAGE.seal) ?? '').includes(`"token":"${token}"`)
  } catch {
    // private mode: nothing kept, nothing to open
  }
  if (!token || !sealed) return null
  const url = streamUrl('/room/player', token)
  const fired: Event[] = []
  const keep = (e: Event) => void fired.push(e)
  const es = new EventSource(url)
  for (const kind of EARLY_EVENTS) es.addEventListener(kind, keep)
  const early: Early = { url, es, fired, keep, taken: false }
  setTimeout(() => {
    if (early.taken) return
    early.taken = true
    es.close()
  }, 10_000)
  return early
}
