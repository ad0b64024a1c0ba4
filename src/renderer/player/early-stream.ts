import { EARLY_EVENTS, EARLY_GLOBAL, openEarly, type Early } from './saved-seat'

export { savedToken, STORAGE, streamUrl, type DeviceKind } from './saved-seat'

/**
 * A seated phone's stream, opened before the page's code runs (docs/room.md, "First render"): by
 * the page's inline boot script (boot.ts) while the HTML is parsed, else (a page without it: the
 * dev server, a test) here, as the page's first module is evaluated. The stream's first events wait
 * until the page takes it (room-client.ts's openStream) and replays them. A phone without a saved
 * seat, a TV, or a page that never takes the stream (it closes after 10 s) is as before.
 */
function adopt(): Early | null {
  const w = globalThis as unknown as Record<string, Early | null | undefined>
  if (!(EARLY_GLOBAL in w)) return openEarly()
  const booted = w[EARLY_GLOBAL] ?? null
  delete w[EARLY_GLOBAL]
  return booted
}

let early: Early | null = adopt()

/** The stream opened early for `url`, and what it has fired so far (null: none, or another address). */
export function takeEarlyStream(url: string): { es: EventSource; fired: Event[] } | null {
  const e = early
  if (!e || e.url !== url || e.taken) return null
  early = null
  e.taken = true
  for (const kind of EARLY_EVENTS) e.es.removeEventListener(kind, e.keep)
  return { es: e.es, fired: e.fired }
}
