/**
 * The club night's screens with 18 players whose names are 24 characters long, in every language:
 * the referee's saved games and tonight's standings at 1366×768, the projector's standings and the
 * story's last page (every player with their role) at 1920×1080 and 1280×720. Measured in Chromium:
 * no text wider than its box, no name on more than two lines, nothing outside the window, and every
 * standings row on the projector's screen or on a later page (the test turns the pages).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, Page } from 'playwright'
import { LANGUAGE_IDS } from '../../src/shared/languages'
import { unfit, texts } from './support/boxes'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { LONG_NAMES_18, playFinishedGames } from './support/finished-night'
import { launchChromium, openGame, type GameSession } from './support/session'
import { SCREENSHOTS } from './support/table'
import { tempDataDir } from './support/web-app'

const PROJECTOR_SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]

async function waitForLang(page: Page, lang: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `page language ${lang}` }).toBe(lang)
}

/** Every name of the standings, page by page, each page inside the screen; the pages turned by a key. */
async function projectorStandings(projector: Page, size: { width: number; height: number }, where: string): Promise<string[]> {
  const seen: string[] = []
  const pager = projector.locator('[data-test=standings-page]')
  // The table has measured its pages for this screen.
  await projector.locator(`[data-test=standings][data-fitted="${size.width}x${size.height}"]`).waitFor({ timeout: 10_000 })
  const pages = (await pager.count()) ? Number((await pager.textContent())!.trim().split('/')[1]) : 1
  for (let p = 1; p <= pages; p++) {
    if (pages > 1) await expect.poll(() => pager.textContent().then((s) => s?.trim())).toBe(`${p}/${pages}`)
    expect(
      await unfit(projector, { root: '[data-test=standings]', names: '[data-test=standings] .fit-name', vertical: true }),
      `${where}, page ${p}/${pages}`,
    ).toEqual([])
    seen.push(...(await texts(projector, '[data-test=standing-row] .fit-name')))
    if (p < pages) await projector.keyboard.press('ArrowRight')
  }
  return seen
}

describe.skipIf(skipReason(browserTestsOff))('the club night with 18 long names', () => {
  let browser: Browser
  let session: GameSession

  beforeAll(async () => {
    const dataDir = tempDataDir()
    playFinishedGames(dataDir, LONG_NAMES_18, 2)
    browser = await launchChromium()
    session = await openGame(browser, 'club-screens', dataDir)
  }, 120_000)
  afterAll(async () => {
    await session?.close()
    await browser?.close()
  })

  it('the standings, the saved games and the story’s last page fit both windows in every language', async () => {
    onTestFailed(() => console.log(`[club-screens] server output:\n${session.app.output()}\n${session.trouble.join('\n')}`))
    const { referee, projector } = session
    expect(new Set(LONG_NAMES_18.map((n) => n.length))).toEqual(new Set([24]))
    await referee.setViewportSize({ width: 1366, height: 768 })
    await referee.locator('[data-test=open-club]').click()
    await referee.locator('[data-test=club-screen] [data-test=standings]').waitFor()

    const language = async (lang: string) => {
      await referee.locator('[data-test=language]').selectOption(lang)
      await waitForLang(referee, lang)
      await waitForLang(projector, lang)
    }
    const shoot = (page: Page, name: string, lang: string) =>
      lang === 'hu' || lang === 'ja' ? page.screenshot({ path: `${SCREENSHOTS}/club-${name}-${lang}.png` }) : undefined

    // Tonight's standings: the referee's table and saved games, and the projector's pages.
    await referee.locator('[data-test=club-show-standings][aria-pressed=false]').click()
    await projector.locator('[data-test=standings]').waitFor()
    for (const lang of LANGUAGE_IDS) {
      await language(lang)
      expect(await texts(referee, '[data-test=club-screen] [data-test=standing-row] .fit-name')).toHaveLength(18)
      expect(
        await unfit(referee, { root: '[data-test=club-screen]', names: '[data-test=club-screen] [data-test=standing-row] .fit-name' }),
        `${lang}: referee's club screen`,
      ).toEqual([])
      for (const size of PROJECTOR_SIZES) {
        await projector.setViewportSize(size)
        const seen = await projectorStandings(projector, size, `${lang} ${size.width}×${size.height}`)
        expect(seen.toSorted()).toEqual(LONG_NAMES_18.toSorted())
        await shoot(projector, `standings-${size.width}`, lang)
      }
    }

    // The story's last page: every player with their role, on the referee and on the projector.
    await referee.locator('[data-test=club-open]').first().click()
    const next = referee.locator('[data-test=story-next]')
    while (await next.isEnabled()) await next.click()
    await referee.locator('[data-test=story-tell]').click()
    await projector.locator('[data-test=story-board] .story-roles').waitFor()
    for (const lang of LANGUAGE_IDS) {
      await language(lang)
      expect(await unfit(referee, { root: '[data-test=club-screen]', names: '.story-roles .name' }), `${lang}: referee's story`).toEqual([])
      await shoot(referee, 'referee-story', lang)
      for (const size of PROJECTOR_SIZES) {
        await projector.setViewportSize(size)
        expect(await texts(projector, '.story-roles .name')).toHaveLength(18)
        expect(
          await unfit(projector, { root: '[data-test=story-board]', names: '.story-roles .name', vertical: true }),
          `${lang} ${size.width}×${size.height}: the story's end`,
        ).toEqual([])
        await shoot(projector, `story-${size.width}`, lang)
      }
    }
    expect(session.trouble).toEqual([])
  }, 240_000)
})
