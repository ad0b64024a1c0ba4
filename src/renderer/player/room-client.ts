import type { JoinChoices } from '../../shared/room'
import { savedToken, STORAGE, streamUrl, takeEarlyStream, type DeviceKind } from './early-stream'

export { savedToken, type DeviceKind }

/**
 * The room page's way to the laptop: the room's own small API on the page's origin (docs/room.md).
 * A device's token is kept in this browser (localStorage) until the room forgets it: a phone that
 * sleeps or reloads comes back to its seat by itself.
 */
export const TOKEN_HEADER = 'x-room-token'

/** Why the laptop ended a stream (the room server's `bye` event). */
export type RoomBye = 'dropped' | 'closed' | 'restarting'
const parseBye = (data: string): RoomBye | null => {
  try {
    const v: unknown = JSON.parse(data)
    return v === 'dropped' || v === 'closed' || v === 'restarting' ? v : null
  } catch {
    return null
  }
}
export function saveToken(kind: DeviceKind, token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(STORAGE[kind])
    else localStorage.setItem(STORAGE[kind], token)
  } catch {
    // private mode: the token lives as long as the page
  }
}

export async function names(): Promise<JoinChoices | null> {
  try {
    const r = await fetch('/room/names', { cache: 'no-store' })
    return r.ok ? ((await r.json()) as JoinChoices) : null
  } catch {
    return null
  }
}

/**
 * Ask for a seat (join), claim one with a personal secret, or pair a TV: the token, or why not
 * ('busy': rate-limited or too many waiting; 'refused'; 'unreachable').
 */
export async function ask(
  path: '/room/join' | '/room/pair' | '/room/claim',
  body: unknown,
): Promise<{ token: string; pub?: unknown } | { error: 'busy' | 'refused' | 'unreachable' }> {
  try {
    const r = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (r.status === 429 || r.status === 503) return { error: 'busy' }
    const answer = (await r.json()) as { ok: boolean; token?: string; pub?: unknown }
    return answer.ok && typeof answer.token === 'string' ? { token: answer.token, pub: answer.pub } : { error: 'refused' }
  } catch {
    return { error: 'unreachable' }
  }
}

export function lookedAtRole(token: string): void {
  void fetch('/room/looked', { method: 'POST', headers: { [TOKEN_HEADER]: token } }).catch(() => undefined)
}

/**
 * A device's stream: every message and the connection's state. EventSource retries by itself while
 * the laptop is away; when it gives up (an error answer, or the page going away) the room is asked
 * whether it still knows the token: only a clear "no" (403) ends the device (`gone`), anything
 * else opens the stream again.
 */
export function openStream<T>(
  path: string,
  token: string,
  on: { message(v: T): void; connected(up: boolean): void; gone(): void; bye?(why: RoomBye): void },
): () => void {
  let es: EventSource | null = null
  let stopped = false
  const onOpen = () => on.connected(true)
  const onMessage = (e: MessageEvent<string>) => {
    try {
      on.message(JSON.parse(e.data) as T)
    } catch {
      // a damaged message: the next one replaces it
    }
  }
  // The stream's last word (server.ts): dropped ends the device at once; otherwise the page says why it waits.
  const onBye = (e: MessageEvent<string>) => {
    const why = parseBye(e.data)
    if (why === 'dropped') {
      stopped = true
      es?.close()
      on.gone()
    } else if (why) on.bye?.(why)
  }
  const onError = () => {
    if (es?.readyState !== EventSource.CLOSED) return on.connected(false)
    on.connected(false)
    void fetch(`/room/device?token=${encodeURIComponent(token)}`, { cache: 'no-store' }).then(
      (r) => (r.status === 403 ? on.gone() : setTimeout(open, 1000)),
      () => setTimeout(open, 2000),
    )
  }
  const handlers: Record<string, (e: MessageEvent<string>) => void> = { open: onOpen, message: onMessage, bye: onBye, error: onError }
  const open = () => {
    if (stopped) return
    const url = streamUrl(path, token)
    // The first time, the stream early-stream.ts opened before the page's code ran, if it is this one.
    const early = takeEarlyStream(url)
    es = early?.es ?? new EventSource(url)
    for (const [kind, handle] of Object.entries(handlers)) es.addEventListener(kind, handle as EventListener)
    for (const e of early?.fired ?? []) handlers[e.type]?.(e as MessageEvent<string>)
  }
  open()
  return () => {
    stopped = true
    es?.close()
  }
}
