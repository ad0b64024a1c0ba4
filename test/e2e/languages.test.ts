/**
 * The windows in every language, through the browser mode: a MaffiaSIG game is set up and played
 * into its first day, then the referee picks each language in turn. Both pages switch (the
 * projector follows the referee), at 1280×720 and 1920×1080 each is screenshotted into
 * test-results/e2e/, no page shows a raw message key, and no projector text overflows its box.
 * The switches change no game state: same journal length, same views apart from the language.
 * Then the room's language apart from the referee's (a Swedish room, an English referee). Last,
 * the rules on the projector: every page of every preset and of a club's own copy fits the screen in
 * every language, big enough to read from the back.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { RefereeAppView } from '../../src/shared/api'
import { LANGUAGE_IDS } from '../../src/shared/languages'
import { lookup } from '../../src/shared/messages'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { NAMES } from './support/scenarios'
import { launchChromium, openGame, type GameSession } from './support/session'
import { PRESETS } from '../../src/engine/rulesets'
import { PRESET_IDS, type Ruleset } from '../../src/shared/ruleset'
import { CLUB, measureRules } from './support/rules-fit'
import { SCREENSHOTS } from './support/table'
import { afterLayout } from './support/boxes'

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const

/** A message key as it would show if a translation were missing: `script.night.begin`, `[night.begin]`. */
const RAW_KEY =
  /\b(?:app|common|phase|stage|winner|stepChoice|clock|setup|reveal|roleFields|game|night|day|vote|options|projector|announce|script|roles|presets|teams|errors|step|over|blind)\.[a-zA-Z][\w-]*(?:\.[\w-]+)*\b/

/** The game as the host holds it, without what a language switch may change (the languages, the send time). */
function gameState(v: RefereeAppView): unknown {
  const { sentAt: _s, language: _l, projectorLanguage: _p, ...rest } = v
  return rest
}

/** Wait until the page shows `lang` (vue-i18n sets <html lang> once the language's chunks are in). */
async function waitForLang(page: Page, lang: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `page language ${lang}` }).toBe(lang)
}

/** Text boxes of the projector board whose content is wider or taller than the box. */
async function overflowing(projector: Page): Promise<string[]> {
  return projector.locator('[data-test=projector-board]').evaluate((board) => {
    const out: string[] = []
    const boardBox = board.getBoundingClientRect()
    for (const el of board.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      if (!ownText) continue
      const style = getComputedStyle(el)
      if (style.display === 'inline') continue
      const wide = el.scrollWidth > el.clientWidth + 1
      const tall = style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1
      const box = el.getBoundingClientRect()
      const outside = box.right > boardBox.right + 1 || box.bottom > boardBox.bottom + 1 || box.left < boardBox.left - 1
      if (wide || tall || outside)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className}: "${(el.textContent ?? '').trim().slice(0, 60)}" scroll ${el.scrollWidth}×${el.scrollHeight} client ${el.clientWidth}×${el.clientHeight}`,
        )
    }
    const center = board.querySelector<HTMLElement>('.center')
    if (center && center.scrollHeight > center.clientHeight + 1) out.push(`.center: scroll height ${center.scrollHeight} > client ${center.clientHeight}`)
    return out
  })
}

describe.skipIf(skipReason(browserTestsOff))('the windows in every language', () => {
  let browser: Browser
  let session: GameSession

  beforeAll(async () => {
    browser = await launchChromium()
    session = await openGame(browser, 'languages')
  })
  afterAll(async () => {
    await session?.close()
    await browser?.close()
  })

  it('switches both windows to each language mid-game, with no raw key, no overflow, and the game unchanged', async () => {
    onTestFailed(() => console.log(`[languages] page trouble:\n${session.trouble.join('\n')}`))
    await session.table.setup({ preset: 'maffiasig', names: NAMES.slice(0, 9), counts: { mafia: 2, investigator: 1, doctor: 0 } })
    await session.table.night() // night 0 → day 1, with a public announcement on the board
    const citizens = session.table.model.roles.flatMap((r, seat) => (r === 'citizen' ? [seat] : []))
    await session.table.accuse(citizens[0]!) // a vote is open: the projector shows its box too
    const { referee, projector } = session
    const driver = session.table.referee
    const before = await driver.view()
    mkdirSync(SCREENSHOTS, { recursive: true })

    for (const lang of LANGUAGE_IDS) {
      await referee.locator('[data-test=language]').selectOption(lang)
      await waitForLang(referee, lang)
      await waitForLang(projector, lang)
      await expect.poll(async () => (await driver.view()).language).toBe(lang)

      // The words are the language's own: the projector's heading and the referee's script.
      const heading = lookup(lang, 'phase.day')!.replace('{n}', '1')
      await expect.poll(() => projector.locator('[data-test=projector-board] .title').textContent()).toContain(heading)
      await expect.poll(() => referee.locator('[data-test=phase-title]').textContent()).toContain(heading)

      for (const size of SIZES) {
        await projector.setViewportSize(size)
        await referee.setViewportSize(size)
        await afterLayout(projector)
        const tag = `languages-${lang}-${size.width}x${size.height}`
        await projector.screenshot({ path: join(SCREENSHOTS, `${tag}-projector.png`) })
        await referee.screenshot({ path: join(SCREENSHOTS, `${tag}-referee.png`), fullPage: true })
        for (const [label, page] of [
          ['referee', referee],
          ['projector', projector],
        ] as const) {
          const text = await page.locator('body').innerText()
          expect(RAW_KEY.exec(text)?.[0], `${lang} ${label} shows a raw key`).toBeUndefined()
        }
        expect(await overflowing(projector), `${lang} at ${size.width}×${size.height}: projector text overflows`).toEqual([])
      }
      const now = await driver.view()
      expect(now.game?.undoable, `${lang}: the journal`).toBe(before.game?.undoable)
      expect(gameState(now), `${lang}: the game`).toEqual(gameState(before))
    }
    await referee.locator('[data-test=language]').selectOption('en')
    await waitForLang(projector, 'en')
  })

  it('shows the room its own language apart from the referee’s: a Swedish room, an English referee', async () => {
    const { referee, projector } = session
    await referee.locator('[data-test=language]').selectOption('en')
    await referee.locator('[data-test=projector-language]').selectOption('sv')
    await waitForLang(projector, 'sv')
    await waitForLang(referee, 'en')
    expect(await projector.locator('[data-test=projector-board] .title').textContent()).toContain('Dag 1')
    expect(await referee.locator('[data-test=phase-title]').textContent()).toContain('Day 1')
    // After a reload the choice is still there: it is kept in the settings.
    await projector.reload()
    await waitForLang(projector, 'sv')
    await referee.locator('[data-test=projector-language]').selectOption('')
    await waitForLang(projector, 'en')
  })
  it('the rules on the projector: every page of every preset and of a club copy fits the screen in every language, big enough to read', async () => {
    onTestFailed(() => console.log(`[languages] rules: ${session.trouble.join('\n')}`))
    const { referee, projector } = session
    const shots = process.env['NIGHTFALL_RULES_SHOTS'] ? join(SCREENSHOTS, 'rules') : null
    if (shots) mkdirSync(shots, { recursive: true })
    const problems: string[] = []
    const rulesets: Ruleset[] = [...PRESET_IDS.map((id) => PRESETS[id]), CLUB]
    // 720p in every language; 1080p (the same shape, every size in vh) in Hungarian.
    const runs = [...LANGUAGE_IDS.map((lang) => ({ lang, size: SIZES[0] })), { lang: 'hu', size: SIZES[1] }]
    for (const { lang, size } of runs) {
      expect(await referee.evaluate((l) => window.referee.setLanguage(l, null), lang)).toMatchObject({ ok: true })
      await projector.setViewportSize(size)
      for (const r of rulesets)
        for (let index = 0; index < 4; index += 1) {
          expect(await referee.evaluate((c) => window.referee.showOnProjector(c), { kind: 'rules' as const, ruleset: r, index })).toMatchObject({ ok: true })
          const fit = await measureRules(projector, lang, `${index + 1} / 4`)
          const where = `${r.id} ${lang} ${size.height}p page ${index + 1}`
          if (fit.overflow || fit.outside > 0) problems.push(`${where}: overflows (${fit.outside} lines off screen)`)
          // From the back of the room: lines at least 2.5 % of the screen's height.
          if (fit.smallestPx < size.height * 0.025) problems.push(`${where}: lines of ${fit.smallestPx} px`)
          if (shots) await projector.screenshot({ path: join(shots, `${r.id}-${lang}-${size.height}-${index + 1}.png`) })
        }
    }
    expect(problems).toEqual([])
    expect(await referee.evaluate(() => window.referee.showOnProjector({ kind: 'game' }))).toMatchObject({ ok: true })
    await projector.locator('[data-test=projector-board]').waitFor()
    expect(session.trouble).toEqual([])
  }, 120_000)
})
