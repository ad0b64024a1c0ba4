/**
 * The room on the LAN in Chromium with phone emulation (Pixel 7): `start:web --lan` on the laptop's
 * LAN address (the default route's). On the private LAN of `npm test` (scripts/lan-sandbox) that is
 * 10.77.0.2, and the phones, the TV and the stranger are a browser and HTTP clients on a second host
 * (10.77.0.3), so the room sees a real other device; without a private LAN (a laptop without root)
 * they run on this machine against its own LAN address, a weaker test that says so. Three phones join and the referee lets them in from the referee
 * page; each phone sees only its own role (face down until held), the mafiosi see each other; a
 * reload returns a phone to its seat; a personal QR code's link gets its phone the seat at once; a TV pairs by display code; a stranger gets nothing; the referee's API is refused over the
 * LAN address even with the right token.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { devices, type Browser, type BrowserContext, type Page } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { launchChromium, openPage } from './support/session'
import { lanUnavailable, phoneHost, privateLan, type PhoneHost } from '../support/lan'
import { createServer } from 'node:http'
import { networkInterfaces } from 'node:os'
import { refereeApi, startWebApp, type RefereeAnswer, type WebApp } from './support/web-app'
import { lanAddresses } from '../../src/host/room/addresses'
import { presetNames, roleName as nameOf } from '../../src/shared/role-names'
import type { RoleId } from '../../src/shared/roles'
import { DISPLAY_CODE_DIGITS } from '../../src/shared/room'

const PLAYERS = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre']

describe.skipIf(skipReason(browserTestsOff))('the room on the LAN: phones', () => {
  let browser: Browser
  /** The phones' browser: on the phone host when there is a private LAN, else `browser` itself. */
  let phoneBrowser: Browser
  let phone: PhoneHost | undefined
  let app: WebApp
  let lanHost = ''

  /** An HTTP request as a device on the Wi-Fi makes it: from the phone host where there is one. */
  const fromPhone = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<number> =>
    phone ? phone.request(url, init).then((a) => a.status) : fetch(url, init).then((r) => r.status)

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

  it('on the private LAN the phones are another host, and this machine’s own interfaces are not there', async (ctx) => {
    const lan = privateLan()
    if (!lan) return ctx.skip(`${lanUnavailable()}: the phones run on this machine, against its own LAN address`)
    // Only loopback and the private LAN's interface: nothing reaches a real interface's address.
    const addresses = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a?.family === 'IPv4')
      .map((a) => a!.address)
    expect(new Set(addresses)).toEqual(new Set(['127.0.0.1', lan.laptop]))
    // A server on the laptop sees the phones' browser and HTTP client come from the phone's address.
    const echo = createServer((req, res) => res.end(req.socket.remoteAddress))
    await new Promise<void>((r) => echo.listen(0, lan.laptop, r))
    try {
      const url = `http://${lan.laptop}:${(echo.address() as { port: number }).port}/`
      expect((await phone!.request(url)).text).toBe(lan.phone)
      const page = await phoneBrowser.newPage()
      await page.goto(url)
      expect(await page.textContent('body')).toBe(lan.phone)
      await page.close()
    } finally {
      echo.close()
    }
  })

  it('phones join with the referee’s consent and each sees only its own role', async (ctx) => {
    const lan = privateLan()
    // Only on the private LAN: never against this machine's own interface address.
    if (!lan) return ctx.skip(`${lanUnavailable()}: the phones need the private LAN's second host`)
    const [address = ''] = await lanAddresses()
    expect(address).toBe(lan.laptop)
    app = await startWebApp(undefined, 0, ['--lan'])
    const trouble: string[] = []
    onTestFailed(() => console.log(`[room-phones] server output:\n${app.output()}\n${trouble.join('\n')}`))
    // The room's lines follow the referee's and projector's once the room is open.
    await expect.poll(() => /Players:\s+(\S+)/.test(app.output()), { timeout: 10_000 }).toBe(true)
    const playerUrl = /Players:\s+(\S+)/.exec(app.output())?.[1]
    expect(playerUrl, app.output()).toMatch(new RegExp(`^http://${address.replace(/\./g, '\\.')}:\\d+/player/$`))
    lanHost = new URL(playerUrl!).host
    const token = new URL(app.refereeUrl).searchParams.get('token')!
    const api = refereeApi(app)
    const referee = async (method: string, ...args: unknown[]) =>
      (await api(method, ...args)) as RefereeAnswer<{ presets: unknown[]; game: { seats: { role: string }[] } }>
    const presets = (await referee('ready')).value.presets
    expect(
      await referee('startGame', { ruleset: presets[0], players: PLAYERS, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, dealMode: 'digital' }),
    ).toMatchObject({ ok: true })
    const roles = (await referee('ready')).value.game.seats.map((s) => s.role)
    const mafia = roles.flatMap((r, p) => (r === 'mafia' ? [p] : []))
    const town = roles.findIndex((r) => r !== 'mafia')
    const seats = [...mafia, town]

    const desk = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' })
    const refereePage = await openPage(desk, app.refereeUrl, trouble, 'referee')
    const phones: { seat: number; context: BrowserContext; page: Page }[] = []
    try {
      for (const seat of seats) {
        const context = await phoneBrowser.newContext({ ...devices['Pixel 7'], locale: 'en-US' })
        const page = await openPage(context, playerUrl!, trouble, `phone ${seat}`)
        await page.getByRole('button', { name: PLAYERS[seat], exact: true }).click()
        await page.locator('[data-test=player-asking]').waitFor()
        phones.push({ seat, context, page })
      }
      // The referee compares each phone's code with its row's (the key agreed over the network is checked on the screens), and lets it in.
      for (const { seat, page } of phones) {
        const shown = /\d{3} \d{3}/.exec((await page.locator('[data-test=player-code]').textContent()) ?? '')?.[0]
        const row = refereePage.locator('[data-test=lan-asking] li', { has: refereePage.locator(`[data-test="lan-admit-${PLAYERS[seat]}"]`) })
        await expect.poll(() => row.locator('[data-test=lan-device-code]').textContent()).toContain(shown!)
        expect(await row.textContent()).toContain('Android phone · Chrome')
        await refereePage.locator(`[data-test="lan-admit-${PLAYERS[seat]}"]`).click()
      }
      // The ruleset's own names (the glossary's), as the phone's card shows them.
      const roleName = (r: string) => nameOf(presetNames('maffiasig'), r as RoleId, 'en')
      for (const { seat, page } of phones) {
        const card = page.locator('[data-test=role-card]')
        await card.waitFor()
        // Face down: the role is not in the page at all.
        expect(await page.locator('[data-test=role-name]').count()).toBe(0)
        for (const r of ['mafia', 'investigator', 'citizen']) expect(await card.textContent()).not.toContain(roleName(r))
        await card.dispatchEvent('pointerdown')
        await expect.poll(() => page.locator('[data-test=role-name]').textContent()).toBe(roleName(roles[seat]!))
        const partners = (await page.locator('[data-test=role-partners]').textContent()) ?? ''
        if (roles[seat] === 'mafia') expect(partners).toContain(PLAYERS[mafia.find((m) => m !== seat)!]!)
        else expect(partners.trim()).toBe('')
        await card.dispatchEvent('pointerup')
        expect(await page.locator('[data-test=role-name]').count()).toBe(0)
      }
      await expect.poll(() => refereePage.locator('[data-test=lan-devices] li').count()).toBe(phones.length)

      // A reload comes back to the seat by itself.
      const first = phones[0]!
      await first.page.reload()
      await first.page.locator('[data-test=role-card]').waitFor()
      expect(await first.page.locator('[data-test=role-card]').textContent()).toContain(PLAYERS[first.seat])

      // A personal QR code (the private reveal): its phone has the seat at once, and the secret leaves the address.
      const other = roles.findIndex((r, p) => r !== 'mafia' && p !== town)
      const link = (await referee('personalLink', other)).value as unknown as string
      const qrContext = await phoneBrowser.newContext({ ...devices['Pixel 7'], locale: 'en-US' })
      const qrPage = await openPage(qrContext, link, trouble, 'personal QR')
      await qrPage.locator('[data-test=role-card]').waitFor()
      expect(await qrPage.locator('[data-test=role-card]').textContent()).toContain(PLAYERS[other])
      expect(qrPage.url()).not.toContain('claim')
      await qrContext.close()

      // A TV pairs with the display code and shows the projector, the room's QR code in a corner.
      const code = new RegExp(`\\d{${DISPLAY_CODE_DIGITS}}`).exec((await refereePage.locator('[data-test=lan-code]').textContent()) ?? '')?.[0]
      const tvContext = await phoneBrowser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' })
      const tv = await openPage(tvContext, `http://${lanHost}/tv/`, trouble, 'tv')
      await tv.locator('[data-test=tv-code]').fill(code!)
      await tv.locator('[data-test=tv-code]').press('Enter')
      await tv.locator('[data-test=projector-board]').waitFor()
      await tv.locator('[data-test=room-qr].small').waitFor()
      await tvContext.close()

      // A stranger: without a token, nothing; asking for a seat only waits for the referee.
      const stranger = await phoneBrowser.newContext({ ...devices['Pixel 7'], locale: 'en-US' })
      const strangerPage = await openPage(stranger, playerUrl!, trouble, 'stranger')
      expect(await fromPhone(`http://${lanHost}/room/player?token=${'A'.repeat(32)}`)).toBe(403)
      await strangerPage.getByRole('button', { name: PLAYERS[first.seat], exact: true }).click()
      await strangerPage.locator('[data-test=player-asking]').waitFor()
      expect(await strangerPage.locator('[data-test=role-card]').count()).toBe(0)
      await stranger.close()

      // The referee's API over the LAN address: refused, even with the right token.
      const asReferee = { method: 'POST', headers: { 'content-type': 'application/json', 'x-nightfall-token': token }, body: '[]' }
      expect(await fromPhone(`http://${lanHost}/api/referee/ready`, asReferee)).toBe(403)
      const webPort = new URL(app.refereeUrl).port
      const onWeb = await fromPhone(`http://${address}:${webPort}/api/referee/ready`, asReferee).catch(() => 'refused')
      expect(onWeb).not.toBe(200)
      expect(trouble.filter((l) => !/Failed to load resource|EventSource|net::/.test(l))).toEqual([])
    } finally {
      for (const p of phones) await p.context.close()
      await desk.close()
    }
  }, 180_000)
})
