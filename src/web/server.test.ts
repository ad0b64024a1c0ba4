import { request } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProjectorScreen, RefereeAppView } from '../shared/api'
import { preset } from '../engine/rulesets'
import { createFileHost } from '../host'
import type { GameHost } from '../host/game-host'
import { PLAYERS9, seededRandom, tempDir } from '../../test/support/host'
import { injectBridge, startWebServer, type WebServer } from './server'
import { sseReader } from '../../test/support/sse'
import { fakeRenderer } from '../../test/support/web'

const open: { server: WebServer; host: GameHost }[] = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.host.dispose()
    await o.server.close()
  }
})

async function start() {
  const host = createFileHost(tempDir(), { durable: false, random: seededRandom(1, { identity: true }) })
  const server = await startWebServer({ host, rendererDir: fakeRenderer() })
  open.push({ server, host })
  return { host, server }
}

/** A raw request (fetch would not let us set a foreign Host header). */
function raw(port: number, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

/** Read SSE messages from a stream until `until` says stop. */
/** A stream's messages until `until` holds; `connected` resolves with the first one (the view on connecting). */
function sse<T>(url: string, until: (msgs: T[]) => boolean): { connected: Promise<void>; messages: Promise<T[]> } {
  let connected!: () => void
  const first = new Promise<void>((r) => (connected = r))
  const messages = (async () => {
    const ctrl = new AbortController()
    const res = await fetch(url, { signal: ctrl.signal })
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/)
    const reader = res.body!.getReader()
    const msgs: T[] = []
    const read = sseReader((data) => {
      msgs.push(JSON.parse(data) as T)
      connected()
    })
    const decoder = new TextDecoder()
    while (!until(msgs)) {
      const { value, done } = await reader.read()
      if (done) break
      read(decoder.decode(value, { stream: true }))
    }
    ctrl.abort()
    connected()
    return msgs
  })()
  return { connected: first, messages }
}

const post = (server: WebServer, method: string, args: unknown[], token = server.tokens.referee) =>
  fetch(`${server.origin}/api/referee/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nightfall-token': token },
    body: JSON.stringify(args),
  })

describe('web server', () => {
  it('serves pages only with their token, with the bridge injected before the app bundle', async () => {
    const { server } = await start()
    const ok = await fetch(server.refereeUrl)
    expect(ok.status).toBe(200)
    const html = await ok.text()
    expect(html.indexOf('<script defer src="/bridge/referee.js"></script>')).toBeGreaterThan(0)
    expect(html.indexOf('/bridge/referee.js')).toBeLessThan(html.indexOf('../assets/referee-x.js'))
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer')
    // Built with connect-src 'none' (Electron connects nowhere); served, the bridge may call this origin only.
    expect(html).toContain("connect-src 'self';")
    expect(html).not.toContain("connect-src 'none'")
    expect((await fetch(server.projectorUrl)).status).toBe(200)
    for (const url of [
      `${server.origin}/referee/`,
      `${server.origin}/referee/?token=wrong`,
      `${server.origin}/referee/?token=${server.tokens.projector}`,
      `${server.origin}/projector/?token=${server.tokens.referee}`,
      `${server.origin}/referee/index.html`,
      `${server.origin}/api/referee/events?token=${server.tokens.projector}`,
      `${server.origin}/api/projector/events?token=${server.tokens.referee}`,
      `${server.origin}/api/projector/events`,
    ])
      expect((await fetch(url)).status, url).toBe(403)
    expect((await fetch(`${server.origin}/assets/style.css`)).status).toBe(200)
    expect((await fetch(`${server.origin}/bridge/referee.js`)).headers.get('content-type')).toMatch(/javascript/)
    expect((await fetch(`${server.origin}/assets/../../../../etc/passwd`)).status).toBe(404)
    expect((await raw(server.port, '/assets/..%2f..%2f..%2fetc%2fpasswd')).status).toBe(404)
    expect((await raw(server.port, '/referee/index.html')).status).toBe(403)
  })

  it('refuses foreign Host headers (DNS rebinding)', async () => {
    const { server } = await start()
    const r = await raw(server.port, `/referee/?token=${server.tokens.referee}`, { headers: { host: 'evil.example:80' } })
    expect(r.status).toBe(403)
  })

  it('calls: token, JSON and the method allow-list are checked; results are ApiResult', async () => {
    const { server, host } = await start()
    const before = JSON.stringify({ ...host.refereeAppView(), sentAt: 0 })
    expect((await post(server, 'saveRoster', [['Anna']], 'wrong')).status).toBe(403)
    expect((await post(server, 'saveRoster', [['Anna']], server.tokens.projector)).status).toBe(403)
    for (const m of ['onView', 'constructor', '__proto__', 'dispose', 'gameCommand', 'events', 'x%2F..%2FsaveRoster', 'saveRoster/x'])
      expect((await post(server, m, [])).status, m).toBe(404)
    const noJson = await fetch(`${server.origin}/api/referee/saveRoster`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-nightfall-token': server.tokens.referee },
      body: '[["Anna"]]',
    })
    expect(noJson.status).toBe(415)
    const bad = await fetch(`${server.origin}/api/referee/saveRoster`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nightfall-token': server.tokens.referee },
      body: '[["Anna"',
    })
    expect(bad.status).toBe(400)
    expect(await (await post(server, 'saveRoster', ['Anna'])).json()).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(JSON.stringify({ ...host.refereeAppView(), sentAt: 0 })).toBe(before)
    expect(await (await post(server, 'saveRoster', [['Anna', 'Bence']])).json()).toEqual({ ok: true, value: null })
    const ready = (await (await post(server, 'ready', [])).json()) as { ok: true; value: RefereeAppView }
    expect(ready.value.roster).toEqual(['Anna', 'Bence'])
    expect((await fetch(`${server.origin}/api/referee/ready`)).status).toBe(405)
  })

  it('pushes views over SSE: the referee its view, the projector only ProjectorScreen', async () => {
    const { server } = await start()
    const refereeMsgs = sse<RefereeAppView>(`${server.origin}/api/referee/events?token=${server.tokens.referee}`, (m) => m.length >= 3)
    const projectorMsgs = sse<ProjectorScreen>(`${server.origin}/api/projector/events?token=${server.tokens.projector}`, (m) => m.length >= 3)
    await Promise.all([refereeMsgs.connected, projectorMsgs.connected])
    const req = { ruleset: preset('maffiasig'), players: PLAYERS9, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, dealMode: 'digital' }
    expect(await (await post(server, 'startGame', [req])).json()).toEqual({ ok: true, value: null })
    expect(await (await post(server, 'play', [{ type: 'endNightStep' }])).json()).toEqual({ ok: true, value: null })
    const [r, p] = await Promise.all([refereeMsgs.messages, projectorMsgs.messages])
    expect(r.map((v) => v.screen)).toEqual(['setup', 'game', 'game'])
    expect(r[1]!.game!.seats[0]!.role).toBe('mafia')
    expect(p.map((s) => s.kind)).toEqual(['idle', 'game', 'game'])
    expect(p[2]!.kind === 'game' && p[2]!.view.phase).toBe('day')
    expect(JSON.stringify(p)).not.toContain('"mafia","alive":true') // no secret role in any screen
    for (const s of p) if (s.kind === 'game') for (const seat of s.view.seats) expect(seat.role).toBeNull()
  })

  it('closes an idle connection within seconds, keeps its open streams, and answers HEAD of a stream with its end', { timeout: 20_000 }, async () => {
    const { server } = await start()
    const limits = { total: 4, perAddress: 4, idleMs: 500 }
    const tight = await startWebServer({ host: open[0]!.host, rendererDir: fakeRenderer(), limits })
    open.push({ server: tight, host: open[0]!.host })
    // A socket that sends nothing is closed after the idle limit, with the stream beside it open.
    const stream = sse<RefereeAppView>(`${tight.origin}/api/referee/events?token=${tight.tokens.referee}`, (m) => m.length >= 2)
    await stream.connected
    const idle = connect(tight.port, '127.0.0.1')
    const closedAt = new Promise<number>((done) => idle.once('close', () => done(Date.now())))
    const from = Date.now()
    idle.on('error', () => {})
    expect((await closedAt) - from).toBeLessThan(limits.idleMs + 3_000)
    // More idle sockets than the cap: the stream is never the one pushed out.
    const many = Array.from({ length: 10 }, () => connect(tight.port, '127.0.0.1').on('error', () => {}))
    await Promise.all(many.map((s) => new Promise((done) => s.once('close', done))))
    await post(tight, 'saveRoster', [['Anna', 'Bence']])
    expect((await stream.messages).length).toBeGreaterThanOrEqual(2)
    // HEAD of a stream: its headers, then its end.
    const head = await raw(server.port, `/api/referee/events?token=${server.tokens.referee}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('injectBridge puts the script first even without a script in the page', () => {
    expect(injectBridge('<html><head><title>x</title></head></html>', '/b.js')).toMatch(/<script defer src="\/b.js"><\/script>\s*<\/head>/)
    expect(injectBridge('<head><script type="module" src="a.js"></script></head>', '/b.js')).toMatch(
      /^<head><script defer src="\/b.js"><\/script>\s*<script type="module"/,
    )
  })
})

describe('browser mode: a body over the limit', () => {
  it('gets its 413 answer (not a reset connection), and the server goes on answering', async () => {
    const { server } = await start()
    const port = Number(new URL(server.refereeUrl).port)
    const big = JSON.stringify(['x'.repeat(3 * 1024 * 1024)])
    const r = await raw(port, '/api/referee/saveRoster', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nightfall-token': server.tokens.referee },
      body: big,
    })
    expect(r.status).toBe(413)
    const after = await raw(port, '/api/referee/ready', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nightfall-token': server.tokens.referee },
      body: '[]',
    })
    expect(after.status).toBe(200)
  })
})

describe('browser mode: one-time print tickets (the cards page never has the token in its address)', () => {
  it('a ticket opens the cards page once and is redeemed once; the token does not open it; a refused request gets no ticket', async () => {
    const { host, server } = await start()
    expect(
      host.invoke('startGame', {
        ruleset: preset('maffiasig'),
        players: [...PLAYERS9],
        counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
        dealMode: 'digital',
      }),
    ).toMatchObject({ ok: true })
    const port = Number(new URL(server.refereeUrl).port)
    const post = (path: string, headers: Record<string, string>, body: string) =>
      raw(port, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    const sheet = { kind: 'sheet', paper: 'a4', backs: false, locale: 'en' }
    expect((await post('/api/print/ticket', { 'x-nightfall-token': server.tokens.projector }, JSON.stringify([sheet]))).status).toBe(403)
    const issued = JSON.parse((await post('/api/print/ticket', { 'x-nightfall-token': server.tokens.referee }, JSON.stringify([sheet]))).body) as {
      ok: true
      value: { ticket: string }
    }
    const ticket = issued.value.ticket
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect((await raw(port, `/cards/?token=${server.tokens.referee}`)).status).toBe(403)
    expect((await raw(port, `/cards/?ticket=${ticket}&print=1`)).status).toBe(200)
    const cards = JSON.parse((await post('/api/print/cards', { 'x-nightfall-ticket': ticket }, '[]')).body) as { ok: boolean; value: { kind: string } }
    expect(cards).toMatchObject({ ok: true, value: { kind: 'sheet' } })
    // Used up: neither the page nor the cards a second time.
    expect((await post('/api/print/cards', { 'x-nightfall-ticket': ticket }, '[]')).status).toBe(403)
    expect((await raw(port, `/cards/?ticket=${ticket}`)).status).toBe(403)
    const refused = JSON.parse(
      (await post('/api/print/ticket', { 'x-nightfall-token': server.tokens.referee }, JSON.stringify([{ ...sheet, kind: 'nonsense' }]))).body,
    ) as unknown
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
  })
})
