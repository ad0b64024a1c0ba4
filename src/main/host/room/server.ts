import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { ProjectorScreen } from '../../../shared/api'
import type { JoinChoices, PlayerScreen } from '../../../shared/room'
import { deviceTokenSchema, joinRequestSchema, pairRequestSchema } from '../../../shared/room-schemas'
import type { Room } from './room'

/**
 * The room's server on the LAN (docs/room.md): one more transport of the host, read-only. It serves
 * the player page (phones, and TVs at /tv/) and the room's own small API, on the LAN address the
 * referee chose, and nothing else — no referee page, no referee API, no CORS.
 *   GET  /player/, /tv/            the player page (the same built page; /tv/ shows the projector)
 *   GET  /assets/…                 its scripts and styles
 *   GET  /room/names               the seated players' names (public: the projector shows them)
 *   POST /room/join  {name}        ask for a seat → { token } (rate-limited); the referee admits it
 *   GET  /room/player?token=T      SSE: this phone's PlayerScreen
 *   GET  /room/device?token=T      204 if the room knows the token, else 403
 *   POST /room/looked              (header x-room-token) the player held the role open
 *   POST /room/pair  {code}        a TV types the display code → { token } (rate-limited)
 *   GET  /room/projector?token=T   SSE: the ProjectorScreen, for a paired TV
 */
export interface RoomHost {
  room: Room
  names(): JoinChoices
  playerScreen(token: string): PlayerScreen | null
  projectorScreen(): ProjectorScreen
  /** Each change of this phone's screen; null when the device was dropped (its stream ends). */
  onPlayer(token: string, cb: (s: PlayerScreen | null) => void): () => void
  onProjector(cb: (s: ProjectorScreen) => void): () => void
  /** The room's devices changed (a join, a connection): the referee's view is pushed. */
  changed(): void
}

export interface RoomServerOptions {
  host: RoomHost
  /** The LAN address to listen on (never 0.0.0.0: the room answers on one interface only). */
  address: string
  port?: number
  /** The built renderer (out/renderer): player/index.html and assets/. */
  pagesDir: string
  /** Join and pair attempts allowed per device address and minute. */
  attemptsPerMinute?: number
}

export interface RoomServer {
  port: number
  origin: string
  close(): Promise<void>
}

export const TOKEN_HEADER = 'x-room-token'
const MAX_BODY = 1024

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** The served page's policy: its own origin only, no frames, no forms, no inline anything. */
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

  const send = (res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': ROOM_CSP,
      ...extra,
    })
    res.end(body)
  }
  const json = (res: ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), 'application/json; charset=utf-8')

  const page = (): string => {
    const file = join(pagesDir, 'player', 'index.html')
    const html = existsSync(file) ? readFileSync(file, 'utf8') : PLACEHOLDER
    // The built page connects nowhere by default; here it talks to this server (its own origin).
    return html.replace("connect-src 'none'", "connect-src 'self'")
  }

  const stream = <T>(req: IncomingMessage, res: ServerResponse, token: string, first: T, subscribe: (push: (v: T | null) => void) => () => void) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    })
    res.socket?.setNoDelay(true)
    const push = (v: T | null) => (v === null ? res.end() : res.write(`data: ${JSON.stringify(v)}\n\n`))
    res.write('retry: 2000\n\n')
    push(first)
    const unsubscribe = subscribe(push)
    const ping = setInterval(() => {
      res.write(': ping\n\n')
      host.room.seen(token, 0)
    }, 15_000)
    streams.add(res)
    if (host.room.seen(token, 1)) host.changed()
    req.on('close', () => {
      clearInterval(ping)
      unsubscribe()
      streams.delete(res)
      if (host.room.seen(token, -1)) host.changed()
    })
  }

  const readJson = (req: IncomingMessage): Promise<unknown> =>
    new Promise((done) => {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return done(undefined)
      const chunks: Buffer[] = []
      let size = 0
      req.on('data', (c: Buffer) => {
        size += c.length
        if (size > MAX_BODY) {
          done(undefined)
          req.destroy()
        } else chunks.push(c)
      })
      req.on('end', () => {
        try {
          done(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        } catch {
          done(undefined)
        }
      })
      req.on('error', () => done(undefined))
    })

  const serveAsset = (res: ServerResponse, pathname: string): boolean => {
    let rel: string
    try {
      rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '')
    } catch {
      return false
    }
    const file = resolve(pagesDir, rel)
    const type = MIME[extname(file)]
    if (!file.startsWith(join(pagesDir, 'assets') + sep) || !type) return false
    if (!existsSync(file) || !statSync(file).isFile()) return false
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
    res.end(readFileSync(file))
    return true
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: only the address this room was opened on.
    if (req.headers.host !== hostName()) return send(res, 403, 'Forbidden host.')
    const url = new URL(req.url ?? '/', `http://${hostName()}`)
    const path = url.pathname
    const method = req.method ?? 'GET'
    const who = req.socket.remoteAddress ?? '?'
    // The referee's page and API belong to this computer only (the browser mode's server on 127.0.0.1, or IPC).
    if (path.startsWith('/api/') || path.startsWith('/referee') || path.startsWith('/cards'))
      return send(res, 403, 'The referee’s page is never served over the network.')
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/' || path === '/player' || path === '/tv') return send(res, 302, '', 'text/plain', { location: path === '/tv' ? '/tv/' : '/player/' })
      if (path === '/player/' || path === '/tv/') return send(res, 200, page(), 'text/html; charset=utf-8')
      if (path === '/room/names') return json(res, 200, host.names())
      if (path === '/room/device') {
        // Does the room still know this token (a page that lost its stream asks before forgetting it)?
        const token = deviceTokenSchema.safeParse(url.searchParams.get('token'))
        const known = token.success && (host.room.device(token.data) !== undefined || host.room.display(token.data) !== undefined)
        res.writeHead(known ? 204 : 403, { 'cache-control': 'no-store' })
        return void res.end()
      }
      if (path === '/room/player' || path === '/room/projector') {
        const token = deviceTokenSchema.safeParse(url.searchParams.get('token'))
        if (!token.success) return send(res, 403, 'Unknown device.')
        const t = token.data
        if (path === '/room/player') {
          const first = host.playerScreen(t)
          if (!first) return send(res, 403, 'Unknown device.')
          return stream(req, res, t, first, (push) => host.onPlayer(t, push))
        }
        if (!host.room.display(t)) return send(res, 403, 'Unknown screen.')
        return stream(req, res, t, host.projectorScreen(), (push) => host.onProjector(push))
      }
      if (serveAsset(res, path)) return
      if (path === '/favicon.ico') {
        res.writeHead(204, { 'cache-control': 'max-age=86400' })
        return void res.end()
      }
      return send(res, 404, 'Not found.')
    }
    if (method !== 'POST') return send(res, 405, 'Method not allowed.')
    // A page from another origin must not post here (no CORS: a browser sends Origin on a cross-site POST).
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${hostName()}`) return send(res, 403, 'Forbidden origin.')
    if (path === '/room/join' || path === '/room/pair') {
      if (!attempts.allow(who)) return send(res, 429, 'Too many attempts: wait a minute.', 'text/plain; charset=utf-8', { 'retry-after': '60' })
      const body = await readJson(req)
      if (path === '/room/join') {
        const r = joinRequestSchema.safeParse(body)
        if (!r.success || !host.names().names.includes(r.data.name)) return json(res, 400, { ok: false, error: 'not-seated' })
        const token = host.room.ask(r.data.name)
        if (!token) return json(res, 503, { ok: false, error: 'busy' })
        host.changed()
        return json(res, 200, { ok: true, token })
      }
      const r = pairRequestSchema.safeParse(body)
      const token = r.success ? host.room.pair(r.data.code) : null
      if (!token) return json(res, 403, { ok: false, error: 'wrong-code' })
      host.changed()
      return json(res, 200, { ok: true, token })
    }
    if (path === '/room/looked') {
      const token = deviceTokenSchema.safeParse(req.headers[TOKEN_HEADER])
      if (!token.success || !host.room.device(token.data)) return send(res, 403, 'Unknown device.')
      if (host.room.lookedAtRole(token.data)) host.changed()
      res.writeHead(204, { 'cache-control': 'no-store' })
      return void res.end()
    }
    return send(res, 404, 'Not found.')
  }

  const server: Server = createServer((req, res) => {
    // Never log a request: its URL may carry a device's token.
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error.')
      else res.end()
    })
  })
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 10_000
  server.requestTimeout = 10_000
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, address, () => ok())
  })
  port = (server.address() as AddressInfo).port
  return {
    port,
    origin: `http://${hostName()}`,
    close: () =>
      new Promise<void>((done) => {
        for (const s of streams) s.end()
        streams.clear()
        server.closeAllConnections?.()
        server.close(() => done())
      }),
  }
}
