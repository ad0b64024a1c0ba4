/**
 * The built pages in a real Chromium, loaded from disk as Electron loads them: they render under
 * their own strict CSP without a single violation, and the CSP really is enforced.
 */
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright'
import { BUILT, RENDERER_PAGES, type RendererPage } from '../support/paths'
import { browserTestsOff, launchChromium } from './support/chromium'
import { skipReason } from '../support/skip'

interface Trouble {
  violations: string[]
  errors: string[]
}

async function openBuiltPage(browser: Browser, role: RendererPage): Promise<{ page: Page; trouble: Trouble }> {
  const page = await browser.newPage()
  const trouble: Trouble = { violations: [], errors: [] }
  await page.exposeFunction('__reportCspViolation', (text: string) => trouble.violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  page.on('pageerror', (error) => trouble.errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.errors.push(`console: ${message.text()}`)
  })
  await page.goto(pathToFileURL(BUILT.page(role)).href, { waitUntil: 'load' })
  return { page, trouble }
}

describe.skipIf(skipReason(browserTestsOff))('built pages in Chromium', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium(['--allow-file-access-from-files'])
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each(RENDERER_PAGES)('the %s page renders under its CSP with no violations or errors', async (role) => {
    const { page, trouble } = await openBuiltPage(browser, role)
    await page.waitForFunction(() => (document.querySelector('#app')?.childElementCount ?? 0) > 0, null, {
      timeout: 10_000,
    })
    expect(await page.title()).toMatch(/^Nightfall/)
    expect(trouble).toEqual({ violations: [], errors: [] })
    await page.close()
  })

  it.each(RENDERER_PAGES)('the %s page enforces its CSP: no eval, no injected inline script', async (role) => {
    const { page, trouble } = await openBuiltPage(browser, role)
    // DevTools-protocol evaluation itself is exempt from CSP, so let the page run the string later.
    const evalRan = await page.evaluate(async () => {
      const run = window.setTimeout as unknown as (code: string, ms: number) => number
      run('document.body.dataset.evaled = "yes"', 0)
      await new Promise((resolve) => setTimeout(resolve, 50))
      return document.body.dataset['evaled'] === 'yes'
    })
    expect(evalRan).toBe(false)
    expect(trouble.violations.join('\n')).toMatch(/script-src.* blocked eval/)
    const injectedRan = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'document.body.dataset.injected = "yes"'
      document.head.append(script)
      await new Promise((resolve) => setTimeout(resolve, 50))
      return document.body.dataset['injected'] === 'yes'
    })
    expect(injectedRan).toBe(false)
    expect(trouble.violations.join('\n')).toMatch(/script-src/)
    await page.close()
  })
})
