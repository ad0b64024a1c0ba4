import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, normalize, resolve, sep } from 'node:path'
import { ConnectionGuard, streaming, type ConnectionLimits } from './connections'

/**
 * What the two HTTP servers share — the browser mode's (src/web/server.ts, on 127.0.0.1) and the
 * room's (room/server.ts, on the LAN address): the headers every answer carries, reading a bounded
 * body, the files they serve, Server-Sent Events, the Host check, listening and closing. Each server
 * keeps its own routes and its own policy (which pages, which tokens, which CSP).
 */

export const TEXT = 'text/plain; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': JSON_TYPE,
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': TEXT,
}

/** Every answer: never cached, never sniffed, no Referer sent on, never in a frame. */
const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const

export type Send = (res: ServerResponse, status: number, body: string, type?: string, extra?: Record<string, string>) => void

/** An answer with the base headers, and `always` (a server's own, e.g. its CSP) on every one. */
export function sender(always: Record<string, string> = {}): Send {
  return (res, status, body, type = TEXT, extra = {}) => {
    res.writeHead(status, { 'content-type': type, ...BASE_HEADERS, ...always, ...extra })
    res.end(body)
  }
}

export const jsonOf =
  (send: Send) =>
  (res: ServerResponse, status: number, value: unknown): void =>
    send(res, status, JSON.stringify(value), JSON_TYPE)

/** An empty answer (204, or another status with no body). */
export function empty(res: ServerResponse, status = 204, cache = 'no-store'): void {
  res.writeHead(status, { 'cache-control': cache })
  res.end()
}

/**
 * The built pages connect nowhere (`connect-src 'none'`: Electron loads them from files and talks
 * only over IPC). Served over HTTP, they talk to the server that served them: its own origin, nothing else.
 */
export const servedHtml = (html: string): string => html.replace("connect-src 'none'", "connect-src 'self'")

/** The request's Host is one of ours (DNS rebinding: a page of another name must not reach us). */
export const hostIs = (req: IncomingMessage, allowed: readonly string[]): boolean => allowed.includes(req.headers.host ?? '')

/** The request says its body is JSON. */
export const sendsJson = (req: IncomingMessage): boolean => /^application\/json\b/i.test(req.headers['content-type'] ?? '')

/**
 * The body as text, or null when it is over `max` bytes. Over the limit it stops collecting but reads
 * (and drops) the rest, so the client gets its answer instead of a reset connection; only a body 16
 * times the limit is cut off.
 */
export function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((done) => {
    const chunks: Buffer[] = []
    let size = 0
    let over = false
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > 16 * max) {
        done(null)
        req.destroy()
      } else if (over || size > max) {
        over = true
        chunks.length = 0
      } else chunks.push(c)
    })
    req.on('end', () => done(over ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', () => done(null))
  })
}

/**
 * Serve the file at `pathname` below `root` if `accept` takes it (and it exists): true when answered.
 * A path that leaves `root`, or that cannot be decoded, is never served.
 */
export function serveFile(res: ServerResponse, root: string, pathname: string, accept: (file: string) => boolean): boolean {
  let rel: string
  try {
    rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '')
  } catch {
    return false
  }
  const file = resolve(root, rel)
  if (!file.startsWith(root + sep) || !accept(file)) return false
  if (!existsSync(file) || !statSync(file).isFile()) return false
  res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
  res.end(readFileSync(file))
  return true
}

export interface SseOptions {
  /** How soon the browser reconnects after the stream breaks. */
  retryMs: number
  /** Every open stream, so that closing the server ends them. */
  streams: Set<ServerResponse>
  /** Each keep-alive ping (every 15 s), and when the stream closes. */
  onPing?: () => void
  onClose?: () => void
}

/**
 * A stream of Server-Sent Events: `first`, then every value pushed; a pushed null ends the stream.
 * A HEAD request gets the stream's headers and its end (a HEAD has no body to stream).
 */
export function openSse<T>(
  req: IncomingMessage,
  res: ServerResponse,
  first: T,
  subscribe: (push: (v: T | null) => void) => () => void,
  o: SseOptions,
): boolean {
  const headers = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }
  if (req.method === 'HEAD') {
    res.writeHead(200, headers)
    res.end()
    return false
  }
  res.writeHead(200, { ...headers, connection: 'keep-alive' })
  res.socket?.setNoDelay(true)
  // An open stream is never pushed out to make room for another connection (connections.ts).
  if (res.socket) streaming.add(res.socket)
  const push = (v: T | null) => (v === null ? res.end() : res.write(`data: ${JSON.stringify(v)}\n\n`))
  res.write(`retry: ${o.retryMs}\n\n`)
  push(first)
  const unsubscribe = subscribe(push)
  const ping = setInterval(() => {
    res.write(': ping\n\n')
    o.onPing?.()
  }, 15_000)
  o.streams.add(res)
  req.on('close', () => {
    clearInterval(ping)
    unsubscribe()
    o.streams.delete(res)
    o.onClose?.()
  })
  return true
}

export interface Listening {
  server: Server
  port: number
  /** The connections it holds (counted by address, idle ones closed, capped: connections.ts). */
  connections: ConnectionGuard
  /** End every stream, drop every connection, and close the port. */
  close(): Promise<void>
}

/** Headers must arrive within this, a whole request (its body included) within REQUEST_MS; checked every second. */
export const HEADERS_MS = 5_000
export const REQUEST_MS = 10_000

/**
 * A server on `address` (one interface: 127.0.0.1, or the room's LAN address) running `handle` for
 * each request; a handler's failure answers 500 with `internalError(e)`, never a crash. No request is
 * logged (a URL may carry a token). What one peer can hold is bounded by `limits` (connections.ts):
 * idle connections closed within seconds, a cap per address and in all.
 */
export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  o: { address: string; port?: number; streams: Set<ServerResponse>; send: Send; internalError: (e: unknown) => string; limits: ConnectionLimits },
): Promise<Listening> {
  const server: Server = createServer({ connectionsCheckingInterval: 1_000, headersTimeout: HEADERS_MS, requestTimeout: REQUEST_MS }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) o.send(res, 500, o.internalError(e))
      else res.end()
    })
  })
  server.keepAliveTimeout = o.limits.idleMs
  const connections = new ConnectionGuard(server, o.limits)
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(o.port ?? 0, o.address, () => ok())
  })
  return {
    server,
    connections,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        for (const s of o.streams) s.end()
        o.streams.clear()
        server.closeAllConnections?.()
        server.close(() => done())
      }),
  }
}
