/**
 * The browser transport's latency: a referee command sent as HTTP POST /api/referee/castVote until
 * the projector's Server-Sent Event carrying the resulting ProjectorScreen has arrived, through the
 * real server, host, engine and journal (fsync on, as in use). 500 commands after a warm-up; median,
 * p95 and max; also the POST round trip alone and the same with fsync off (what the disk costs).
 *
 * `npm run bench -- transport`; `--quick` measures 100 commands.
 */
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { ProjectorScreen, StartGameRequest } from '../src/shared/api'
import { preset } from '../src/engine/rulesets'
import { createFileHost } from '../src/host'
import { sseReader } from '../test/support/sse'
import { tempDir } from '../test/support/host'
import { startWebServer } from '../src/web/server'

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}

interface Result {
  label: string
  roundTrip: number[]
  delivered: number[]
}

async function measure(label: string, durable: boolean, n: number): Promise<Result> {
  const dir = tempDir('nightfall-bench-')
  const host = createFileHost(dir, { durable, estimate: null })
  const server = await startWebServer({ host, rendererDir: join(dir, 'no-renderer') })
  const ctrl = new AbortController()
  try {
    // The projector's event stream, read as a browser's EventSource would.
    const res = await fetch(`${server.origin}/api/projector/events?token=${server.tokens.projector}`, { signal: ctrl.signal })
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    const waiting: ((s: ProjectorScreen) => void)[] = []
    const queue: ProjectorScreen[] = []
    const read = sseReader((data) => {
      const screen = JSON.parse(data) as ProjectorScreen
      const w = waiting.shift()
      if (w) w(screen)
      else queue.push(screen)
    })
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
        if (done) return
        read(decoder.decode(value, { stream: true }))
      }
    })()
    const nextScreen = (): Promise<ProjectorScreen> => {
      const q = queue.shift()
      return q ? Promise.resolve(q) : new Promise((resolve) => waiting.push(resolve))
    }
    await nextScreen() // the screen sent on connect

    const call = async (method: string, args: unknown[]) => {
      const r = await fetch(`${server.origin}/api/referee/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nightfall-token': server.tokens.referee },
        body: JSON.stringify(args),
      })
      const body = (await r.json()) as { ok: boolean; error?: { message: string } }
      if (!body.ok) throw new Error(`${method}: ${body.error?.message}`)
    }

    const req: StartGameRequest = {
      ruleset: preset('maffiasig'),
      players: Array.from({ length: 12 }, (_, i) => `Player ${i + 1}`),
      counts: { mafia: 3, investigator: 1, doctor: 0, citizen: 8 },
      dealMode: 'digital',
    }
    await call('startGame', [req])
    await call('play', [{ type: 'endNightStep' }])
    await call('play', [{ type: 'accuse', accused: 0 }])
    while (queue.length < 3) await new Promise((r) => setTimeout(r, 5))
    queue.length = 0

    const roundTrip: number[] = []
    const delivered: number[] = []
    const warmup = 50
    for (let i = 0; i < n + warmup; i++) {
      const yes = i % 2 === 0
      const t0 = performance.now()
      const posted = call('play', [{ type: 'castVote', voter: 1, choice: yes }]).then(() => performance.now())
      let screen: ProjectorScreen
      do screen = await nextScreen()
      while (screen.kind !== 'game' || (screen.view.vote?.yes ?? -1) !== (yes ? 1 : 0))
      const t1 = performance.now()
      const t2 = await posted
      if (i >= warmup) {
        delivered.push(t1 - t0)
        roundTrip.push(t2 - t0)
      }
    }
    return { label, roundTrip, delivered }
  } finally {
    ctrl.abort()
    host.dispose()
    await server.close()
  }
}

export default async function transportBench(): Promise<void> {
  const n = process.argv.includes('--quick') ? 100 : 500
  const [load1] = loadavg()
  console.log(`Browser transport: referee command (HTTP POST) → projector screen (SSE), ${n} castVote commands, 12 players`)
  console.log(`load average ${load1?.toFixed(2)} (other work on the machine slows these figures)\n`)
  const rows: string[][] = []
  for (const [label, durable] of [
    ['journal fsync on (as used)', true],
    ['journal fsync off', false],
  ] as const) {
    const r = await measure(label, durable, n)
    const f = (x: number) => x.toFixed(2)
    rows.push([r.label, 'POST → projector SSE', f(quantile(r.delivered, 0.5)), f(quantile(r.delivered, 0.95)), f(Math.max(...r.delivered))])
    rows.push(['', 'POST round trip', f(quantile(r.roundTrip, 0.5)), f(quantile(r.roundTrip, 0.95)), f(Math.max(...r.roundTrip))])
  }
  const headers = ['setting', 'measure', 'median ms', 'p95 ms', 'max ms']
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(w[i] ?? 0) : c.padStart(w[i] ?? 0))).join('  ')
  console.log([line(headers), w.map((x) => '-'.repeat(x)).join('  '), ...rows.map(line)].join('\n'))
}
