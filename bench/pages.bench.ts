/**
 * The windows' weight and start-up: each page's JavaScript (entry and the chunks it imports) raw and
 * gzipped, and the cold load of each built page in Chromium until its first render (the moment the
 * Vue app puts its first element into #app), through the browser mode's server. Every load uses a
 * fresh browser context, so nothing is cached.
 *
 * `npm run bench -- pages`; builds out/ first if it is missing. Needs a Chromium (see README).
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createFileHost } from '../src/main/host'
import { tempDir } from '../src/main/host/testing'
import { startWebServer } from '../src/web/server'
import { launchChromium } from '../test/e2e/support/chromium'

const ROOT = resolve(import.meta.dirname, '..')
const RENDERER = join(ROOT, 'out', 'renderer')
const PAGES = ['referee', 'projector'] as const
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

/** The areas the projector page loads (src/renderer/i18n/projector-messages.ts); the referee loads every area. */
const PROJECTOR_AREAS = ['common', 'projector', 'roles', 'club']

/** The lazily loaded locale chunks (assets/locale-<lang>-<area>-<hash>.js), summed per language and page. */
function languageChunks(): Record<string, Record<'referee' | 'projector', { gz: number; files: number }>> {
  const out: Record<string, Record<'referee' | 'projector', { gz: number; files: number }>> = {}
  for (const file of readdirSync(join(RENDERER, 'assets'))) {
    const m = /^locale-([a-z]{2,3})-([\w-]+?)-[\w-]{8}\.js$/.exec(file)
    if (!m) continue
    const [, lang, area] = m as unknown as [string, string, string]
    const gz = gzipSync(readFileSync(join(RENDERER, 'assets', file)), { level: 9 }).length
    const entry = (out[lang] ??= { referee: { gz: 0, files: 0 }, projector: { gz: 0, files: 0 } })
    entry.referee.gz += gz
    entry.referee.files++
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
  for (const page of PAGES) {
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

  const dir = tempDir('nightfall-bench-pages-')
  const host = createFileHost(dir, { durable: false, estimate: null })
  const server = await startWebServer({ host, rendererDir: RENDERER })
  const browser = await launchChromium()
  try {
    console.log(`\nCold load to first render, ${RUNS} loads each (fresh context; load average ${loadavg()[0]?.toFixed(1)}):`)
    for (const page of PAGES) {
      const url = page === 'referee' ? server.refereeUrl : server.projectorUrl
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext()
        const tab = await context.newPage()
        // Runs before the page's own scripts; CSP does not apply to it.
        await tab.addInitScript(() => {
          const w = window as unknown as { __firstRender?: number }
          new MutationObserver((_, obs) => {
            if (document.querySelector('#app')?.firstElementChild) {
              w.__firstRender = performance.now()
              obs.disconnect()
            }
          }).observe(document, { childList: true, subtree: true })
        })
        await tab.goto(url)
        await tab.waitForFunction(() => (window as unknown as { __firstRender?: number }).__firstRender !== undefined)
        times.push(await tab.evaluate(() => (window as unknown as { __firstRender: number }).__firstRender))
        await context.close()
      }
      console.log(`  ${page.padEnd(10)} median ${quantile(times, 0.5).toFixed(0).padStart(4)} ms   p95 ${quantile(times, 0.95).toFixed(0).padStart(4)} ms   min ${Math.min(...times).toFixed(0)} ms`)
    }
  } finally {
    await browser.close()
    await server.close()
    host.dispose()
  }
}
