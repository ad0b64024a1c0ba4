/**
 * Global setup of both test projects: the browser tests need a Chromium. When none is found
 * (CHROMIUM_PATH, a system Chromium, Playwright's own download; see test/e2e/support/chromium.ts),
 * try Playwright's installer once, as `npx playwright install chromium` would (it works on an
 * ordinary connected laptop on Linux, macOS and Windows). If that fails, carry on: each browser
 * test then stops with the message that says how to install one. `.ci/run` installs Debian's
 * Chromium first, so CI never gets here. NIGHTFALL_SKIP_BROWSER_TESTS=1 skips all of it.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { browserTestsSkipped, findChromium } from '../e2e/support/chromium'

export interface ProvisionDeps {
  skipped: boolean
  find: () => string | undefined
  /** Runs the installer; resolves to its exit code (or an error message if it could not run). */
  install: () => Promise<number | string>
  log: (line: string) => void
}

/** The Chromium the browser tests will use, installing Playwright's when none is found; undefined if none. */
export async function provisionChromium(deps: ProvisionDeps): Promise<string | undefined> {
  if (deps.skipped) return undefined
  const found = deps.find()
  if (found) return found
  deps.log('[browser tests] no Chromium found: running `npx playwright install chromium` (a one-time download)…')
  const outcome = await deps.install()
  const installed = deps.find()
  if (installed) {
    deps.log(`[browser tests] using Playwright's Chromium: ${installed}`)
    return installed
  }
  const why = typeof outcome === 'number' ? `it exited with code ${outcome}` : outcome
  deps.log(`[browser tests] \`npx playwright install chromium\` did not provide a Chromium (${why}); the browser tests will fail with how to install one.`)
  return undefined
}

/** Playwright's own CLI (what `npx playwright` runs), with its output shown. */
function installWithPlaywright(): Promise<number | string> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('playwright/package.json')), 'cli.js')
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'install', 'chromium'], { stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', (error) => resolve(error.message))
    child.on('close', (code, signal) => resolve(code ?? `stopped by ${signal}`))
  })
}

export default async function setup(): Promise<void> {
  await provisionChromium({ skipped: browserTestsSkipped, find: findChromium, install: installWithPlaywright, log: (line) => console.log(line) })
}
