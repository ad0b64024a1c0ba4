import { fork } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { request, type Agent } from 'node:http'
import { join } from 'node:path'
import type { StartGameRequest } from '../../src/shared/api'
import { randomBytes } from 'node:crypto'
import type { PlayerScreen, WireScreen } from '../../src/shared/room'
import { fromBase64url, toBase64url } from '../../src/shared/room-seal'
import { agree, claimed, claimIdOf, commitmentOf, keyPair, type Agreed } from '../../src/shared/room-handshake'
import { openScreen } from '../../src/shared/room-wire'
import { preset } from '../../src/engine/rulesets'
import { createFileHost, type GameHost } from '../../src/host'
import { seededRandom, tempDir } from './host'
import { sseReader } from './sse'

/** The room's tests and bench: a host with a room on 127.0.0.1, raw HTTP calls, phones' streams. */

/** A host whose room serves a stand-in player page on 127.0.0.1. */
export function makeRoomHost(address = '127.0.0.1', opts: { roomCallMinMs?: number; page?: string } = {}): GameHost {
  const { page, ...rest } = opts
  const pages = tempDir('nightfall-room-')
  mkdirSync(join(pages, 'player'), { recursive: true })
  writeFileSync(
    join(pages, 'player', 'index.html'),
    page ?? '<!doctype html><meta http-equiv="Content-Security-Policy" content="connect-src \'none\'"><title>player</title>',
  )
  return createFileHost(tempDir(), { durable: false, estimate: null, random: seededRandom(7), roomPages: pages, roomAddresses: async () => [address], ...rest })
}

/** A MaffiaSIG game with a digital deal: two mafiosi, one inspector, the rest citizens. */
export const roomGame = (players: readonly string[]): StartGameRequest => ({
  ruleset: preset('maffiasig'),
  players: [...players],
  counts: { mafia: 2, investigator: 1, doctor: 0, citizen: players.length - 3 },
  dealMode: 'digital',
})

export interface Answer {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** A raw request (fetch would not let a test set a foreign Host header). */
export function call(
  origin: string,
  path: string,
  opts: {
    method?: string
    body?: unknown
    headers?: Record<string, string>
    /** A loopback address of the caller's own (127.x.y.z): another device. */ from?: string
    agent?: Agent
  } = {},
): Promise<Answer> {
  const url = new URL(path, origin)
  return new Promise((done, fail) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers }
    const req = request(
      url,
      { method: opts.method ?? 'GET', headers, agent: opts.agent ?? false, ...(opts.from ? { localAddress: opts.from } : {}) },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
      },
    )
    req.on('error', fail)
    req.end(body)
  })
}

/** A phone in a test, as the page is: its token, and the key and code it agreed with the host (never sent). */
export interface TestPhone {
  token: string
  seal: Agreed
}

/**
 * A phone joins by name as the page does (renderer/player/seal.ts): a commitment to a new public
 * key, the host's key in the answer, then its own (POST /room/key). The answer of the join when it
 * was refused.
 */
export async function joinPhone(
  origin: string,
  name: string,
  opts: { headers?: Record<string, string>; agent?: Agent; from?: string } = {},
): Promise<TestPhone | Answer> {
  const { agent, from } = opts
  const mine = keyPair(randomBytes(32))
  const r = await call(origin, '/room/join', { method: 'POST', body: { name, commit: commitmentOf(mine.pub) }, headers: opts.headers, agent, from })
  if (r.status !== 200) return r
  const { token, pub } = JSON.parse(r.body) as { token: string; pub: string }
  const hostPub = fromBase64url(pub)!
  const seal = agree(mine.secret, mine.pub, hostPub, hostPub)
  if (!seal) throw new Error('no key agreed')
  const k = await call(origin, '/room/key', { method: 'POST', body: { pub: toBase64url(mine.pub) }, headers: { 'x-room-token': token }, agent, from })
  if (k.status !== 204) throw new Error(`the key was refused: ${k.status} ${k.body}`)
  return { token, seal }
}

/** joinPhone, which must succeed (from `agent`'s address: a second host of the private LAN). */
export async function joined(origin: string, name: string, opts: { agent?: Agent; from?: string } = {}): Promise<TestPhone> {
  const p = await joinPhone(origin, name, opts)
  if ('status' in p) throw new Error(`${name} could not join: ${p.status} ${p.body}`)
  return p
}

/** A phone claims its seat with a personal QR code's secret, as the page does: only the claim's id is sent. */
export async function claimPhone(origin: string, secret: string, agent?: Agent): Promise<TestPhone | Answer> {
  const r = await call(origin, '/room/claim', { method: 'POST', body: { claim: claimIdOf(secret) }, agent })
  return r.status === 200 ? { token: (JSON.parse(r.body) as { token: string }).token, seal: claimed(secret) } : r
}

/**
 * A phone's stream: every message it received (opened with the phone's key; one that does not
 * open is in `unopened`), the messages as they came (`wire`), and whether it has ended.
 */
export function listen(
  origin: string,
  phone: TestPhone | string,
  path: '/room/player' | '/room/projector' = '/room/player',
  /** Where the stream comes from (a second host of the private LAN: test/support/lan.ts); this process by default. */
  agent?: Agent,
): { messages: PlayerScreen[]; wire: WireScreen[]; unopened: string[]; status: Promise<number>; ended: Promise<void>; close(): void } {
  const { token, seal } = typeof phone === 'string' ? { token: phone, seal: null } : phone
  const messages: PlayerScreen[] = []
  const wire: WireScreen[] = []
  const unopened: string[] = []
  let close = () => {}
  let endedDone = () => {}
  const ended = new Promise<void>((r) => (endedDone = r))
  const status = new Promise<number>((done) => {
    const req = request(new URL(`${path}?token=${token}`, origin), { agent }, (res) => {
      done(res.statusCode ?? 0)
      res.setEncoding('utf8')
      res.on(
        'data',
        sseReader((data) => {
          const w = JSON.parse(data) as WireScreen
          wire.push(w)
          const opened = seal && openScreen(w, seal.key)
          if (seal && !opened) unopened.push(data)
          if (opened) messages.push(opened)
        }),
      )
      res.on('end', () => endedDone())
      res.on('close', () => endedDone())
    })
    req.on('error', () => done(0))
    close = () => req.destroy()
    req.end()
  })
  return { messages, wire, unopened, status, ended, close }
}

export const until = async (what: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}

export interface FloodCount {
  kind: 'opened' | 'open'
  /** Connections made (the server accepted them), failed to connect, closed by the server, open now, open at most at once. */
  opened: number
  errors: number
  closedByServer: number
  open: number
  peak: number
}

/** A stranger's idle sockets, from a child process (test/support/idle-flood.mjs) on its own loopback address. */
export function idleFlood(origin: string, count: number, localAddress = '127.0.0.2') {
  const url = new URL(origin)
  const child = fork(join(import.meta.dirname, 'idle-flood.mjs'), [url.hostname, url.port, String(count), localAddress], { execArgv: [], stdio: 'ignore' })
  const replies: FloodCount[] = []
  child.on('message', (m) => replies.push(m as FloodCount))
  const next = async (): Promise<FloodCount> => {
    const n = replies.length
    await until(() => replies.length > n, 60_000)
    return replies.at(-1) as FloodCount
  }
  return {
    /** Once every connection was tried. */
    opened: () => (replies[0] ? Promise.resolve(replies[0]) : next()),
    count: () => {
      const reply = next()
      child.send('count')
      return reply
    },
    stop: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.send('stop')))),
  }
}

/** Throws with the answer when a host call was refused (the support has no `expect`). */
function accepted(what: string, r: { ok: boolean }): void {
  if (!r.ok) throw new Error(`${what} refused: ${JSON.stringify(r)}`)
}

/**
 * The room open, the game started, and every player's phone joined, listening and admitted: the
 * phones (in seat order) and their streams, once every stream's last message is `ready` (by
 * default: any message at all).
 */
export async function seatedRoom(
  h: GameHost,
  req: StartGameRequest,
  ready: (last: PlayerScreen | undefined) => boolean = (last) => last !== undefined,
): Promise<{ origin: string; phones: TestPhone[]; streams: ReturnType<typeof listen>[] }> {
  accepted('openRoom', (await h.invoke('openRoom', null)) as { ok: boolean })
  accepted('startGame', (await h.invoke('startGame', req)) as { ok: boolean })
  const origin = `http://${h.refereeAppView().lan.address}`
  const phones: TestPhone[] = []
  for (const name of req.players) phones.push(await joined(origin, name))
  const streams = phones.map((p) => listen(origin, p))
  await until(() => h.refereeAppView().lan.devices.length === req.players.length)
  for (const d of h.refereeAppView().lan.devices) accepted('admitDevice', (await h.invoke('admitDevice', d.id)) as { ok: boolean })
  await until(() => streams.every((s) => ready(s.messages.at(-1))))
  return { origin, phones, streams }
}
