/**
 * The room on the LAN under a full table: 20 phones and 1 TV over real sockets, each reading its
 * Server-Sent Events as a browser would. On a private LAN (bench/index.ts starts the benches inside
 * scripts/lan-sandbox wherever it can) the room is on 10.77.0.2 and every device connects from a
 * second host, 10.77.0.3; without one, over loopback. Never this machine's own interface address.
 * Printed, never asserted:
 *   - a referee command (the day clock started or paused: every screen changes) until every phone
 *     and the TV has received its new screen: median, p95, max over 200 commands;
 *   - the player page's JavaScript, gzipped (out/renderer/player: run `npm run build` first);
 *   - the player page's first render in Chromium (Pixel 7, a fresh context each time: nothing cached)
 *     under 4× CPU throttling (CDP Emulation.setCPUThrottlingRate), from navigation until the role
 *     card and the board are drawn (a seated phone), and until the names are (a new phone), with
 *     where it went (the stream asked for, open, its first message, drawn), and the floor: a blank
 *     page with one script, measured the same way;
 *   - the host's memory per connected device (heap and RSS before and after connecting them);
 *   - under a stranger (from its own loopback addresses): 20,000 idle sockets, then 1,500 open/close
 *     cycles of a stream with join requests and wrong display codes from 20 addresses — the same
 *     referee command until every screen is updated, a new phone's join until its first screen, and
 *     the referee views pushed a second;
 *   - the night on the phones (room-night.ts): every night call of a game picked on the phones, whether
 *     every seat's stream had one shape, and a pick until the referee and every phone have it (p95).
 *
 * `npm run bench -- room`; `--quick` measures 50 commands.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { StartGameRequest } from '../src/shared/api'
import { preset } from '../src/engine/rulesets'
import { createFileHost } from '../src/host'
import { lanUnavailable, phoneHost, type PhoneHost } from '../test/support/lan'
import type { Agent } from 'node:http'
import { tempDir } from '../test/support/host'
import { call, idleFlood, joined, joinPhone, listen, type TestPhone } from '../test/support/room'
import type { GameHost } from '../src/host'
import { sseReader } from '../test/support/sse'
import { toBase64url } from '../src/shared/room-seal'
import { browserTestsSkipped, launchChromium } from '../src/cli/print/chromium'
import { devices } from 'playwright'
import { nightOnPhones } from './room-night'

const PHONES = 20
// A full collection before each memory reading (the bench runs under tsx, without --expose-gc).
setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void
const RENDERER = resolve(import.meta.dirname, '..', 'out', 'renderer')

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}

function post(origin: string, path: string, body: unknown, agent?: Agent): Promise<{ status: number; json: unknown }> {
  return new Promise((done, fail) => {
    const req = request(new URL(path, origin), { method: 'POST', headers: { 'content-type': 'application/json' }, agent }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => done({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : null }))
    })
    req.on('error', fail)
    req.end(JSON.stringify(body))
  })
}

/** A device's stream: counts the messages it has received and wakes whoever waits for the next. */
function stream(origin: string, path: string, agent?: Agent): { count: () => number; next: (after: number) => Promise<void>; close: () => void } {
  let n = 0
  const waiting: { after: number; done: () => void }[] = []
  const req = request(new URL(path, origin), { agent }, (res) => {
    res.setEncoding('utf8')
    res.on(
      'data',
      sseReader(() => {
        n++
        for (const w of waiting.splice(0))
          if (n > w.after) w.done()
          else waiting.push(w)
      }),
    )
  })
  req.end()
  return {
    count: () => n,
    next: (after) => (n > after ? Promise.resolve() : new Promise((done) => waiting.push({ after, done }))),
    close: () => req.destroy(),
  }
}

function pageWeight(): string {
  const html = join(RENDERER, 'player', 'index.html')
  if (!existsSync(html)) return 'not built (run npm run build)'
  const text = readFileSync(html, 'utf8')
  const files = [...text.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => resolve(join(RENDERER, 'player'), m[1]!))
  const raw = files.reduce((a, f) => a + readFileSync(f).length, 0)
  const gz = files.reduce((a, f) => a + gzipSync(readFileSync(f), { level: 9 }).length, 0)
  const br = files.reduce((a, f) => a + brotliCompressSync(readFileSync(f), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  return `${files.length} scripts on first load, ${kb(raw)}, ${kb(gz)} gzipped, ${kb(br)} with brotli as the room sends them (the TV's projector app is a lazy chunk, not counted)`
}

const LOADS = 9
const THROTTLE = 4

/**
 * Milliseconds from navigation (the page's time origin) until every one of `selectors` is in the
 * page and a frame has been drawn with them, for a phone with its token and key saved (null: a new phone), in
 * a fresh context (nothing cached) under THROTTLE× CPU throttling: the median of LOADS loads.
 */
async function firstRender(playerUrl: string, seated: TestPhone | null, selectors: string[], phone: PhoneHost | undefined): Promise<string> {
  if (browserTestsSkipped || !existsSync(join(RENDERER, 'player', 'index.html'))) return 'not measured (no built page, or browser tests skipped)'
  const browser = phone ? await phone.launchChromium() : await launchChromium()
  try {
    const times: number[] = []
    const marks: Record<string, number[]> = {}
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'en-US' })
      if (seated) {
        const kept = JSON.stringify({ token: seated.token, key: toBase64url(seated.seal.key), code: seated.seal.code })
        await context.addInitScript(([t, k]) => (localStorage.setItem('nightfall-room-player', t), localStorage.setItem('nightfall-room-seal', k)), [
          seated.token,
          kept,
        ] as const)
      }
      // As text: tsx would wrap a named function here in a helper the page does not have.
      await context.addInitScript({
        content: `window.marks = {}
        const mark = (k) => { if (!(k in window.marks)) window.marks[k] = performance.now() }
        const Stream = window.EventSource
        window.EventSource = class extends Stream {
          constructor(url, o) { super(url, o); mark('asked'); this.addEventListener('open', () => mark('open')); this.addEventListener('message', () => mark('message')) }
        }
        window.firstRender = new Promise((done) => {
          const seen = () => {
            if (!${JSON.stringify(selectors)}.every((s) => document.querySelector(s))) return
            observer.disconnect()
            mark('drawn')
            requestAnimationFrame(() => setTimeout(() => done(performance.now())))
          }
          const observer = new MutationObserver(seen)
          observer.observe(document, { childList: true, subtree: true })
        })`,
      })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
      await page.goto(playerUrl, { waitUntil: 'commit' })
      times.push(await page.evaluate(() => (window as unknown as { firstRender: Promise<number> }).firstRender))
      for (const [k, v] of Object.entries(await page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks))) (marks[k] ??= []).push(v)
      await context.close()
    }
    const ms = (x: number) => `${x.toFixed(0)} ms`
    // Where it went (medians, from navigation): the stream asked for, open, its first message, the page drawn before its frame.
    const split = Object.entries(marks).map(([k, v]) => `${k} ${ms(quantile(v, 0.5))}`)
    return `median ${ms(quantile(times, 0.5))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))} (${LOADS} loads; ${split.join(', ')})`
  } finally {
    await browser.close()
  }
}

/**
 * The floor under the first renders: a page with one small script that draws one paragraph, served
 * from the room's address (another port), measured as the phone's page is — what the browser itself
 * takes here, whatever the page does.
 */
async function blankPage(address: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    if (req.url === '/drawn.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
      return res.end(`document.body.append(Object.assign(document.createElement('p'), { id: 'drawn', textContent: 'Nightfall' }))`)
    }
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(
      req.url === '/' ? '<!doctype html><meta name="viewport" content="width=device-width"><title>floor</title><body><script src="/drawn.js"></script>' : '',
    )
  })
  await new Promise<void>((done) => server.listen(0, address, done))
  return { url: `http://${address}:${(server.address() as AddressInfo).port}/`, close: () => server.close() }
}

export default async function bench(): Promise<void> {
  const n = process.argv.includes('--quick') ? 50 : 200
  // The phones and the TV are a second host of the private LAN; without one, loopback (never this
  // machine's own interface address).
  const phone = await phoneHost()
  const lan = phone?.lan.laptop ?? '127.0.0.1'
  const agent = phone?.agent
  if (!phone) console.log(`(${lanUnavailable()}: the devices connect over loopback)`)
  const players = Array.from({ length: PHONES }, (_, i) => `Player ${i + 1}`)
  const host = createFileHost(tempDir('nightfall-bench-room-'), { durable: false, estimate: null, roomPages: RENDERER, roomAddresses: async () => [lan] })
  const req: StartGameRequest = { ruleset: preset('maffiasig'), players, counts: { mafia: 5, investigator: 1, doctor: 0, citizen: 14 }, dealMode: 'digital' }
  const started = host.invoke('startGame', req)
  if (!started.ok) throw new Error(started.error.message)
  const opened = await host.invoke('openRoom', lan)
  if (!opened.ok) throw new Error(opened.error.message)
  // Night 0 (the mafia's meeting) over: day 1, where the clock shows on every screen.
  while (host.refereeAppView().game?.projector.phase === 'night') host.play({ type: 'endNightStep' })
  const view = host.refereeAppView().lan
  const origin = `http://${view.address}`

  gc()
  const before = process.memoryUsage()
  const phones: TestPhone[] = []
  for (const name of players) phones.push(await joined(origin, name, { agent }))
  const tokens = phones.map((p) => p.token)
  for (const d of host.refereeAppView().lan.devices) host.invoke('admitDevice', d.id)
  const tv = (await post(origin, '/room/pair', { code: view.displayCode }, agent)).json as { token: string }
  const screens = [...tokens.map((t) => stream(origin, `/room/player?token=${t}`, agent)), stream(origin, `/room/projector?token=${tv.token}`, agent)]
  await Promise.all(screens.map((s) => s.next(0)))
  await new Promise((r) => setTimeout(r, 200))
  gc()
  const after = process.memoryUsage()

  const times: number[] = []
  for (let i = 0; i < n + 20; i++) {
    const counts = screens.map((s) => s.count())
    const t0 = performance.now()
    const r = host.play({ type: i % 2 === 0 ? 'startTimer' : 'pauseTimer' })
    if (!r.ok) throw new Error(r.error.message)
    await Promise.all(screens.map((s, k) => s.next(counts[k]!)))
    if (i >= 20) times.push(performance.now() - t0)
  }
  const stranger = await underStranger(host, origin, screens, Math.max(20, n / 4))
  for (const s of screens) s.close()

  // The page's first render, under 4× CPU throttling: a seated phone (its token saved), and a new one.
  const seated = await firstRender(view.playerUrl!, phones[0]!, ['[data-test=role-card]', '[data-test=projector-board]'], phone)
  const fresh = await firstRender(view.playerUrl!, null, ['[data-test=player-names] button'], phone)
  const floor = await blankPage(lan)
  const least = await firstRender(floor.url, null, ['#drawn'], phone)
  floor.close()
  await host.invoke('closeRoom')
  host.dispose()
  await phone?.close()

  const ms = (x: number) => `${x.toFixed(2)} ms`
  const where = phone ? `the devices on a second host of a private LAN (${phone.lan.phone})` : 'the devices on loopback'
  console.log(`Room on ${lan}, ${where}: ${PHONES} phones + 1 TV, ${n} referee commands (load ${loadavg()[0]!.toFixed(1)})`)
  console.log(`  command → every screen updated: median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))}`)
  console.log(`  player page: ${pageWeight()}`)
  console.log(`  first render under ${THROTTLE}× CPU throttling, navigation → role card and board drawn: ${seated}`)
  console.log(`  first render under ${THROTTLE}× CPU throttling, navigation → the names to pick from drawn: ${fresh}`)
  console.log(`  the floor: a blank page that draws one line from one script, from the same address, the same way: ${least}`)
  const per = (a: number, b: number) => `${((b - a) / (PHONES + 1) / 1024).toFixed(1)} KB`
  console.log(`  host memory per connected device: heap ${per(before.heapUsed, after.heapUsed)}, RSS ${per(before.rss, after.rss)}`)
  for (const line of stranger) console.log(`  ${line}`)
  // The night on the phones (issue 32): a game's every night call picked on 20 phones.
  const night = await phoneHost()
  console.log(await nightOnPhones(night?.lan.laptop ?? '127.0.0.1', night?.agent, PHONES))
  await night?.close()
}

/**
 * A stranger floods the room (idle sockets, then stream churn, joins and wrong codes from 20 loopback
 * addresses of its own) while the referee plays `n` commands and a new phone joins: what each took.
 */
async function underStranger(host: GameHost, origin: string, screens: ReturnType<typeof stream>[], n: number): Promise<string[]> {
  const out: string[] = []
  const ms = (x: number) => `${x.toFixed(1)} ms`
  const commands = async (): Promise<number[]> => {
    const times: number[] = []
    for (let i = 0; i < n; i++) {
      const counts = screens.map((s) => s.count())
      const t0 = performance.now()
      const r = host.play({ type: i % 2 === 0 ? 'startTimer' : 'pauseTimer' })
      if (!r.ok) throw new Error(r.error.message)
      await Promise.all(screens.map((s, k) => s.next(counts[k]!)))
      times.push(performance.now() - t0)
    }
    return times
  }
  const join = async (name: string, from: string): Promise<number> => {
    const t0 = performance.now()
    const phone = listen(origin, await joined(origin, name, { from }))
    while (phone.messages.length === 0) await new Promise((done) => setTimeout(done, 1))
    phone.close()
    return performance.now() - t0
  }
  // 1. Idle sockets.
  const flood = idleFlood(origin, 20_000)
  const tried = await flood.opened()
  // Once the host has taken the last of them from the system's queue (bounded: 2 s).
  let held = await flood.count()
  for (const end = Date.now() + 2_000; held.open > 64 && Date.now() < end; held = await flood.count()) await new Promise((done) => setTimeout(done, 50))
  const idle = await commands()
  const joinIdle = await join('Player 1', '127.0.2.1')
  out.push(
    `stranger's ${tried.opened} idle sockets (it still holds ${held.open}): command → every screen median ${ms(quantile(idle, 0.5))}, p95 ${ms(quantile(idle, 0.95))}; a new phone's join → its first screen ${ms(joinIdle)}`,
  )
  await flood.stop()
  // 2. Churn, joins and wrong codes from 20 addresses, while the referee plays.
  let pushes = 0
  const off = host.onRefereeView(() => pushes++)
  const { token } = await joined(origin, 'Player 2', { from: '127.0.3.1' })
  let stop = false
  let cycles = 0
  const churn = (async () => {
    for (let i = 0; i < 1_500 && !stop; i++) {
      const s = listen(origin, token)
      await s.status
      s.close()
      await s.ended
      const a = `127.0.3.${2 + (i % 20)}`
      if (i % 10 === 0) await joinPhone(origin, `Player ${3 + (i % 15)}`, { from: a })
      if (i % 10 === 5) await call(origin, '/room/pair', { method: 'POST', body: { code: '000000' }, from: a })
      cycles++
    }
  })()
  const t0 = performance.now()
  const busy: number[] = []
  let joinBusy = NaN
  // The referee plays for as long as the stranger churns (bounded: 1,500 cycles, or 60 s).
  for (const end = Date.now() + 60_000; cycles < 1_500 && Date.now() < end;) {
    busy.push(...(await commands()))
    if (Number.isNaN(joinBusy)) joinBusy = await join('Player 1', '127.0.2.2')
  }
  stop = true
  await churn
  const seconds = (performance.now() - t0) / 1000
  off()
  out.push(
    `stranger's churn (${cycles} stream cycles, joins and wrong codes from 20 addresses): command → every screen median ${ms(quantile(busy, 0.5))}, p95 ${ms(quantile(busy, 0.95))}; a new phone's join ${ms(joinBusy)}; referee views pushed ${(pushes / seconds).toFixed(1)} a second over ${seconds.toFixed(1)} s, of which ${(busy.length / seconds).toFixed(1)} a second the referee's own commands`,
  )
  return out
}
