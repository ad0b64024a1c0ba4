/**
 * The referee page, driven by clicks: every step the referee takes is a click (or key) on the real
 * page, and returns once the host has answered it (a new view arrived) — or throws with the
 * refusal the page shows.
 */
import type { Page } from 'playwright'
import type { RefereeAppView } from '../../../src/shared/api'
import { squash } from './words'

declare global {
  interface Window {
    __e2e?: { views: number; view: RefereeAppView }
  }
}

const ERROR = '[data-test=error-banner]'

export class RefereeDriver {
  constructor(readonly page: Page) {}

  /** Open the referee page and wait until the app shows the setup or the game. */
  async open(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' })
    await this.waitForApp()
  }

  /** The app is up; count the views the host pushes from now on (the app's own listener is untouched). */
  async waitForApp(): Promise<void> {
    await this.page.locator('.setup, .game-screen, [data-test=role-reveal]').first().waitFor({ timeout: 15_000 })
    await this.page.evaluate(async () => {
      const first = await window.referee.ready()
      window.__e2e = { views: 0, view: first }
      window.referee.onView((v) => {
        window.__e2e = { views: (window.__e2e?.views ?? 0) + 1, view: v }
      })
    })
  }

  /** The latest view the host pushed to this page (the truth the page is rendering). */
  async view(): Promise<RefereeAppView> {
    return this.page.evaluate(() => window.__e2e!.view)
  }

  /**
   * Do one thing on the page that the host must answer, and wait for its answer: a pushed view, or
   * the error banner (then throw with the page's words).
   */
  async act(label: string, action: () => Promise<unknown>): Promise<void> {
    const before = await this.page.evaluate(() => window.__e2e!.views)
    await action()
    const handle = await this.page.waitForFunction(
      ({ n, error }) => (window.__e2e!.views > n ? 'ok' : document.querySelector(error) ? 'error' : false),
      { n: before, error: ERROR },
      // Generous: a loaded machine (CI, or tests run side by side) can take seconds to answer.
      { timeout: 30_000 },
    )
    if ((await handle.jsonValue()) === 'error') {
      throw new Error(`${label}: the referee page shows a refusal: ${squash(await this.page.locator(ERROR).textContent())}`)
    }
  }

  /** Click `selector` as one host-answered step. */
  click(label: string, selector: string): Promise<void> {
    return this.act(label, () => this.page.locator(selector).click())
  }

  async errorText(): Promise<string | null> {
    const banner = this.page.locator(ERROR)
    return (await banner.count()) ? squash(await banner.textContent()) : null
  }

  async text(selector: string): Promise<string> {
    return squash(await this.page.locator(selector).first().textContent())
  }
}
