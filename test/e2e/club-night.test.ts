/**
 * Tier 4, the club night: two games played in browser mode, both in the saved games, the story of
 * the first told on the projector page by page, tonight's standings on the projector with the right
 * wins, the history exported as CSV, and an example game file imported.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser } from 'playwright'
import type { ClubView } from '../../src/shared/club'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { NAMES, playEstonian, playSwedish } from './support/scenarios'
import { launchChromium, openGame } from './support/session'

const EXAMPLE = join(import.meta.dirname, '../../examples/maffiasig-12.json')

describe.skipIf(skipReason(browserTestsOff))('a club night through the pages', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('two games, the saved games, the story on the projector, the standings, CSV and an import', async () => {
    const session = await openGame(browser, 'club')
    onTestFailed(() => console.log(`[club] server output:\n${session.app.output()}\n[club] page trouble:\n${session.trouble.join('\n')}`))
    const { referee, projector, table } = session
    try {
      // Two games: the Swedish one ends in a draw, the Estonian one with the town's win.
      await playSwedish(table)
      const swedishRoles = [...table.model.roles]
      await referee.click('[data-test=close-over]')
      await referee.locator('.setup').waitFor()
      // The next table starts from an empty roster (the referee's setup adds each name again).
      while ((await referee.locator('[data-test=roster-row]').count()) > 0) {
        const rows = await referee.locator('[data-test=roster-row]').count()
        await referee.locator('[data-test=roster-row] [data-test=remove]').first().click()
        await expect.poll(() => referee.locator('[data-test=roster-row]').count()).toBe(rows - 1)
      }
      await playEstonian(table)
      const estonianWinner = table.model.winner
      const estonianRoles = [...table.model.roles]
      await referee.click('[data-test=close-over]')

      // The saved games, newest first.
      await referee.click('[data-test=open-club]')
      await referee.locator('[data-test=club-screen]').waitFor()
      await expect.poll(() => referee.locator('[data-test=club-game]').count()).toBe(2)
      const club = (await referee.evaluate(() => window.referee.clubView())) as { ok: true; value: ClubView }
      expect(club.value.games.map((g) => g.rulesetName)).toEqual(['Estonian', 'Swedish'])
      expect(club.value.games.map((g) => g.winner)).toEqual([estonianWinner, 'draw'])

      // Tonight's standings: per player, wins as the roles and winners say.
      const expectedWins = new Map<string, number>()
      const count = (names: string[], roles: string[], winner: string | null) =>
        names.forEach((n, seat) =>
          expectedWins.set(n, (expectedWins.get(n) ?? 0) + (winner !== 'draw' && (roles[seat] === 'mafia' ? 'mafia' : 'town') === winner ? 1 : 0)),
        )
      count(NAMES.slice(0, 9), swedishRoles, 'draw')
      count(NAMES.slice(0, 8), estonianRoles, estonianWinner)
      expect(club.value.tonight.games).toBe(2)
      for (const p of club.value.tonight.players) expect(p.wins, p.name).toBe(expectedWins.get(p.name))
      await referee.click('[data-test=club-show-standings]')
      await projector.locator('[data-test=standings]').waitFor()
      const rows = await projector.locator('[data-test=standing-row]').count()
      expect(rows).toBe(expectedWins.size)
      await projector.screenshot({ path: 'test-results/e2e/club-standings-projector.png' })

      // The story of the first game (the Swedish one), told on the projector page by page.
      await referee.locator('[data-test=club-open]').nth(1).click()
      await referee.locator('[data-test=story-nav]').waitFor()
      await referee.click('[data-test=story-tell]')
      await projector.locator('[data-test=story-board]').waitFor()
      expect(await projector.locator('.story-title').textContent()).toBe('Night 1')
      const firstNight = (await projector.locator('[data-test=story-board]').textContent()) ?? ''
      expect(firstNight).toContain('The mafia chose')
      await referee.click('[data-test=story-next]')
      await expect.poll(() => projector.locator('.story-title').textContent()).toBe('Day 1')
      await projector.screenshot({ path: 'test-results/e2e/club-story-projector.png' })
      // Back on the referee's list: the projector keeps the story until the referee stops telling.
      await referee.click('[data-test=story-tell]')
      await projector.locator('[data-test=story-board]').waitFor({ state: 'detached' })

      // The whole history as CSV: one row per player per game.
      await referee.click('[data-test=club-back]')
      const [download] = await Promise.all([referee.waitForEvent('download'), referee.click('[data-test=club-csv-history]')])
      const csv = readFileSync((await download.path())!, 'utf8')
      expect(csv.trim().split('\r\n')).toHaveLength(1 + 9 + 8)

      // Import an example game file: listed with the others, tagged as imported, dated 2025 (not tonight).
      const tonightBefore = await referee.locator('[data-test=standing-row]').count()
      await referee.setInputFiles('[data-test=club-import-input]', EXAMPLE)
      // The first import starts the import worker (from source: tsx compiles the engine, 2–4 s under load).
      await expect.poll(() => referee.locator('[data-test=club-game]').count(), { timeout: 20_000 }).toBe(3)
      expect(await referee.locator('[data-test=club-game-imported]').count()).toBe(1)
      expect(await referee.locator('[data-test=standing-row]').count()).toBe(tonightBefore)
      // The same file again: the referee is asked before it replaces the saved one; declined, nothing changes.
      await referee.setInputFiles('[data-test=club-import-input]', EXAMPLE)
      await referee.click('[data-test=dialog-cancel]')
      expect(await referee.locator('[data-test=club-game]').count()).toBe(3)
      // The season counts the imported game too.
      await referee.click('[data-test=club-period-season]')
      await referee.locator('[data-test=club-season-start]').waitFor()
      await expect.poll(() => referee.locator('[data-test=standing-row]').count()).toBeGreaterThan(tonightBefore)
      await referee.click('[data-test=club-period-tonight]')
      // A file that is not a game file is refused with a message, and nothing is added.
      await referee.setInputFiles('[data-test=club-import-input]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') })
      await referee.locator('[data-test=error-banner]').waitFor()
      expect(await referee.locator('[data-test=club-game]').count()).toBe(3)
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }, 240_000)
})
