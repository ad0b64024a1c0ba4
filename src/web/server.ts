import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { buildSync } from 'esbuild'
import type { GameHost } from '../host/game-host'
import { refereeLimits, type ConnectionGuard, type ConnectionLimits } from '../host/connections'
import { empty, hostIs, jsonOf, listen, openSse, readBody, sender, sendsJson, servedHtml, serveFile } from '../host/http'
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
  /** What this computer's connections may hold (default: refereeLimits()). */
  limits?: ConnectionLimits
}

export interface WebServer {
  port: number
  origin: string
  refereeUrl: string
  projectorUrl: string
  tokens: { referee: string; projector: string }
  connections: ConnectionGuard
  close(): Promise<void>
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

  const send = sender()
  const json = jsonOf(send)

  const openStream = <T>(req: IncomingMessage, res: ServerResponse, first: T, subscribe: (push: (v: T) => void) => () => void): void => {
    openSse(req, res, first, subscribe, { retryMs: 1000, streams })
  }

  // Pages only with their token (served by the routes above), never as files.
  const serveStatic = (res: ServerResponse, pathname: string): boolean => serveFile(res, rendererDir, pathname, (file) => extname(file) !== '.html')

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // This computer only: the referee's page and API are never answered over the network, whatever
    // the token (the server listens on 127.0.0.1; this holds even if it were bound wider).
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, 'Only from this computer.')
    // DNS rebinding: only our own host names.
    if (!hostIs(req, [`127.0.0.1:${port}`, `localhost:${port}`])) return send(res, 403, 'Forbidden host.')
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
      if (path === '/favicon.ico') return empty(res, 204, 'max-age=86400')
      return send(res, 404, 'Not found.')
    }

    if (method === 'POST' && (path === '/api/print/ticket' || path === '/api/print/cards')) {
      if (!sendsJson(req)) return send(res, 415, 'Send JSON.')
      const body = await readBody(req, MAX_BODY)
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
      if (!sendsJson(req)) return send(res, 415, 'Send JSON.')
      const body = await readBody(req, MAX_BODY)
      if (body === null) return send(res, 413, 'Too large.', 'text/plain', { connection: 'close' })
      if (isProjectorReady) {
        host.projectorReady()
        return empty(res)
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

  const listening = await listen(handle, {
    address: '127.0.0.1',
    port: opts.port,
    streams,
    send,
    internalError: (e) => `Internal error: ${(e as Error)?.message ?? String(e)}`,
    limits: opts.limits ?? refereeLimits(),
  })
  port = listening.port
  const origin = `http://127.0.0.1:${port}`
  return {
    port,
    origin,
    tokens,
    refereeUrl: `${origin}/referee/?token=${tokens.referee}`,
    projectorUrl: `${origin}/projector/?token=${tokens.projector}`,
    connections: listening.connections,
    close: listening.close,
  }
}
