/**
 * Browser mode: when the host stops, both pages say so within two seconds; when it is back (the
 * same data folder and port), they reconnect by themselves and work on. The projector page goes
 * full screen itself (Fullscreen API).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { launchChromium, openPages } from './support/session'
import { startWebApp, tempDataDir, type WebApp } from './support/web-app'
import { t } from './support/words'

describe.skipIf(skipReason(browserTestsOff))('browser mode: a lost host', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('"connection lost — reconnecting" within 2 s of the host stopping; back by itself when the host is back', async () => {
    const dataDir = tempDataDir()
    let app: WebApp = await startWebApp(dataDir)
    const pages = await openPages(browser, app)
    onTestFailed(() => console.log(`[connection] server output:\n${app.output()}\n[connection] page trouble:\n${pages.trouble.join('\n')}`))
    const { referee, projector } = pages
    const lost = '[data-test=connection-lost]'
    try {
      await referee.locator('[data-test=add-name]').waitFor()
      expect(await referee.locator(lost).count()).toBe(0)
      expect(await projector.locator(lost).count()).toBe(0)

      // A clean stop (SIGTERM) frees the folder's lock, so the restart keeps the addresses. After a
      // crash the restart takes the lock over and prints new addresses (docs/browser-mode.md).
      await app.stop()
      // The bound: the banner is up within two seconds of the host going away.
      await expect.poll(() => referee.locator(lost).count(), { timeout: 2000 }).toBe(1)
      await expect.poll(() => projector.locator(lost).count(), { timeout: 2000 }).toBe(1)
      expect(await referee.locator(lost).textContent()).toContain(t('app.connectionLost'))

      // The host is back on the same folder and port: the same addresses, and the pages reconnect.
      const port = Number(new URL(app.refereeUrl).port)
      const before = app.refereeUrl
      app = await startWebApp(dataDir, port)
      expect(app.refereeUrl).toBe(before)
      await expect.poll(() => referee.locator(lost).count(), { timeout: 15_000 }).toBe(0)
      await expect.poll(() => projector.locator(lost).count(), { timeout: 15_000 }).toBe(0)
      const rows = await referee.locator('[data-test=roster-row]').count()
      await referee.locator('[data-test=add-name]').fill('Zsófia')
      await referee.locator('[data-test=add-name]').press('Enter')
      await expect.poll(() => referee.locator('[data-test=roster-row]').count()).toBe(rows + 1)
      // Page errors from the dropped stream are expected; nothing else.
      expect(pages.trouble.filter((line) => !/ERR_CONNECTION_REFUSED|net::|EventSource|Failed to fetch|Failed to load resource/.test(line))).toEqual([])
    } finally {
      await pages.context.close()
      await app.stop()
    }
  }, 120_000)

  it('the projector page goes full screen itself', async () => {
    const app = await startWebApp()
    const pages = await openPages(browser, app)
    try {
      const button = pages.projector.locator('[data-test=projector-fullscreen]')
      await button.waitFor()
      await pages.projector.bringToFront() // a page in a background tab may not go full screen
      await button.click()
      await expect.poll(() => pages.projector.evaluate(() => document.fullscreenElement !== null)).toBe(true)
      await expect.poll(() => button.count()).toBe(0)
    } finally {
      await pages.context.close()
      await app.stop()
    }
  }, 60_000)
})
