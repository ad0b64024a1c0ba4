import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { buildSync } from 'esbuild'
import type { GameHost } from '../main/host/game-host'
import { TICKET_HEADER, TOKEN_HEADER } from './bridge/token'
import { PrintTickets } from './print-tickets'

/**
 * The browser mode's transport: the built renderer pages plus the host's RefereeApi / ProjectorApi
 * over HTTP, on 127.0.0.1 only.
 *   GET  /referee/?token=R            the referee page, with /bridge/referee.js injected before the app
 *   GET  /projector/?token=P          the projector page, with /bridge/projector.js
 *   POST /api/print/ticket            (header token R) JSON [request] → a one-time print ticket T, or the refusal
 *   GET  /cards/?ticket=T&print=1     the cards page (print), with /bridge/cards.js; no token in its address
 *   POST /api/print/cards             (header x-nightfall-ticket: T) redeems T: the cards (RefereeApi.cardsPayload)
 *   POST /api/referee/<method>        JSON list of arguments → ApiResult (header x-nightfall-token: R)
 *   GET  /api/referee/events?token=R  Server-Sent Events: a RefereeAppView after every change
 *   GET  /api/projector/events?token=P  SSE: ProjectorScreen values only
 *   POST /api/projector/ready         (header token P) the projector asks for the current screen
 * The two tokens are different: the projector's cannot call any referee method.
 */

export interface WebServerOptions {
  host: GameHost
  /** The built renderer (out/renderer): referee/index.html, projector/index.html, assets/. */
  rendererDir: string
  port?: number
  /** Fixed tokens (tests); random by default. */
  tokens?: { referee: string; projector: string }
}

export interface WebServer {
  port: number
  origin: string
  refereeUrl: string
  projectorUrl: string
  tokens: { referee: string; projector: string }
  close(): Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
}

/** A call's body: room for an imported game file of up to 1 MB (MAX_IMPORT_BYTES) written as a JSON string, its quotes escaped. */
const MAX_BODY = 2 * 1024 * 1024

/** Compile the bridges (TypeScript, type-checked with the project) to one classic script each. */
export function buildBridges(): Record<PageName, string> {
  const one = (name: PageName) =>
    buildSync({
      entryPoints: [join(import.meta.dirname, 'bridge', `${name}.ts`)],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      logLevel: 'error',
    }).outputFiles[0]!.text
  return { referee: one('referee'), projector: one('projector'), cards: one('cards') }
}

/** The served pages. The cards page (printing, opened by the referee page) takes a one-time print ticket, never a token. */
type PageName = 'referee' | 'projector' | 'cards'

/** A connection from this computer (IPv4, IPv6, or IPv4 mapped into IPv6). */
export const isLoopback = (a: string | undefined): boolean => a !== undefined && (/^127\./.test(a) || a === '::1' || /^::ffff:127\./.test(a))

function sameToken(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Put the bridge script before the first script of the page (the app bundle), or before </head>.
 * Deferred: it does not hold up the parser (and with it the fetch of the app's scripts and styles),
 * yet still runs before the app bundle — deferred classic scripts and module scripts run in document
 * order once the document is parsed — so window.referee / window.projector exist when the app starts.
 */
export function injectBridge(html: string, src: string): string {
  const tag = `<script defer src="${src}"></script>`
  const i = html.search(/<script\b/i)
  if (i >= 0) return html.slice(0, i) + tag + '\n    ' + html.slice(i)
  const h = html.search(/<\/head>/i)
  return h >= 0 ? html.slice(0, h) + tag + '\n  ' + html.slice(h) : tag + html
}

/**
 * The built pages connect nowhere (`connect-src 'none'`: Electron loads them from files and talks
 * only over IPC). Served here, their bridge calls this server: its own origin, nothing else.
 */
export function servedHtml(html: string): string {
  return html.replace("connect-src 'none'", "connect-src 'self'")
}

const PLACEHOLDER = (page: string) => `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" />
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'" />
<title>Nightfall — ${page}</title></head>
<body><p>The ${page} page is not built yet: run <code>npm run build</code> (or <code>npm run start:web</code>, which builds first).</p></body></html>
`

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const { host } = opts
  const rendererDir = resolve(opts.rendererDir)
  const tokens = opts.tokens ?? { referee: randomBytes(24).toString('base64url'), projector: randomBytes(24).toString('base64url') }
  const bridges = buildBridges()
  const streams = new Set<ServerResponse>()
  const tickets = new PrintTickets()
  let port = 0

  const page = (name: PageName): string => {
    const file = join(rendererDir, name, 'index.html')
    const html = existsSync(file) ? readFileSync(file, 'utf8') : PLACEHOLDER(name)
    return injectBridge(servedHtml(html), `/bridge/${name}.js`)
  }

  const send = (res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      ...extra,
    })
    res.end(body)
  }
  const json = (res: ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), 'application/json; charset=utf-8')

  const openStream = <T>(req: IncomingMessage, res: ServerResponse, first: T, subscribe: (push: (v: T) => void) => () => void) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    })
    res.socket?.setNoDelay(true)
    const push = (v: T) => res.write(`data: ${JSON.stringify(v)}\n\n`)
    res.write('retry: 1000\n\n')
    push(first)
    const unsubscribe = subscribe(push)
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000)
    streams.add(res)
    req.on('close', () => {
      clearInterval(ping)
      unsubscribe()
      streams.delete(res)
    })
  }

  const readBody = (req: IncomingMessage): Promise<string | null> =>
    new Promise((resolveBody) => {
      // Over the limit: stop collecting but read (and drop) the rest, so the client gets its 413
      // answer instead of a reset connection; only a body 16 times the limit is cut off.
      const chunks: Buffer[] = []
      let size = 0
      let over = false
      req.on('data', (c: Buffer) => {
        size += c.length
        if (size > 16 * MAX_BODY) {
          resolveBody(null)
          req.destroy()
        } else if (over || size > MAX_BODY) {
          over = true
          chunks.length = 0
        } else chunks.push(c)
      })
      req.on('end', () => resolveBody(over ? null : Buffer.concat(chunks).toString('utf8')))
      req.on('error', () => resolveBody(null))
    })

  const serveStatic = (res: ServerResponse, pathname: string): boolean => {
    let rel: string
    try {
      rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '')
    } catch {
      return false
    }
    const file = resolve(rendererDir, rel)
    if (!file.startsWith(rendererDir + sep)) return false
    // Pages only with their token (served by the routes above).
    if (extname(file) === '.html') return false
    if (!existsSync(file) || !statSync(file).isFile()) return false
    const type = MIME[extname(file)] ?? 'application/octet-stream'
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
    res.end(readFileSync(file))
    return true
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // This computer only: the referee's page and API are never answered over the network, whatever
    // the token (the server listens on 127.0.0.1; this holds even if it were bound wider).
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, 'Only from this computer.')
    // DNS rebinding: only our own host names.
    const hostHeader = req.headers.host ?? ''
    if (hostHeader !== `127.0.0.1:${port}` && hostHeader !== `localhost:${port}`) return send(res, 403, 'Forbidden host.')
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const path = url.pathname
    const queryToken = url.searchParams.get('token')
    const headerToken = req.headers[TOKEN_HEADER]
    const method = req.method ?? 'GET'

    if (method === 'GET' || method === 'HEAD') {
      for (const name of ['referee', 'projector', 'cards'] as const) {
        if (path === `/${name}` || path === `/${name}/` || path === `/${name}/index.html`) {
          if (name === 'cards' ? !tickets.valid(url.searchParams.get('ticket')) : !sameToken(queryToken, tokens[name]))
            return send(
              res,
              403,
              name === 'cards'
                ? 'This print page was used or has expired: print again from the referee page.'
                : 'Wrong or missing token: open the address printed when the server started.',
            )
          if (path === `/${name}`) return send(res, 302, '', 'text/plain', { location: `/${name}/${url.search}` })
          return send(res, 200, page(name), 'text/html; charset=utf-8', { 'content-security-policy': "frame-ancestors 'none'" })
        }
        if (path === `/bridge/${name}.js`) return send(res, 200, bridges[name], 'text/javascript; charset=utf-8')
      }
      if (path === '/api/referee/events') {
        if (!sameToken(queryToken, tokens.referee)) return send(res, 403, 'Wrong token.')
        return openStream(req, res, host.refereeAppView(), (push) => host.onRefereeView(push))
      }
      if (path === '/api/projector/events') {
        if (!sameToken(queryToken, tokens.projector)) return send(res, 403, 'Wrong token.')
        return openStream(req, res, host.projectorScreen(), (push) => host.onProjectorScreen(push))
      }
      if (path.startsWith('/api/')) return send(res, 405, 'Method not allowed.')
      if (serveStatic(res, path)) return
      // Browsers ask for a favicon; answer "none" rather than log a 404 on every page.
      if (path === '/favicon.ico') {
        res.writeHead(204, { 'cache-control': 'max-age=86400' })
        return void res.end()
      }
      return send(res, 404, 'Not found.')
    }

    if (method === 'POST' && (path === '/api/print/ticket' || path === '/api/print/cards')) {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, 'Send JSON.')
      const body = await readBody(req)
      if (body === null) return send(res, 413, 'Too large.', 'text/plain', { connection: 'close' })
      if (path === '/api/print/cards') {
        const t = req.headers[TICKET_HEADER]
        const redeemed = tickets.redeem(typeof t === 'string' ? t : null)
        if (!redeemed) return send(res, 403, 'This print page was used or has expired: print again from the referee page.')
        return json(res, 200, await host.call('cardsPayload', [redeemed.request]))
      }
      if (!sameToken(typeof headerToken === 'string' ? headerToken : null, tokens.referee)) return send(res, 403, 'Wrong token.')
      let args: unknown
      try {
        args = JSON.parse(body)
      } catch {
        return json(res, 400, { ok: false, error: { code: 'invalid-arguments', message: 'The body is not JSON.' } })
      }
      // The host checks the request (a refusal comes back as it is); only a request it would answer gets a ticket.
      const check = await host.call('cardsPayload', args)
      return json(res, 200, check.ok ? { ok: true, value: { ticket: tickets.issue((args as unknown[])[0]) } } : check)
    }

    if (method === 'POST') {
      const isReferee = path.startsWith('/api/referee/')
      const isProjectorReady = path === '/api/projector/ready'
      if (!isReferee && !isProjectorReady) return send(res, 404, 'Not found.')
      const token = typeof headerToken === 'string' ? headerToken : null
      if (!sameToken(token, isReferee ? tokens.referee : tokens.projector)) return send(res, 403, 'Wrong token.')
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, 'Send JSON.')
      const body = await readBody(req)
      if (body === null) return send(res, 413, 'Too large.', 'text/plain', { connection: 'close' })
      if (isProjectorReady) {
        host.projectorReady()
        res.writeHead(204, { 'cache-control': 'no-store' })
        return void res.end()
      }
      const name = path.slice('/api/referee/'.length)
      let args: unknown
      try {
        args = body === '' ? [] : JSON.parse(body)
      } catch {
        return json(res, 400, { ok: false, error: { code: 'invalid-arguments', message: 'The body is not JSON.' } })
      }
      const result = await host.call(name, args)
      if (!result.ok && result.error.code === 'unknown-method') return json(res, 404, result)
      return json(res, 200, result)
    }
    return send(res, 405, 'Method not allowed.')
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, `Internal error: ${(e as Error)?.message ?? String(e)}`)
      else res.end()
    })
  })
  server.keepAliveTimeout = 65_000

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolveListen())
  })
  port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  return {
    port,
    origin,
    tokens,
    refereeUrl: `${origin}/referee/?token=${tokens.referee}`,
    projectorUrl: `${origin}/projector/?token=${tokens.projector}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const s of streams) s.end()
        streams.clear()
        server.closeAllConnections?.()
        server.close(() => resolveClose())
      }),
  }
}
