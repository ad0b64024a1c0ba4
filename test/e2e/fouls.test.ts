/**
 * Fouls end to end, in every language, through the browser mode (`start:web`, the built pages):
 * a MaffiaSIG game with `foulsToRemove: 2` (a club's own option; off in the presets). The referee
 * gives a player a foul by the day panel's own button; the projector shows the seat's mark and its
 * words; the second foul removes the player, announced on the projector in the language; the
 * story on the projector tells the foul and the removal; the game file holds the `foul` commands,
 * and the CLI replays it (the removal announced) and tells its story (the foul, the removal).
 * Every word checked is the locale file's own (no raw key, not English in another language).
 * Screenshots of the projector at the first foul and at the removal: test-results/e2e/fouls-*.png.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { RefereeAppView } from '../../src/shared/api'
import { LANGUAGE_IDS, type Language } from '../../src/shared/languages'
import { translate } from '../../src/shared/messages'
import type { Ruleset } from '../../src/shared/ruleset'
import { nextCall } from '../support/host'
import { REPO_ROOT } from '../support/paths'
import { skipReason } from '../support/skip'
import { browserTestsOff } from './support/chromium'
import { launchChromium, openPages, type Pages } from './support/session'
import { refereeApi, startWebApp, type WebApp } from './support/web-app'
import { afterLayout } from './support/boxes'
import { SCREENSHOTS } from './support/table'

const PLAYERS = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre']
const FOULS = 2

describe.skipIf(skipReason(browserTestsOff))('fouls, end to end in every language', () => {
  let browser: Browser
  let app: WebApp
  let pages: Pages

  let api: ReturnType<typeof refereeApi>
  const view = async () => (await api('ready')).value as RefereeAppView
  const waitForLang = (page: Page, lang: string) => expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang)

  beforeAll(async () => {
    browser = await launchChromium()
    app = await startWebApp()
    api = refereeApi(app)
    mkdirSync(SCREENSHOTS, { recursive: true })
    pages = await openPages(browser, app)
  })
  afterAll(async () => {
    await pages?.context.close()
    await app?.stop()
    await browser?.close()
  })

  for (const lang of LANGUAGE_IDS as readonly Language[])
    it(`${lang}: the foul button, the seat's marks, the removal announced, the story, the game file and the CLI`, { timeout: 90_000 }, async () => {
      const { referee, projector, trouble } = pages
      onTestFailed(() => console.log(`[fouls] ${trouble.join('\n')}\n${app.output()}`))
      if ((await view()).game) await api('closeGame') // the last language's game, over
      expect(await api('setLanguage', lang, null)).toMatchObject({ ok: true })
      await waitForLang(referee, lang)
      await waitForLang(projector, lang)
      const preset = (await view()).presets.find((r) => r.id === 'maffiasig') as Ruleset
      const ruleset = { ...preset, options: { ...preset.options, foulsToRemove: FOULS, firstPhase: 'day' as const } }
      const counts = { mafia: 2, investigator: 1, doctor: 0, citizen: PLAYERS.length - 3 }
      expect(await api('startGame', { ruleset, players: PLAYERS, counts, dealMode: 'digital' })).toMatchObject({ ok: true })
      // The private reveal, as the referee walks it.
      await referee.locator('[data-test=role-reveal], [data-test=day-panel]').first().waitFor()
      for (let i = 0; i < 40 && (await referee.locator('[data-test=role-reveal]').count()) > 0; i++) {
        if (await referee.locator('[data-test=reveal-finish]').count()) await referee.locator('[data-test=reveal-finish]').click()
        else {
          await referee.locator('[data-test=reveal-show]').click()
          await referee.locator('[data-test=reveal-hide]').click()
        }
      }
      await referee.locator('[data-test=day-panel]').waitFor()

      // A citizen gets the fouls (the game goes on after the removal).
      const roles = (await view()).game!.seats.map((s) => s.role)
      const player = roles.lastIndexOf('citizen')
      const name = PLAYERS[player]!
      const section = referee.locator('[data-test=seat-action-foul]')
      await expect.poll(() => section.locator('h2').textContent()).toBe(translate(lang, 'day.foul'))
      const seatOnProjector = projector.locator(`[data-test=projector-board] [data-seat="${player}"]`)
      for (let n = 1; n <= FOULS; n++) {
        await section.locator(`button[data-seat="${player}"]`).click()
        await expect.poll(async () => (await view()).game!.projector.seats[player]!.fouls).toBe(n)
        if (n < FOULS) {
          const mark = seatOnProjector.locator('[data-test=seat-fouls]')
          await afterLayout(projector)
          await projector.screenshot({ path: join(SCREENSHOTS, `fouls-${lang}-projector-first.png`) })
          await expect.poll(() => mark.textContent()).toBe('●'.repeat(n) + '○'.repeat(FOULS - n))
          expect(await mark.getAttribute('aria-label')).toBe(translate(lang, 'fouls.marks', { n, max: FOULS }))
        }
      }
      // The last foul removes the player: a death by day, announced in the language.
      await expect.poll(async () => (await view()).game!.seats[player]!.alive).toBe(false)
      const removed = translate(lang, 'fouls.removed', { name, n: FOULS }, FOULS)
      if (lang !== 'en') expect(removed, 'the words are the language’s own').not.toBe(translate('en', 'fouls.removed', { name, n: FOULS }, FOULS))
      await expect
        .poll(() => projector.locator('[data-test=board-announcement]').allTextContents(), { message: `${lang}: the removal on the projector` })
        .toContainEqual(expect.stringContaining(removed))
      await projector.screenshot({ path: join(SCREENSHOTS, `fouls-${lang}-projector-removed.png`) })

      // To the end of the game, then the story on the projector: the foul and the removal told.
      for (let i = 0; i < 500; i++) {
        const next = nextCall(await view())
        if (!next) break
        const [method, args] = next
        const r = await api(method, ...args)
        if (!r.ok) throw new Error(`${method} ${JSON.stringify(args)}: ${r.error?.message}`)
      }
      expect((await view()).game!.winner).not.toBeNull()
      await referee.locator('[data-test=open-story]').click()
      await referee.locator('[data-test=story-tell]').click()
      const story = projector.locator('[data-test=story-board]')
      await story.waitFor()
      const told = translate(lang, 'fouls.foul', { name, n: 1 }, 1)
      const step = story.locator('.story-step')
      for (let page = 0; page < 12 && !(await story.innerText()).includes(told); page++) {
        const was = await step.textContent()
        await referee.locator('[data-test=story-next]').click()
        await expect.poll(() => step.textContent()).not.toBe(was)
      }
      const text = await story.innerText()
      expect(text, `${lang}: the story tells the first foul`).toContain(told)
      expect(text, `${lang}: and the removal`).toContain(removed)
      expect(text).not.toMatch(/\bfouls\.\w+/)

      // The game file holds the fouls as commands; the CLI replays it and tells its story in the language.
      const file = (await api('exportGame')).value
      expect(JSON.stringify(file)).toContain('"type":"foul"')
      const path = join(app.dataDir, `fouls-${lang}.json`)
      writeFileSync(path, JSON.stringify(file))
      const cli = (...args: string[]) =>
        execFileSync(process.execPath, ['--import', 'tsx', join('src', 'cli', 'index.ts'), 'replay', path, '--lang', lang, ...args], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          timeout: 30_000,
        })
      expect(cli('--view', 'projector'), `${lang}: the CLI's replay announces the removal`).toContain(removed)
      const told2 = cli('--story')
      expect(told2, `${lang}: the CLI's story tells the foul`).toContain(told)
      expect(told2).toContain(removed)
      expect(trouble).toEqual([])
    })
})
