import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import type { ProjectorScreen } from '../../shared/api'
import { normalizeName } from '../../shared/names'
import type { JoinChoices, WireScreen } from '../../shared/room'
import { claimRequestSchema, deviceTokenSchema, joinRequestSchema, keyRequestSchema, pairRequestSchema } from '../../shared/room-schemas'
import { roomLimits, type ConnectionGuard, type ConnectionLimits } from '../connections'
import { withInlineHashes } from '../csp-hashes'
import { empty, hostIs, jsonOf, listen, openSse, readBody, sender, sendsJson, servedHtml } from '../http'
import { assetServer, pagePreloads } from './assets'
import { deviceType } from './device-type'
import type { Room } from './room'
import type { Handshakes } from './seal'

/**
 * The room's server on the LAN (docs/room.md): one more transport of the host, read-only. It serves
 * the player page (phones, and TVs at /tv/) and the room's own small API, on the LAN address the
 * referee chose, and nothing else — no referee page, no referee API, no CORS.
 *   GET  /player/, /tv/            the player page (the same built page; /tv/ shows the projector)
 *   GET  /assets/…                 its scripts and styles
 *   GET  /room/names               the names to pick from: the seated players', or the roster's before a game
 *   POST /room/join  {name,commit} ask for a seat → { token, pub } (rate-limited); the referee admits it
 *   POST /room/key   {pub}         (header x-room-token) the joined phone's public key: the key agreed (seal.ts)
 *   POST /room/claim {claim}       a player's personal QR's claim id → { token } for the seat, once (rate-limited)
 *   GET  /room/player?token=T      SSE: this phone's screen, its secrets sealed (WireScreen)
 *   GET  /room/device?token=T      204 if the room knows the token, else 403
 *   POST /room/looked              (header x-room-token) the player held the role open
 *   POST /room/pick  {sealed}      (header x-room-token) a night call's pick, sealed (204, or the one refusal)
 *   POST /room/vote  {sealed}      (header x-room-token) a day's vote, sealed (204, or the one refusal)
 *   POST /room/pair  {code}        a TV types the display code → { token } (rate-limited)
 *   GET  /room/projector?token=T   SSE: the ProjectorScreen, for a paired TV
 */
export interface RoomHost {
  room: Room
  handshakes: Handshakes
  names(): JoinChoices
  /** A phone's screen, sealed; null for an unknown token or one whose key is not agreed yet. */
  playerScreen(token: string): WireScreen | null
  projectorScreen(): ProjectorScreen
  /** Each change of this phone's screen; null when the device was dropped (its stream ends). */
  onPlayer(token: string, cb: (s: WireScreen | null) => void): () => void
  onProjector(cb: (s: ProjectorScreen) => void): () => void
  /** The room's devices changed (a join, a connection): the referee's view is pushed. */
  changed(): void
  /** A phone's sealed pick at a night call (room-part.ts): taken, or the one refusal whatever its role. */
  pick(token: string, body: unknown): boolean
  /** A phone's sealed day vote (room-part.ts, day-vote.ts): taken, or the one refusal whatever its role. */
  vote(token: string, body: unknown): boolean
}

export interface RoomServerOptions {
  host: RoomHost
  /** The LAN address to listen on (never 0.0.0.0: the room answers on one interface only). */
  address: string
  port?: number
  /** The built renderer (out/renderer): player/index.html and assets/. */
  pagesDir: string
  /** Join, claim and pair attempts allowed per device address and minute. */
  attemptsPerMinute?: number
  /** What a peer may hold (default: roomLimits(), below the process's file limit). */
  limits?: ConnectionLimits
}

export interface RoomServer {
  port: number
  origin: string
  connections: ConnectionGuard
  /** Close the port; every stream is told why first (the phones say so while they wait). */
  close(why?: RoomBye): Promise<void>
}

/**
 * A stream's last word (an SSE event `bye`): the device was dropped (its token is worth nothing), the
 * referee closed the room, or the laptop is restarting (the room opens again on the same address and
 * its devices come back with their tokens).
 */
export type RoomBye = 'dropped' | 'closed' | 'restarting'
const bye = (res: ServerResponse, why: RoomBye) => res.write(`event: bye\ndata: ${JSON.stringify(why)}\n\n`)

export const TOKEN_HEADER = 'x-room-token'
const MAX_BODY = 1024
/** A pick's body: its sealed field (SEALED_CHARS) and the object around it. */
const MAX_PICK_BODY = 2048
/** Streams one device token may hold open at once; a new one ends its oldest (docs/room.md, the threat model). */
export const STREAMS_PER_DEVICE = 2

/**
 * The served page's policy: its own origin only, no frames, no forms, no inline anything but the
 * page's boot script as built, allowed by its hash (the page's answer adds it: csp-hashes.ts).
 */
export const ROOM_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Nightfall</title></head>
<body><p>The player page is not built yet: run <code>npm run build</code>.</p></body></html>
`

/** A sliding window of attempts per address (join, pair): a guessing device is slowed down, not the room. */
export class Attempts {
  private readonly at = new Map<string, number[]>()
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}
  allow(who: string): boolean {
    const t = this.now()
    const recent = (this.at.get(who) ?? []).filter((x) => t - x < 60_000)
    if (this.at.size > 10_000) this.at.clear()
    if (recent.length >= this.perMinute) {
      this.at.set(who, recent)
      return false
    }
    recent.push(t)
    this.at.set(who, recent)
    return true
  }
}

export async function startRoomServer(opts: RoomServerOptions): Promise<RoomServer> {
  const { host, address } = opts
  const pagesDir = resolve(opts.pagesDir)
  const attempts = new Attempts(opts.attemptsPerMinute ?? 60)
  const streams = new Set<ServerResponse>()
  let port = 0
  const hostName = () => (address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`)

  const send = sender({ 'content-security-policy': ROOM_CSP })
  const json = jsonOf(send)

  const page = (): string => {
    const file = join(pagesDir, 'player', 'index.html')
    return servedHtml(existsSync(file) ? readFileSync(file, 'utf8') : PLACEHOLDER)
  }

  /** Each device's open streams, oldest first: at most STREAMS_PER_DEVICE (a phone that reloads, or lost its Wi-Fi, opens a new one). */
  const byToken = new Map<string, ServerResponse[]>()
  const stream = <T>(req: IncomingMessage, res: ServerResponse, token: string, first: T, subscribe: (push: (v: T | null) => void) => () => void) => {
    const mine = byToken.get(token) ?? []
    while (mine.length >= STREAMS_PER_DEVICE) mine.shift()?.end()
    if (req.method !== 'HEAD') {
      mine.push(res)
      byToken.set(token, mine)
      res.once('close', () => {
        const left = (byToken.get(token) ?? []).filter((r) => r !== res)
        if (left.length) byToken.set(token, left)
        else byToken.delete(token)
      })
    }
    const opened = openSse(req, res, first, subscribe, {
      retryMs: 2000,
      streams,
      onPing: () => host.room.seen(token, 0),
      onClose: () => host.room.seen(token, -1) && host.changed(),
    })
    if (opened && host.room.seen(token, 1)) host.changed()
  }

  /** A small JSON body, or undefined (not JSON, too large, damaged): the schemas then refuse it. */
  const readJson = async (req: IncomingMessage, max = MAX_BODY): Promise<unknown> => {
    if (!sendsJson(req)) return undefined
    const text = await readBody(req, max)
    try {
      return text === null ? undefined : (JSON.parse(text) as unknown)
    } catch {
      return undefined
    }
  }

  const serveAsset = assetServer(pagesDir)

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: only the address this room was opened on.
    if (!hostIs(req, [hostName()])) return send(res, 403, 'Forbidden host.')
    const url = new URL(req.url ?? '/', `http://${hostName()}`)
    const path = url.pathname
    const method = req.method ?? 'GET'
    const who = req.socket.remoteAddress ?? '?'
    // The referee's page and API belong to this computer only (the browser mode's server on 127.0.0.1, or IPC).
    if (path.startsWith('/api/') || path.startsWith('/referee') || path.startsWith('/cards'))
      return send(res, 403, 'The referee’s page is never served over the network.')
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/' || path === '/player' || path === '/tv') return send(res, 302, '', 'text/plain', { location: path === '/tv' ? '/tv/' : '/player/' })
      if (path === '/player/' || path === '/tv/') {
        const html = page()
        const preload = pagePreloads(html)
        return send(res, 200, html, 'text/html; charset=utf-8', {
          'content-security-policy': withInlineHashes(ROOM_CSP, html),
          ...(preload ? { link: preload } : {}),
        })
      }
      if (path === '/room/names') return json(res, 200, host.names())
      if (path === '/room/device') {
        // Does the room still know this token (a page that lost its stream asks before forgetting it)?
        const token = deviceTokenSchema.safeParse(url.searchParams.get('token'))
        const known = token.success && (host.room.device(token.data) !== undefined || host.room.display(token.data) !== undefined)
        return empty(res, known ? 204 : 403)
      }
      if (path === '/room/player' || path === '/room/projector') {
        const token = deviceTokenSchema.safeParse(url.searchParams.get('token'))
        if (!token.success) return send(res, 403, 'Unknown device.')
        const t = token.data
        if (path === '/room/player') {
          const first = host.playerScreen(t)
          if (!first) return send(res, 403, 'Unknown device.')
          return stream(req, res, t, first, (push) => host.onPlayer(t, (v) => (v === null && bye(res, 'dropped'), push(v))))
        }
        if (!host.room.display(t)) return send(res, 403, 'Unknown screen.')
        return stream(req, res, t, host.projectorScreen(), (push) => host.onProjector(push))
      }
      if (serveAsset(req, res, path)) return
      if (path === '/favicon.ico') return empty(res, 204, 'max-age=86400')
      return send(res, 404, 'Not found.')
    }
    if (method !== 'POST') return send(res, 405, 'Method not allowed.')
    // A page from another origin must not post here (no CORS: a browser sends Origin on a cross-site POST).
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${hostName()}`) return send(res, 403, 'Forbidden origin.')
    const device = deviceType(req.headers['user-agent'])
    if (path === '/room/join' || path === '/room/pair' || path === '/room/claim') {
      if (!attempts.allow(who)) return send(res, 429, 'Too many attempts: wait a minute.', undefined, { 'retry-after': '60' })
      const body = await readJson(req)
      if (path === '/room/join') {
        const r = joinRequestSchema.safeParse(body)
        // The name as the roster and the seats keep it (names.ts): the phone's text may be composed otherwise.
        const name = r.success ? normalizeName(r.data.name) : ''
        if (!r.success || !host.names().names.includes(name)) return json(res, 400, { ok: false, error: 'not-seated' })
        const token = host.room.ask(name, who, device)
        if (!token) return json(res, 503, { ok: false, error: 'busy' })
        // Not shown to the referee before its key is agreed (POST /room/key); an ask it replaced may have been.
        host.changed()
        return json(res, 200, { ok: true, token, pub: host.handshakes.hello(token, r.data.commit) })
      }
      const claim = path === '/room/claim' ? claimRequestSchema.safeParse(body) : null
      const pair = claim ? null : pairRequestSchema.safeParse(body)
      const token = claim?.success ? host.room.claim(claim.data.claim, device) : pair?.success ? host.room.pair(pair.data.code, who) : null
      if (token === 'wait') return send(res, 429, 'Too many wrong codes in this room: wait a minute.', undefined, { 'retry-after': '60' })
      if (!token) return json(res, 403, { ok: false, error: claim ? 'wrong-secret' : 'wrong-code' })
      host.changed()
      return json(res, 200, { ok: true, token })
    }
    if (path === '/room/key') {
      // A joined phone's public key, once: the key agreed. Another key (not the one it committed to) changes nothing.
      const token = deviceTokenSchema.safeParse(req.headers[TOKEN_HEADER])
      const r = keyRequestSchema.safeParse(await readJson(req))
      if (!token.success || !host.room.device(token.data)) return send(res, 403, 'Unknown device.')
      const agreed = r.success ? host.handshakes.finish(token.data, r.data.pub) : null
      if (!agreed || !host.room.sealed(token.data, agreed)) return json(res, 403, { ok: false, error: 'wrong-key' })
      host.changed()
      return empty(res)
    }
    if (path === '/room/pick' || path === '/room/vote') {
      // A pick at a night call or a day's vote: 204 taken, else one answer for every refusal and every role (not its call or vote, not its seat, damaged).
      const token = deviceTokenSchema.safeParse(req.headers[TOKEN_HEADER])
      if (!token.success || !host.room.device(token.data)) return send(res, 403, 'Unknown device.')
      const body = await readJson(req, MAX_PICK_BODY)
      const taken = path === '/room/pick' ? host.pick(token.data, body) : host.vote(token.data, body)
      return taken ? empty(res) : json(res, 409, { ok: false, error: 'refused' })
    }
    if (path === '/room/looked') {
      const token = deviceTokenSchema.safeParse(req.headers[TOKEN_HEADER])
      if (!token.success || !host.room.device(token.data)) return send(res, 403, 'Unknown device.')
      if (host.room.lookedAtRole(token.data)) host.changed()
      return empty(res)
    }
    return send(res, 404, 'Not found.')
  }

  // Never log a request: its URL may carry a device's token.
  const listening = await listen(handle, {
    address,
    port: opts.port,
    streams,
    send,
    internalError: () => 'Internal error.',
    limits: opts.limits ?? roomLimits(),
  })
  port = listening.port
  return {
    port,
    origin: `http://${hostName()}`,
    connections: listening.connections,
    close: (why) => {
      if (why) for (const res of streams) bye(res, why)
      return listening.close()
    },
  }
}
