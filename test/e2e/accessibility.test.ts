/**
 * WCAG 2.2 AA on every screen, in every language (axe-core in Chromium: 0 serious or critical
 * violations). One browser, one host with its room on 127.0.0.1; per language one game walked
 * through its screens: the referee's setup (with the print panel), club, reveal, night, day, vote
 * and game-over screens; the projector idle, on the board, on a vote and on the story; the TV's
 * pairing and its board; the phone's join, waiting, card (down and held), board and story screens;
 * the cards page. A planted violation is caught (the check can fail).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { devices, type Browser, type BrowserContext, type Page } from 'playwright'
import { createFileHost, type GameHost } from '../../src/host'
import { preset } from '../../src/engine'
import { LANGUAGE_IDS, type Language } from '../../src/shared/languages'
import { startWebServer, type WebServer } from '../../src/web/server'
import { nextCall, perform, seededRandom, tempDir } from '../support/host'
import { BUILT } from '../support/paths'
import { axeViolations } from './support/axe'
import { browserTestsOff, launchChromium } from './support/chromium'
import { skipReason } from '../support/skip'
import { playFinishedGames } from './support/finished-night'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { presetNames, roleName } from '../../src/shared/role-names'
import { nightName, t } from './support/words'

const PLAYERS = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi']
const SHOTS = join(tmpdir(), 'nightfall-accessibility')

describe.skipIf(skipReason(browserTestsOff))('every screen meets WCAG 2.2 AA (axe-core), in every language', () => {
  let browser: Browser
  let host: GameHost
  let server: WebServer
  let desk: BrowserContext
  let referee: Page
  let projector: Page
  const trouble: string[] = []
  const found: string[] = []

  const waitForLang = (page: Page, lang: string) =>
    expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `${page.url()} in ${lang}` }).toBe(lang)

  let last = Date.now()
  async function check(page: Page, screen: string): Promise<void> {
    const t0 = Date.now()
    const v = await axeViolations(page)
    if (process.env['A11Y_DEBUG']) console.log(`[a11y] ${screen}: since last ${t0 - last} ms, axe ${Date.now() - t0} ms`)
    last = Date.now()
    for (const line of v) found.push(`${screen}: ${line}`)
    if (process.env['A11Y_DEBUG']) console.log(`[a11y] ${screen}: ${v.length}\n${v.join('\n')}`)
  }

  beforeAll(async () => {
    const dataDir = tempDir()
    playFinishedGames(dataDir, PLAYERS, 1)
    host = createFileHost(dataDir, {
      durable: false,
      estimate: null,
      random: seededRandom(5),
      roomPages: BUILT.rendererDir,
      roomAddresses: async () => ['127.0.0.1'],
    })
    server = await startWebServer({ host, rendererDir: BUILT.rendererDir })
    expect(await host.invoke('openRoom', null)).toMatchObject({ ok: true })
    browser = await launchChromium()
    desk = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' })
    await desk.addInitScript({ content: `window.print = () => {}` })
    for (const p of [(referee = await desk.newPage()), (projector = await desk.newPage())]) {
      p.on('pageerror', (e) => trouble.push(`pageerror: ${e.message}`))
    }
    await projector.setViewportSize({ width: 1280, height: 720 })
    await projector.goto(server.projectorUrl)
    await referee.goto(server.refereeUrl)
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    host?.dispose()
    await server?.close()
  })

  it('the check fails on a planted violation', async () => {
    const page = await desk.newPage()
    await page.setContent(
      '<html lang="en"><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#999;background:#aaa">faint</p></main></body></html>',
    )
    const v = await axeViolations(page)
    expect(v.map((l) => l.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']))
    await page.close()
  })

  // One test a language: each within its own time, and a language left halfway does not hold the next.
  for (const lang of LANGUAGE_IDS as readonly Language[])
    it(`every screen, in ${lang}`, async () => {
      onTestFailed(() => console.log(`[a11y] ${trouble.join('\n')}`))
      const [foundBefore, troubleBefore] = [found.length, trouble.length]
      if (host.refereeAppView().game) await host.invoke('closeGame')
      const playerUrl = host.refereeAppView().lan.playerUrl!
      const tvUrl = host.refereeAppView().lan.projectorUrl!
      const at = (s: string) => `${lang} ${s}`
      expect(host.invoke('setLanguage', lang, null)).toMatchObject({ ok: true })
      await waitForLang(referee, lang)
      await waitForLang(projector, lang)
      // The setup screen (the print panel on it) and the idle projector.
      await referee.locator('[data-test=add-name]').waitFor()
      await check(referee, at('referee setup'))
      // The club screen.
      await referee.locator('[data-test=open-club]').click()
      await referee.locator('[data-test=club-screen]').waitFor()
      await check(referee, at('referee club'))
      await referee.locator('[data-test=club-back]').click()
      // The cards page.
      const [cards] = await Promise.all([desk.waitForEvent('page'), referee.locator('[data-test=print-cards-print]').click()])
      await cards.waitForFunction(() => document.body?.dataset['cards'] === 'ready', null, { timeout: 20_000 })
      await check(cards, at('cards page'))
      await cards.close()

      // A game: the deal on the referee, the phone joins.
      const started = host.invoke('startGame', {
        ruleset: preset('maffiasig'),
        players: PLAYERS,
        counts: { mafia: 2, investigator: 1, doctor: 0, citizen: PLAYERS.length - 3 },
        dealMode: 'digital',
      })
      expect(started).toMatchObject({ ok: true })
      // A phone set to the language (the page follows the phone's own language, docs/room.md).
      const phoneContext = await browser.newContext({ ...devices['Pixel 7'], locale: lang })
      const phone = await phoneContext.newPage()
      phone.on('pageerror', (e) => trouble.push(`phone pageerror: ${e.message}`))
      await phone.goto(playerUrl)
      await phone.locator('[data-test=player-names]').waitFor()
      await waitForLang(phone, lang)
      await check(phone, at('phone join'))
      await phone.getByRole('button', { name: PLAYERS[0], exact: true }).click()
      await phone.locator('[data-test=player-asking]').waitFor()
      await check(phone, at('phone waiting'))
      await expect.poll(() => host.refereeAppView().lan.devices.length).toBe(1)
      expect(host.invoke('admitDevice', host.refereeAppView().lan.devices[0]!.id)).toMatchObject({ ok: true })
      await phone.locator('[data-test=role-card]').waitFor()
      await check(phone, at('phone card'))
      await referee.locator('[data-test=role-reveal], [data-test=night-panel]').first().waitFor()
      if (await referee.locator('[data-test=role-reveal]').count()) {
        await check(referee, at('referee reveal'))
        for (let i = 0; i < 40 && (await referee.locator('[data-test=reveal-finish]').count()) === 0; i++) {
          await referee.locator('[data-test=reveal-show]').click()
          await referee.locator('[data-test=reveal-hide]').click()
        }
        await referee.locator('[data-test=reveal-finish]').click()
      }
      // Night 0.
      await referee.locator('[data-test=night-panel]').waitFor()
      await Promise.all([check(referee, at('referee night')), check(projector, at('projector night'))])
      const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' })
      const tv = await tvContext.newPage()
      await tv.goto(tvUrl)
      await tv.locator('[data-test=tv-code]').waitFor()
      await check(tv, at('tv pairing'))
      await tv.locator('[data-test=tv-code]').fill(host.refereeAppView().lan.displayCode!)
      await tv.locator('[data-test=tv-code]').press('Enter')
      await tv.locator('[data-test=projector-board]').waitFor()
      await check(tv, at('tv board'))
      await tvContext.close()

      // Day 1, the vote.
      expect(host.invoke('play', { type: 'endNightStep' })).toMatchObject({ ok: true })
      await referee.locator('[data-test=day-panel]').waitFor()
      await check(referee, at('referee day'))
      const accused = host.refereeAppView().game!.legal.accuse[0]!
      expect(host.invoke('play', { type: 'accuse', accused })).toMatchObject({ ok: true })
      await referee.locator('[data-test=vote-panel]').waitFor()
      await Promise.all([check(referee, at('referee vote')), check(projector, at('projector vote')), check(phone, at('phone board (vote)'))])

      // The rest of the game by the tests' simple referee, then the story.
      for (let i = 0; i < 500; i++) {
        const call = nextCall(host.refereeAppView())
        if (!call) break
        expect(perform(host, call)).toMatchObject({ ok: true })
      }
      await referee.locator('[data-test=open-story]').waitFor()
      await check(referee, at('referee game over'))
      await referee.locator('[data-test=open-story]').click()
      await referee.locator('[data-test=story-tell]').click()
      await projector.locator('[data-test=story-board]').waitFor()
      await phone.locator('[data-test=story-board]').waitFor()
      await Promise.all([check(projector, at('projector story')), check(phone, at('phone story'))])
      await phoneContext.close()
      expect(host.invoke('closeGame')).toMatchObject({ ok: true })
      expect(found.slice(foundBefore)).toEqual([])
      expect(trouble.slice(troubleBefore)).toEqual([])
    }, 120_000)

  it('a blind player plays the phone: the role in the accessibility tree only while the card is held, the news said politely', async () => {
    if (host.refereeAppView().game) await host.invoke('closeGame')
    const playerUrl = host.refereeAppView().lan.playerUrl!
    expect(host.invoke('setLanguage', 'en', null)).toMatchObject({ ok: true })
    await waitForLang(projector, 'en')
    expect(
      host.invoke('startGame', {
        ruleset: preset('maffiasig'),
        players: PLAYERS,
        counts: { mafia: 2, investigator: 1, doctor: 0, citizen: PLAYERS.length - 3 },
        dealMode: 'digital',
      }),
    ).toMatchObject({ ok: true })
    const roles = host.refereeAppView().game!.seats.map((s) => s.role!)
    const seat = roles.indexOf('mafia')
    const partner = roles.indexOf('mafia', seat + 1)
    const role = roleName(presetNames('maffiasig'), 'mafia', 'en')
    const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'en-US', reducedMotion: 'reduce', bypassCSP: true })
    const phone = await context.newPage()
    await phone.goto(playerUrl)
    /** What a screen reader has to read: the page's accessibility tree, as YAML. */
    const tree = () => phone.locator('body').ariaSnapshot()
    // Join: the landmark and the page named in the phone's language, the names as buttons.
    await phone.locator('[data-test=player-names]').waitFor()
    expect(await phone.title()).toBe(t('phone.title'))
    let now = await tree()
    expect(now).toContain(`main "${t('phone.title')}"`)
    expect(now).toContain(`combobox "${t('phone.language')}"`)
    expect(now).toContain(`button "${PLAYERS[seat]}"`)
    await phone.getByRole('button', { name: PLAYERS[seat], exact: true }).press('Enter')
    await phone.locator('[data-test=player-asking]').waitFor()
    await expect.poll(() => host.refereeAppView().lan.devices.length).toBe(1)
    expect(host.invoke('admitDevice', host.refereeAppView().lan.devices[0]!.id)).toMatchObject({ ok: true })
    const card = phone.getByRole('button', { name: new RegExp(t('phone.hold')) })
    await card.waitFor()
    const referee = () => host.refereeAppView()
    // Face down: the tree has the card (a toggle, not pressed) and no role, no partner.
    now = await tree()
    expect(now).toContain(`button "${PLAYERS[seat]} ${t('phone.hold')}"`)
    expect(now).not.toContain(role)
    expect(now).not.toContain(PLAYERS[partner]! + ',')
    expect(await card.getAttribute('aria-pressed')).toBe('false')
    // Held by keyboard (Space down): the role and the partners are the card's words; let go: gone.
    await card.focus()
    await phone.keyboard.down(' ')
    const held = phone.getByRole('button', { pressed: true })
    await expect.poll(() => held.getAttribute('aria-label').then(() => held.textContent())).toContain(role)
    now = await tree()
    expect(now).toMatch(new RegExp(`button "${PLAYERS[seat]} ${role} [^"]*${PLAYERS[partner]}[^"]*" \\[pressed\\]`))
    // Never announced to the page at large: no live region holds it.
    expect(await phone.locator('[aria-live], [role=status], [role=alert]').allTextContents()).not.toContainEqual(expect.stringContaining(role))
    await phone.keyboard.up(' ')
    now = await tree()
    expect(now).not.toContain(role)
    // Turned over by Enter (a screen reader's double tap is a click), back by Enter, and down when focus leaves.
    await phone.keyboard.press('Enter')
    expect(await tree()).toContain(role)
    await phone.keyboard.press('Enter')
    expect(await tree()).not.toContain(role)
    await phone.keyboard.press('Enter')
    expect(await tree()).toContain(role)
    await phone.keyboard.press('Tab')
    expect(await tree()).not.toContain(role)

    // The news, politely: night 0, then day 1 as it begins.
    const news = phone.locator('[data-test=player-news]')
    expect(await news.getAttribute('aria-live')).toBe('polite')
    await expect.poll(() => news.textContent()).toContain(nightName(0))
    while (referee().game?.projector.phase === 'night') expect(host.invoke('play', { type: 'endNightStep' })).toMatchObject({ ok: true })
    await expect.poll(() => news.textContent()).toContain(t('phase.day', { n: 1 }))
    expect(await news.textContent()).not.toContain(role)

    // Under simulated colour-vision deficiencies, the phone and the projector (screenshots to look at):
    // day 2 with a death and the clock running out, then the game's end (the teams). A dead seat and
    // the clock's warning say so in words or a shape, not in colour alone.
    const play = (until: () => boolean) => {
      for (let i = 0; i < 300 && !until(); i++) {
        const call = nextCall(referee())
        if (!call) break
        expect(perform(host, call)).toMatchObject({ ok: true })
      }
    }
    play(() => referee().game!.projector.phase === 'day' && referee().game!.projector.dayNumber === 2)
    expect(host.invoke('play', { type: 'startTimer' })).toMatchObject({ ok: true })
    const clock = referee().game!.projector.clock!
    expect(host.invoke('play', { type: 'addTime', seconds: -Math.floor((clock.remainingMs - clock.warningMs / 2) / 1000) })).toMatchObject({ ok: true })
    const dead = referee().game!.seats.find((s) => !s.alive)!.seat
    mkdirSync(SHOTS, { recursive: true })
    const shoot = async (moment: string) => {
      for (const [label, page] of [
        ['phone', phone],
        ['projector', projector],
      ] as const) {
        const cdp = await page.context().newCDPSession(page)
        for (const type of ['none', 'protanopia', 'deuteranopia', 'tritanopia', 'achromatopsia'] as const) {
          await cdp.send('Emulation.setEmulatedVisionDeficiency', { type })
          await page.screenshot({ path: join(SHOTS, `${moment}-${label}-${type}.png`) })
        }
        await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' })
        await cdp.detach()
      }
    }
    for (const page of [phone, projector]) {
      await expect.poll(() => page.locator(`[data-seat="${dead}"] [data-test=seat-status]`).textContent()).toBe(t('projector.dead'))
      await page.locator('[data-test=board-clock].warning').waitFor()
      // The warning's shape: a sign before the time (CSS content, read by nobody: the words are the sr-only line's).
      expect(await page.locator('[data-test=board-clock].warning .time').evaluate((e) => getComputedStyle(e, '::before').content)).toContain('⚠')
    }
    await expect.poll(() => news.textContent()).toContain(t('clock.warning'))
    await shoot('day')
    play(() => !!referee().game!.winner)
    for (const page of [phone, projector]) await page.locator('[data-test=winner]').waitFor()
    await shoot('over')

    // Reduced motion honoured: nothing on the phone moves.
    expect(
      await phone.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && Number(a.effect?.getTiming().duration) > 1).length),
    ).toBe(0)

    // The phone's text at 200 % (as the system's text size): nothing overlaps, nothing is cut, nothing wider than the screen.
    await phone.addStyleTag({ content: 'html { font-size: 200% !important; }' })
    await phone.screenshot({ path: join(SHOTS, 'phone-text-200.png') })
    const width = phone.viewportSize()!.width
    const wide = await phone.$$eval(
      'body *',
      (els, w) =>
        els.filter((e) => e.getBoundingClientRect().right > w + 1).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
      width,
    )
    expect(wide.slice(0, 8), 'wider than the phone at 200 % text').toEqual([])
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    const cut = await phone.$$eval('[data-test=player-app] *', (els) =>
      els
        .filter((e) => e.children.length === 0 && (e.textContent ?? '').trim() && getComputedStyle(e).display !== 'inline')
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.className}: ${e.textContent}`),
    )
    expect(cut).toEqual([])
    const boxes = await phone.$$eval('[data-seat]', (els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(a.x < b.right - 0.5 && b.x < a.right - 0.5 && a.y < b.bottom - 0.5 && b.y < a.bottom - 0.5).toBe(false)
    console.log(`[accessibility] screenshots under simulated colour-vision deficiencies and at 200 % text: ${SHOTS}`)
    await context.close()
  }, 90_000)
})
