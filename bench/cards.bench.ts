/**
 * Role cards as PDF: 18 personal cards (MaffiaSIG), rendered by the built cards page in Chromium.
 *   - load: opening the page on the payload until it says "ready" (rendered, fonts loaded);
 *   - pdf:  page.pdf() on the loaded page — the goal is ≤ 1 s for this;
 *   - total: both, as the CLI does it per file (the browser launch itself is not counted).
 * A fresh page per run. `npm run bench -- cards [--quick]`; builds out/ first if it is missing.
 */
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { cardsPagePath, launchForCards, openCardsPage, pagePdf } from '../src/cli/print/cards-pdf'
import { dealFromOrder, PRESETS, suggestCounts } from '../src/engine'
import { buildCardsPayload } from '../src/shared/cards'

const ROOT = resolve(import.meta.dirname, '..')
const RUNS = process.argv.includes('--quick') ? 3 : 10
const NAMES = [
  'Anna',
  'Bence',
  'Csilla',
  'Dani',
  'Emese',
  'Feri',
  'Gabi',
  'Hanna',
  'Ivan',
  'Jani',
  'Kati',
  'Laci',
  'Marci',
  'Nóra',
  'Olga',
  'Péter',
  'Réka',
  '山田太郎',
]

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}
const ms = (v: number): string => `${v.toFixed(0)} ms`

export default async function cardsBench(): Promise<void> {
  if (!existsSync(cardsPagePath())) {
    console.log('The cards page is not built: building first (electron-vite build)…')
    execSync('npx electron-vite build', { cwd: ROOT, stdio: 'inherit' })
  }
  const ruleset = PRESETS.maffiasig
  const counts = suggestCounts(ruleset, NAMES.length)
  const deal = dealFromOrder(
    counts,
    NAMES.map((_, i) => (i * 7) % NAMES.length),
  )
  const built = buildCardsPayload({ ruleset, kind: 'personal', paper: 'a4', backs: false, locale: 'en', counts, players: NAMES, roles: deal.roles })
  if (!built.ok) throw new Error(built.error.message)

  const browser = await launchForCards()
  const load: number[] = []
  const pdf: number[] = []
  let bytes = 0
  try {
    for (let run = 0; run < RUNS + 1; run++) {
      const t0 = performance.now()
      const page = await openCardsPage(browser, built.value)
      const t1 = performance.now()
      const out = await pagePdf(page)
      const t2 = performance.now()
      await page.close()
      bytes = out.length
      // The first run warms Chromium up; it is not counted.
      if (run === 0) continue
      load.push(t1 - t0)
      pdf.push(t2 - t1)
    }
  } finally {
    await browser.close()
  }
  const total = load.map((l, i) => l + (pdf[i] ?? 0))
  console.log(`18 personal cards (6 A4 pages, ${(bytes / 1024).toFixed(0)} kB PDF), ${RUNS} runs, load average ${loadavg()[0]?.toFixed(2)}:`)
  console.log(`  page load until ready   median ${ms(median(load))}  (min ${ms(Math.min(...load))}, max ${ms(Math.max(...load))})`)
  console.log(`  PDF after the load      median ${ms(median(pdf))}  (min ${ms(Math.min(...pdf))}, max ${ms(Math.max(...pdf))})   goal ≤ 1000 ms`)
  console.log(`  both                    median ${ms(median(total))}`)
}
