/**
 * Role cards in the browser mode, with the real built pages and the real host: the referee page's
 * "Print role cards…" opens the cards page in a new tab, which fetches the cards from the host and
 * renders them ready to print; while the blind-operator variant hides roles, personal cards are
 * refused and nothing opens.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RefereeApi, StartGameRequest } from '../../src/shared/api'
import { preset } from '../../src/engine'
import { createFileHost } from '../../src/host'
import type { GameHost } from '../../src/host/game-host'
import { PLAYERS9, seededRandom, tempDir } from '../support/host'
import { startWebServer, type WebServer } from '../../src/web/server'
import { BUILT } from '../support/paths'
import { browserTestsOff, launchChromium } from './support/chromium'
import { skipReason } from '../support/skip'
import { pdfText } from './support/pdf'

const game = (blind: boolean): StartGameRequest => {
  const r = preset('maffiasig')
  return {
    ruleset: { ...r, options: { ...r.options, firstDeadBecomesReferee: blind } },
    players: [...PLAYERS9],
    counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
    dealMode: 'digital',
  }
}

describe.skipIf(skipReason(browserTestsOff))('role cards in the browser mode', () => {
  let browser: Browser
  const running: { host: GameHost; server: WebServer }[] = []

  async function serve(blind: boolean): Promise<{ host: GameHost; server: WebServer }> {
    const host = createFileHost(tempDir(), { durable: false, random: seededRandom(3) })
    const server = await startWebServer({ host, rendererDir: BUILT.rendererDir })
    running.push({ host, server })
    expect(host.invoke('startGame', game(blind))).toMatchObject({ ok: true })
    return { host, server }
  }

  async function referee(server: WebServer): Promise<Page> {
    const page = await browser.newPage()
    // The cards tab asks the browser to print as soon as it is ready (`?print=1`). Headless Chromium
    // (156 and later) then refuses page.pdf() on that tab ("Page is already being printed"), so every
    // page of this context counts its print requests instead of opening the dialog: a test can still
    // see that the page asked, and print it itself.
    await page.context().addInitScript({
      content: `window.print = () => { window.__printRequests = (window.__printRequests || 0) + 1 }`,
    })
    await page.goto(server.refereeUrl, { waitUntil: 'load' })
    await page.waitForSelector('[data-test="print-cards"]', { timeout: 15_000 })
    return page
  }

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    for (const { host, server } of running) {
      host.dispose()
      await server.close()
    }
  })

  it('"Print role cards…" opens the personal cards of the deal in a new tab, rendered and ready to print', async () => {
    const { host, server } = await serve(false)
    const page = await referee(server)
    await page.check('[data-test="print-kind-personal"]')
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('[data-test="print-cards-print"]')])
    await tab.waitForFunction(() => document.body?.dataset['cards'] === 'ready', null, { timeout: 20_000 })
    expect(await tab.title()).toMatch(/Personal role cards — 9 players · ready$/)
    expect(new URL(tab.url()).pathname).toBe('/cards/')
    const text = await tab.locator('body').innerText()
    for (const name of PLAYERS9) expect(text).toContain(name)
    const roles = host.refereeAppView().game!.seats.map((s) => s.role)
    expect(await tab.locator('.strip .role-name').allInnerTexts()).toEqual(
      roles.map((r) => ({ mafia: 'Mafioso', investigator: 'Inspector', citizen: 'Citizen', doctor: 'Doctor' })[r!]),
    )
    expect(await page.getByRole('status').innerText()).toMatch(/new tab/)
    await tab.close()
    await page.close()
  })

  it("the referee's sheet printed from the browser carries no token: its address in the printed footer has none", async () => {
    const { server } = await serve(false)
    const page = await referee(server)
    await page.check('[data-test="print-kind-sheet"]')
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('[data-test="print-cards-print"]')])
    await tab.waitForFunction(() => document.body?.dataset['cards'] === 'ready', null, { timeout: 20_000 })
    expect(tab.url()).not.toContain(server.tokens.referee)
    // The tab asked the browser to print, once.
    await tab.waitForFunction(() => (window as { __printRequests?: number }).__printRequests === 1, null, { timeout: 10_000 })
    // As the browser prints it: the header and footer show the page's title and address.
    const file = join(tempDir(), 'sheet.pdf')
    await tab.pdf({ path: file, displayHeaderFooter: true })
    const text = pdfText(file)
    expect(text).toContain('/cards/') // the footer with the address is there…
    expect(text).not.toContain('token=') // …and holds no token
    expect(text).not.toContain(server.tokens.referee.slice(0, 8))
    expect(text).not.toContain('ticket=')
    await tab.close()
    await page.close()
  })

  it('while the operator is a blind player, personal cards are refused and no tab opens; the deck still prints', async () => {
    const { server } = await serve(true)
    const page = await referee(server)
    expect(await page.locator('[data-test="print-kind-personal"]').count()).toBe(0)
    let opened = 0
    page.context().on('page', () => opened++)
    const refused = await page.evaluate(() =>
      (window as unknown as { referee: RefereeApi }).referee.printCards({ kind: 'personal', paper: 'a4', backs: false, locale: 'en' }, 'pdf'),
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    const sheet = await page.evaluate(() =>
      (window as unknown as { referee: RefereeApi }).referee.printCards({ kind: 'sheet', paper: 'a4', backs: false, locale: 'en' }, 'print'),
    )
    expect(sheet).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    expect(opened).toBe(0)
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('[data-test="print-cards-print"]')])
    await tab.waitForFunction(() => document.body?.dataset['cards'] === 'ready', null, { timeout: 20_000 })
    expect(await tab.title()).toMatch(/deck for 9 players · ready$/)
    await tab.close()
    await page.close()
  })
})
