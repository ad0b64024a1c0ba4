/**
 * Finding and launching a Chromium: for the browser tests, the benchmarks and the CLI's `cards`
 * command (one lookup for all). Playwright's own browser download is not available everywhere, so
 * a system Chromium (Debian: `apt-get install chromium`) is preferred.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import type * as Playwright from 'playwright'
import type { Browser, BrowserType } from 'playwright'

/** Playwright, loaded on first use (the CLI's other commands start without it). */
const playwrightChromium = (): BrowserType => (createRequire(import.meta.url)('playwright') as typeof Playwright).chromium

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']

/** Flags that work as root in containers and keep the browser quiet and offline. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function findChromium(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH']
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  const system = CANDIDATES.find((candidate) => existsSync(candidate))
  if (system) return system
  const bundled = playwrightChromium().executablePath()
  return existsSync(bundled) ? bundled : undefined
}

export const browserTestsSkipped = process.env['NIGHTFALL_SKIP_BROWSER_TESTS'] === '1'

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = findChromium()
  if (!executablePath) {
    throw new Error(
      'No Chromium found (needed to render pages and PDFs). Install one (Debian/Ubuntu: `sudo apt-get install chromium`, ' +
        'or `npx playwright install chromium`), point CHROMIUM_PATH at it, ' +
        'or (tests only) set NIGHTFALL_SKIP_BROWSER_TESTS=1 to skip the browser tests knowingly.',
    )
  }
  return playwrightChromium().launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] })
}
