/**
 * The phone's board fits a phone (docs/room.md): the built player page on a room on 127.0.0.1, a
 * seated phone in Chromium at 360×740 with 12 of the play-test's longest names — no two seats
 * overlap and none is outside the screen, the phase and the clock on one line — and screenshots of
 * 7, 12 and 18 seats on a small and a large phone (Pixel 7, iPhone 14) for a person to look at
 * (written to the folder the test prints).
 */
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devices, type Browser, type Page } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { launchChromium } from './support/session'
import { createFileHost, type GameHost } from '../../src/host'
import { BUILT } from '../support/paths'
import { seededRandom, tempDir } from '../support/host'
import { joined, roomGame, type TestPhone } from '../support/room'

/** The play-test's names (2026-12-01), the longest first, and more of the same kind up to 18. */
const NAMES = [
  'Szentgyörgyiszabolcsfalvi',
  'Kovácsné Szabó Erzsébet',
  'Tõnisson-Kalda Mari-Liis',
  'Nagy-Szentgyörgyi Bálint',
  'Jõgeva-Kuusik Kristjan',
  'Åsa Lindqvist-Öberg',
  'Horváth Zsófia',
  'Erik Svensson',
  'Varga Gergő',
  '山田 花子',
  'Tóth Anna',
  'Kiss Péter',
  'Fehérvári-Kovács Zsuzsanna',
  'Magnusson-Lindgren Ebba',
  'Kõrvemaa-Tõnisson Liisa',
  'Ørnulf Bjørnstad-Håkonsen',
  '佐藤 健太郎',
  'Wolfeschlegelstein Anna',
]
const SHOTS = join(tmpdir(), 'nightfall-room-board')

interface Box {
  seat: number
  x: number
  y: number
  w: number
  h: number
}

describe.skipIf(skipReason(browserTestsOff))("the phone's board on a phone", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
    mkdirSync(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** A room with a game of `n` seats in day 1 (the clock and the board on every phone), and a seated phone (its token and key). */
  async function room(n: number): Promise<{ host: GameHost; url: string; phone: TestPhone }> {
    const host = createFileHost(tempDir(), {
      durable: false,
      estimate: null,
      random: seededRandom(n),
      roomPages: BUILT.rendererDir,
      roomAddresses: async () => ['127.0.0.1'],
    })
    const players = NAMES.slice(0, n)
    expect(host.invoke('startGame', roomGame(players))).toMatchObject({ ok: true })
    while (host.refereeAppView().game?.projector.phase === 'night') host.play({ type: 'endNightStep' })
    expect(await host.invoke('openRoom', null)).toMatchObject({ ok: true })
    const url = host.refereeAppView().lan.playerUrl!
    // The phone joins as the page does (its key agreed with the host), then the page is given that phone's token and key.
    const seated = await joined(new URL(url).origin, players[0]!)
    host.invoke('admitDevice', host.refereeAppView().lan.devices[0]!.id)
    return { host, url, phone: seated }
  }

  /** A new page of a browser context holding the seated phone's token and key, as the page keeps them. */
  async function seatedPage(device: Parameters<Browser['newContext']>[0], seated: TestPhone, locale = 'hu-HU'): Promise<Page> {
    const context = await browser.newContext({ ...device, locale })
    const kept = { token: seated.token, key: Buffer.from(seated.seal.key).toString('base64url'), code: seated.seal.code }
    await context.addInitScript((k) => {
      localStorage.setItem('nightfall-room-player', k.token)
      localStorage.setItem('nightfall-room-seal', JSON.stringify(k))
    }, kept)
    return context.newPage()
  }

  async function phone(device: Parameters<Browser['newContext']>[0], url: string, seated: TestPhone): Promise<Page> {
    const page = await seatedPage(device, seated)
    await page.goto(url)
    await page.locator('[data-test=seat-list] [data-seat]').first().waitFor()
    return page
  }

  const boxes = (page: Page): Promise<Box[]> =>
    page.$$eval('[data-seat]', (els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect()
        return { seat: Number(e.getAttribute('data-seat')), x: r.x, y: r.y, w: r.width, h: r.height }
      }),
    )
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5

  it('at 360×740 with 12 long names: no two seats overlap, none is outside the screen, the phase and the clock on one line', async () => {
    const { host, url, phone: seated } = await room(12)
    try {
      const page = await phone({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, url, seated)
      const seats = await boxes(page)
      expect(seats).toHaveLength(12)
      for (const s of seats) {
        expect(s.x, `seat ${s.seat}`).toBeGreaterThanOrEqual(0)
        expect(s.y, `seat ${s.seat}`).toBeGreaterThanOrEqual(0)
        expect(s.x + s.w, `seat ${s.seat}`).toBeLessThanOrEqual(360)
        expect(s.y + s.h, `seat ${s.seat}`).toBeLessThanOrEqual(740)
      }
      for (const a of seats) for (const b of seats) if (a.seat < b.seat) expect(overlaps(a, b), `seats ${a.seat} and ${b.seat}`).toBe(false)
      // Every name whole: no seat's name is wider than its box (nothing cut).
      const cut = await page.$$eval('[data-seat] [data-test=seat-name]', (els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
      )
      expect(cut).toEqual([])
      // The phase and the clock share one line.
      const [title, clock] = await Promise.all([page.locator('[data-test=board-title]').boundingBox(), page.locator('[data-test=clock-time]').boundingBox()])
      expect(title && clock && Math.abs(title.y + title.height / 2 - (clock.y + clock.height / 2))).toBeLessThan(20)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      await page.screenshot({ path: join(SHOTS, '360x740-12.png') })
      await page.context().close()
    } finally {
      await host.invoke('closeRoom')
      host.dispose()
    }
  })

  it("the page's answer names its script to preload (a Link header): the browser asks for it at once, and only once", async () => {
    const { host, url, phone: seated } = await room(7)
    try {
      const page = await seatedPage(devices['Pixel 7'], seated, 'en-US')
      const scripts: string[] = []
      page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
      const answer = await page.goto(url)
      await page.locator('[data-test=role-card]').waitFor()
      const html = await answer!.text()
      const src = /<script type="module"[^>]*src="\.\.(\/assets\/player-[\w-]+\.js)"/.exec(html)?.[1]
      expect(src).toBeTruthy()
      expect(answer!.headers()['link']).toBe(`<${src}>; rel=modulepreload`)
      expect(scripts.filter((s) => s === src)).toHaveLength(1)
      await page.context().close()
    } finally {
      await host.invoke('closeRoom')
      host.dispose()
    }
  })

  it('7, 12 and 18 seats on a small and a large phone: screenshots to look at, no overlap, nothing wider than the screen', async () => {
    for (const n of [7, 12, 18]) {
      const { host, url, phone: seated } = await room(n)
      try {
        for (const [label, device] of [
          ['iphone14', devices['iPhone 14']],
          ['pixel7', devices['Pixel 7']],
        ] as const) {
          const { defaultBrowserType: _browser, ...options } = device
          const page = await phone(options, url, seated)
          const seats = await boxes(page)
          const width = page.viewportSize()!.width
          expect(seats).toHaveLength(n)
          for (const s of seats) expect(s.x >= 0 && s.x + s.w <= width, `${label} ${n}: seat ${s.seat}`).toBe(true)
          for (const a of seats) for (const b of seats) if (a.seat < b.seat) expect(overlaps(a, b), `${label} ${n}: seats ${a.seat} and ${b.seat}`).toBe(false)
          await page.screenshot({ path: join(SHOTS, `${label}-${n}.png`), fullPage: true })
          await page.context().close()
        }
      } finally {
        await host.invoke('closeRoom')
        host.dispose()
      }
    }
    console.log(`[room-phone-board] screenshots in ${SHOTS}`)
  })
})
