/**
 * A host restart with phones in the room, as a club meets it: `start:web --lan` on the private
 * LAN, two Pixel 7 phones in a Chromium on the second host, let in, the game started. The laptop's
 * process is killed (SIGKILL: a crash, a pulled plug) and started again on the same data folder:
 * the room is on the same address, each phone says the laptop is restarting and then waits for the
 * referee to continue, and after *resume* each is shown its card again, by its own kept token —
 * no rescan, no new admission.
 */
import { devices, type Browser, type BrowserContext, type Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { RefereeAppView } from '../../src/shared/api'
import { lanUnavailable, phoneHost, privateLan, type PhoneHost } from '../support/lan'
import { skipReason } from '../support/skip'
import { browserTestsOff } from './support/chromium'
import { launchChromium, openPage } from './support/session'
import { refereeApi, startWebApp, tempDataDir, type WebApp } from './support/web-app'

const PLAYERS = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre']
const PHONES = PLAYERS.slice(0, 2)

describe.skipIf(skipReason(browserTestsOff))('the room through a restart of the host: phones in a browser', () => {
  let browser: Browser
  let phoneBrowser: Browser
  let phone: PhoneHost | undefined
  let app: WebApp | undefined

  beforeAll(async () => {
    browser = await launchChromium()
    phone = await phoneHost()
    phoneBrowser = phone ? await phone.launchChromium() : browser
  })
  afterAll(async () => {
    await app?.stop()
    await phone?.close()
    await browser?.close()
  })

  it('a SIGKILL mid-game: the same address, each phone back with its own token after resume', { timeout: 120_000 }, async (ctx) => {
    // Only on the private LAN: never against this machine's own interface address.
    if (!privateLan()) return ctx.skip(`${lanUnavailable()}: the phones need the private LAN's second host`)
    const dataDir = tempDataDir()
    app = await startWebApp(dataDir, 0, ['--lan'])
    const trouble: string[] = []
    onTestFailed(() => console.log(`[room-restart] server output:\n${app?.output()}\n${trouble.join('\n')}`))
    await expect.poll(() => /Players:\s+(\S+)/.test(app!.output()), { timeout: 10_000 }).toBe(true)
    const playerUrl = /Players:\s+(\S+)/.exec(app.output())![1]!
    let api = refereeApi(app)
    const view = async () => (await api('ready')).value as RefereeAppView
    const preset = (await view()).presets.find((r) => r.id === 'maffiasig')!
    expect(
      await api('startGame', { ruleset: preset, players: PLAYERS, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, dealMode: 'digital' }),
    ).toMatchObject({ ok: true })

    const contexts: BrowserContext[] = []
    const pages: Page[] = []
    try {
      for (const name of PHONES) {
        const context = await phoneBrowser.newContext({ ...devices['Pixel 7'], locale: 'en-US' })
        contexts.push(context)
        const page = await openPage(context, playerUrl, trouble, name)
        await page.getByRole('button', { name, exact: true }).click()
        await page.locator('[data-test=player-asking]').waitFor()
        pages.push(page)
      }
      const before = await view()
      for (const d of before.lan.devices) expect(await api('admitDevice', d.id)).toMatchObject({ ok: true })
      for (const page of pages) await page.locator('[data-test=role-card]').waitFor()
      const tokens = await Promise.all(pages.map((p) => p.evaluate(() => localStorage.getItem('nightfall-room-player'))))
      const codes = await Promise.all(pages.map((p) => p.locator('[data-test=player-code]').textContent()))

      // The crash, and the start again on the same folder.
      await app.kill()
      for (const page of pages) await page.locator('[data-test=player-lost]').waitFor({ timeout: 15_000 })
      app = await startWebApp(dataDir, 0, ['--lan'])
      api = refereeApi(app)
      await expect.poll(() => /Players:\s+(\S+)/.exec(app!.output())?.[1], { timeout: 10_000 }).toBe(playerUrl)
      // The phones come back by themselves and wait for the referee to continue the game.
      for (const page of pages) await page.locator('[data-test=player-resuming]').waitFor({ timeout: 20_000 })
      expect(await api('resumeGame')).toMatchObject({ ok: true })
      for (const page of pages) await page.locator('[data-test=role-card]').waitFor({ timeout: 15_000 })
      // Known by their own tokens and codes: nobody asked again, nobody was let in again.
      const after = await view()
      expect(after.lan.devices.map((d) => [d.name, d.state])).toEqual(PHONES.map((n) => [n, 'admitted']))
      expect(await Promise.all(pages.map((p) => p.evaluate(() => localStorage.getItem('nightfall-room-player'))))).toEqual(tokens)
      expect(await Promise.all(pages.map((p) => p.locator('[data-test=player-code]').textContent()))).toEqual(codes)
      expect(trouble.filter((l) => !/Failed to load resource|EventSource|ERR_CONNECTION_REFUSED/.test(l))).toEqual([])
    } finally {
      for (const c of contexts) await c.close()
    }
  })
})
