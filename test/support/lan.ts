/**
 * The private LAN of the tests and the room bench (scripts/lan-sandbox): "the laptop" is the
 * namespace the tests run in (10.77.0.2, the default route's address), and "a phone" is a second
 * host, netns nf-phone (10.77.0.3). A phone host gives a test what a device on the Wi-Fi has:
 * HTTP from the phone's own address (through test/support/lan-relay.mjs, run in the phone's
 * namespace) and a Chromium started there. Outside the sandbox (a laptop without root), `phoneHost()`
 * is undefined and `lanUnavailable()` says why, so a test can fall back or skip with that reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request, type AgentOptions, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../../src/cli/print/chromium'

export interface PrivateLan {
  /** The laptop's address on the private LAN (the default route's). */
  laptop: string
  /** The phone host's address. */
  phone: string
  /** The phone host's network namespace. */
  ns: string
}

/** The private LAN this process runs on, from scripts/lan-sandbox's variables; undefined outside it. */
export function privateLan(): PrivateLan | undefined {
  const laptop = process.env['NF_LAN_SANDBOX']
  const phone = process.env['NF_LAN_PHONE']
  const ns = process.env['NF_LAN_PHONE_NS']
  return laptop && phone && ns ? { laptop, phone, ns } : undefined
}

const SANDBOX = fileURLToPath(new URL('../../scripts/lan-sandbox', import.meta.url))
const RELAY = fileURLToPath(new URL('./lan-relay.mjs', import.meta.url))

/** Why this process is not on a private LAN (undefined when it is). */
export function lanUnavailable(): string | undefined {
  if (privateLan()) return undefined
  const check = spawnSync(SANDBOX, ['--check'], { encoding: 'utf8' })
  if (check.status !== 0) return `no private LAN can be made here: ${check.stdout.trim() || check.stderr.trim() || 'scripts/lan-sandbox --check failed'}`
  return 'not started inside scripts/lan-sandbox (npm test starts vitest there; run `scripts/lan-sandbox npx vitest run …` by hand)'
}

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

export interface PhoneHost {
  lan: PrivateLan
  /** An HTTP agent whose sockets come from the phone's address. */
  agent: Agent
  /** One HTTP request from the phone host (bounded: fails after `timeoutMs`). */
  request(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number }): Promise<Answer>
  /** A headless Chromium running on the phone host: its pages reach the laptop from the phone's address. */
  launchChromium(): Promise<Browser>
  close(): Promise<void>
}

/** The sockets a test holds to the phone host's relay: what the phone sends crosses them (a capture may read them). */
export const phoneSockets = new WeakSet<Socket>()

class RelayAgent extends Agent {
  constructor(
    private readonly socketPath: string,
    options: AgentOptions,
  ) {
    super(options)
  }
  override createConnection(options: { host?: string | null; port?: number | string | null }): Socket {
    const socket = connect(this.socketPath)
    socket.write(`${options.host ?? 'localhost'} ${options.port ?? 80}\n`)
    phoneSockets.add(socket)
    return socket
  }
}

/** Starts the phone host's relay on the private LAN; undefined outside the sandbox. */
export async function phoneHost(): Promise<PhoneHost | undefined> {
  const lan = privateLan()
  if (!lan) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'nightfall-phone-host-'))
  const socketPath = join(dir, 'relay.sock')
  const relay: ChildProcess = spawn('ip', ['netns', 'exec', lan.ns, process.execPath, RELAY, socketPath], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('the phone host’s relay did not start within 10 s')), 10_000)
    relay.once('error', fail)
    relay.once('exit', (code) => fail(new Error(`the phone host’s relay exited (${code})`)))
    relay.stdout!.once('data', () => {
      clearTimeout(timer)
      ready()
    })
  })
  const agent = new RelayAgent(socketPath, { keepAlive: false })
  const browsers: Browser[] = []
  return {
    lan,
    agent,
    request: (url, init = {}) =>
      new Promise<Answer>((done, fail) => {
        const req = request(url, { agent, method: init.method ?? 'GET', headers: init.headers, timeout: init.timeoutMs ?? 10_000 }, (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (text += c))
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text }))
          res.on('error', fail)
        })
        req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${init.timeoutMs ?? 10_000} ms`)))
        req.on('error', fail)
        req.end(init.body)
      }),
    async launchChromium() {
      const chromium = findChromium()
      if (!chromium) throw new Error('No Chromium found for the phone host (install Debian’s chromium or set CHROMIUM_PATH).')
      // Playwright starts this instead of Chromium: the same browser, in the phone's namespace. It
      // talks to Playwright over inherited pipes, which cross namespaces.
      const wrapper = join(dir, 'chromium-on-phone')
      writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${lan.ns} ${JSON.stringify(chromium)} "$@"\n`)
      chmodSync(wrapper, 0o755)
      const { chromium: type } = await import('playwright')
      const browser = await type.launch({ executablePath: wrapper, headless: true, args: CHROMIUM_ARGS })
      browsers.push(browser)
      return browser
    },
    async close() {
      for (const b of browsers.splice(0)) await b.close().catch(() => undefined)
      agent.destroy()
      relay.kill('SIGTERM')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
