/**
 * One browser for a test file; per game a server process, a browser context and the two pages.
 */
import type { Browser, BrowserContext, Page } from 'playwright'
import { launchChromium } from './chromium'
import { Table } from './table'
import { startWebApp, type WebApp } from './web-app'

export { launchChromium }

export interface Pages {
  context: BrowserContext
  referee: Page
  projector: Page
  /** Problems the pages reported (page errors, console errors, CSP violations). */
  trouble: string[]
}

export interface GameSession extends Pages {
  app: WebApp
  table: Table
  close(): Promise<void>
}

/** Open a page and record what goes wrong in it. */
export async function openPage(context: BrowserContext, url: string, trouble: string[], label: string): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => trouble.push(`${label}: pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`${label}: console error: ${message.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))
  })
  await page.goto(url, { waitUntil: 'load' })
  return page
}

/** A fresh context with the projector page (a 720p screen) and the referee page (a laptop). */
export async function openPages(browser: Browser, app: WebApp): Promise<Pages> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' })
  const trouble: string[] = []
  const projector = await openPage(context, app.projectorUrl, trouble, 'projector')
  await projector.setViewportSize({ width: 1280, height: 720 })
  await projector
    .locator('[data-test=idle], [data-test=projector-board]')
    .first()
    .waitFor()
    .catch((error: Error) => {
      throw new Error(`the projector page shows neither its idle screen nor a board: ${error.message}\n${trouble.join('\n')}`)
    })
  const referee = await openPage(context, app.refereeUrl, trouble, 'referee')
  return { context, referee, projector, trouble }
}

/** Start a server on `dataDir` (fresh by default) and open both pages on it. */
export async function openGame(browser: Browser, name: string, dataDir?: string): Promise<GameSession> {
  const app = await startWebApp(dataDir)
  const pages = await openPages(browser, app)
  const table = new Table(pages.referee, pages.projector, name)
  await table.referee.waitForApp()
  return {
    ...pages,
    app,
    table,
    close: async () => {
      await pages.context.close()
      await app.stop()
    },
  }
}
