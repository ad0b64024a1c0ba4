/**
 * The windows' weight and start-up: each page's JavaScript (entry and the chunks it imports) raw and
 * gzipped, and the cold load of each built page in Chromium until its first render (the moment the
 * Vue app puts its first element into #app), through the browser mode's server. Every load uses a
 * fresh browser context, so nothing is cached.
 *
 * `npm run bench -- pages`; builds out/ first if it is missing. Needs a Chromium (see README).
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright'
import { preset } from '../src/engine'
import { createFileHost } from '../src/host'
import { tempDir } from '../test/support/host'
import { startWebServer, type WebServer } from '../src/web/server'
import { launchChromium } from '../test/e2e/support/chromium'

const ROOT = resolve(import.meta.dirname, '..')
const RENDERER = join(ROOT, 'out', 'renderer')
const PAGES = ['referee', 'projector'] as const
/** The print page too, for its weight only (it is not timed). */
const WEIGHED = [...PAGES, 'cards'] as const
const RUNS = process.argv.includes('--quick') ? 3 : 10

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}

/** The page's script files: its entry module and everything it imports statically, transitively. */
function pageScripts(page: string): string[] {
  const html = readFileSync(join(RENDERER, page, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) =>
    resolve(join(RENDERER, page), m[1] as string),
  )
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    for (const m of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) visit(resolve(dirname(file), m[1] as string))
  }
  entries.forEach(visit)
  return [...seen]
}

/** The areas the projector page loads (src/renderer/i18n/projector-messages.ts); the referee loads every area but cards. */
const PROJECTOR_AREAS = ['common', 'projector', 'roles', 'club']
const NOT_REFEREE_AREAS = ['cards']

/** The lazily loaded locale chunks (assets/locale-<lang>-<area>-<hash>.js), summed per language and page. */
function languageChunks(): Record<string, Record<'referee' | 'projector', { gz: number; files: number }>> {
  const out: Record<string, Record<'referee' | 'projector', { gz: number; files: number }>> = {}
  for (const file of readdirSync(join(RENDERER, 'assets'))) {
    const m = /^locale-([a-z]{2,3})-([\w-]+?)-[\w-]{8}\.js$/.exec(file)
    if (!m) continue
    const [, lang, area] = m as unknown as [string, string, string]
    const gz = gzipSync(readFileSync(join(RENDERER, 'assets', file)), { level: 9 }).length
    const entry = (out[lang] ??= { referee: { gz: 0, files: 0 }, projector: { gz: 0, files: 0 } })
    if (!NOT_REFEREE_AREAS.includes(area)) {
      entry.referee.gz += gz
      entry.referee.files++
    }
    if (PROJECTOR_AREAS.includes(area)) {
      entry.projector.gz += gz
      entry.projector.files++
    }
  }
  return out
}

export default async function pagesBench(): Promise<void> {
  if (!existsSync(join(RENDERER, 'referee', 'index.html'))) {
    console.log('out/renderer is missing: building first (electron-vite build)…')
    execSync('npx electron-vite build', { cwd: ROOT, stdio: 'inherit' })
  }
  console.log('JavaScript per window (entry + static imports):')
  for (const page of WEIGHED) {
    const files = pageScripts(page)
    const raw = files.reduce((n, f) => n + readFileSync(f).length, 0)
    const gz = files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0)
    console.log(`  ${page.padEnd(10)} ${String(files.length).padStart(2)} files  ${kb(raw).padStart(9)} raw  ${kb(gz).padStart(8)} gzipped`)
  }
  console.log('\nEach other language, loaded only when chosen (lazy chunks, gzipped):')
  for (const [lang, pages] of Object.entries(languageChunks())) {
    const cell = (page: 'referee' | 'projector') => `${page} ${kb(pages[page].gz).padStart(8)} in ${pages[page].files} chunks`
    console.log(`  ${lang.padEnd(4)} ${cell('referee')}   ${cell('projector')}`)
  }

  const browser = await launchChromium()
  const baseline = await startBaselineServer()
  const setup = await hostWith('setup')
  const game = await hostWith('game')
  try {
    console.log(
      `\nCold loads, ${RUNS} of each, interleaved (fresh context each; load average before ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}):`,
    )
    console.log("  first = #app gets its first element; ready = the screen itself is up with the host's data")
    console.log(`  (referee: ${READY.referee.setup} / ${READY.referee.game}; projector: ${READY.projector.setup} / ${READY.projector.game});`)
    console.log("  over = ready minus the empty page's median: what our page costs above what any page costs here.")
    const cases: { label: string; url: string; ready: string }[] = [{ label: 'empty page (baseline)', url: baseline.url, ready: '#app > p' }]
    for (const [state, s] of [
      ['setup', setup],
      ['game', game],
    ] as const)
      for (const page of PAGES)
        cases.push({ label: `${page}, ${state}`, url: page === 'referee' ? s.server.refereeUrl : s.server.projectorUrl, ready: READY[page][state] })
    const results = cases.map(() => ({ first: [] as number[], ready: [] as number[] }))
    for (let i = 0; i < RUNS; i++)
      for (const [k, c] of cases.entries()) {
        const t = await coldLoad(browser, c.url, c.ready)
        results[k]!.first.push(t.first)
        results[k]!.ready.push(t.ready)
      }
    const base = quantile(results[0]!.first, 0.5)
    const ms = (x: number) => `${x.toFixed(0).padStart(4)} ms`
    for (const [k, c] of cases.entries()) {
      const { first, ready } = results[k]!
      const over = k === 0 ? '' : `   over ${ms(quantile(ready, 0.5) - base)}`
      console.log(
        `  ${c.label.padEnd(22)} first median ${ms(quantile(first, 0.5))} p95 ${ms(quantile(first, 0.95))}   ready median ${ms(quantile(ready, 0.5))} p95 ${ms(quantile(ready, 0.95))}${over}`,
      )
    }
    console.log(
      `  (load average after ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
    )
  } finally {
    await browser.close()
    await baseline.close()
    await setup.close()
    await game.close()
  }
}

/** What shows that a page's first real screen is up (the e2e tests' own markers, test/e2e/support). */
const READY = {
  // The setup screen, from the host's first view; with a game on, the game screen.
  referee: { setup: '.setup', game: '.game-screen' },
  // No game: the idle screen (which the page also shows before the host's first screen message);
  // a game on: the board, from the first screen message.
  projector: { setup: '[data-test=idle]', game: '[data-test=projector-board]' },
} as const

/** A file host with nothing on (the setup screen), or with a dealt game of nine on. */
async function hostWith(state: 'setup' | 'game'): Promise<{ server: WebServer; close(): Promise<void> }> {
  const dir = tempDir('nightfall-bench-pages-')
  const host = createFileHost(dir, { durable: false, estimate: null })
  if (state === 'game') {
    const r = host.invoke('startGame', {
      ruleset: preset('maffiasig'),
      players: ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre'],
      counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
      dealMode: 'digital',
    })
    if (!r.ok) throw new Error(r.error.message)
  }
  const server = await startWebServer({ host, rendererDir: RENDERER })
  return {
    server,
    close: async () => {
      await server.close()
      host.dispose()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * The baseline: an empty page served the way the browser mode serves ours (the same headers and
 * content security policy), with one tiny module script that puts a <p> into #app.
 */
async function startBaselineServer(): Promise<{ url: string; close(): Promise<void> }> {
  const csp = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'"
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="${csp}" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Empty</title>
    <script type="module" crossorigin src="/assets/empty.js"></script>
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`
  const js = "document.querySelector('#app').append(Object.assign(document.createElement('p'), { textContent: 'Empty' }))\n"
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' }
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/assets/empty.js')) {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
      res.end(js)
    } else if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "frame-ancestors 'none'" })
      res.end(html)
    } else {
      res.writeHead(404, headers)
      res.end()
    }
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/?token=x`, close: () => new Promise<void>((done) => server.close(() => done())) }
}

/** One load in a fresh context: when #app got its first element, and when `ready` matched. */
async function coldLoad(browser: Browser, url: string, ready: string): Promise<{ first: number; ready: number }> {
  const context = await browser.newContext()
  try {
    const tab = await context.newPage()
    // Runs before the page's own scripts; CSP does not apply to it.
    await tab.addInitScript((selector: string) => {
      const w = window as unknown as { __first?: number; __ready?: number }
      new MutationObserver((_, obs) => {
        if (w.__first === undefined && document.querySelector('#app')?.firstElementChild) w.__first = performance.now()
        if (w.__ready === undefined && document.querySelector(selector)) w.__ready = performance.now()
        if (w.__first !== undefined && w.__ready !== undefined) obs.disconnect()
      }).observe(document, { childList: true, subtree: true })
    }, ready)
    await tab.goto(url)
    await tab.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, { timeout: 15_000 })
    return await tab.evaluate(() => {
      const w = window as unknown as { __first: number; __ready: number }
      return { first: w.__first, ready: w.__ready }
    })
  } finally {
    await context.close()
  }
}
