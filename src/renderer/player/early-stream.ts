/**
 * What a device keeps in this browser, and a seated phone's stream opened before the rest of the
 * page's code runs (docs/room.md, "First render"). main.ts imports this module first and it imports
 * nothing, so a phone that has its token and key asks for its screen while the browser is still
 * evaluating the page's other modules; the stream's first events wait here until the page takes
 * the stream (room-client.ts's openStream) and replays them. Nothing else happens here: a phone
 * without a saved seat, a TV, or a page that never takes the stream (it closes after 10 s) is as before.
 */
export const STORAGE = { player: 'nightfall-room-player', tv: 'nightfall-room-tv', seal: 'nightfall-room-seal' } as const
export type DeviceKind = 'player' | 'tv'

export function savedToken(kind: DeviceKind): string | null {
  try {
    return localStorage.getItem(STORAGE[kind])
  } catch {
    return null
  }
}

export const streamUrl = (path: string, token: string): string => `${path}?token=${encodeURIComponent(token)}`

/** The events a stream has fired before the page took it, in order. */
const EVENTS = ['open', 'message', 'bye', 'error'] as const
interface Early {
  url: string
  es: EventSource
  fired: Event[]
  keep: (e: Event) => void
}

function openEarly(): Early | null {
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
  for (const kind of EVENTS) es.addEventListener(kind, keep)
  setTimeout(() => {
    if (early?.es !== es) return
    es.close()
    early = null
  }, 10_000)
  return { url, es, fired, keep }
}

let early: Early | null = openEarly()

/** The stream opened early for `url`, and what it has fired so far (null: none, or another address). */
export function takeEarlyStream(url: string): { es: EventSource; fired: Event[] } | null {
  const e = early
  if (!e || e.url !== url) return null
  early = null
  for (const kind of EVENTS) e.es.removeEventListener(kind, e.keep)
  return { es: e.es, fired: e.fired }
}
