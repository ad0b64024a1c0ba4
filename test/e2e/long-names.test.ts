/**
 * A 60-character hyphenated name on both windows: every name stays inside its box (seat buttons,
 * the player list, the undo label, the game-over grid, the projector's seats), and the undo label
 * is cut with an ellipsis.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, Page } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { NAMES } from './support/scenarios'
import { launchChromium, openGame } from './support/session'

const LONG = 'Wolfeschlegelsteinhausenbergerdorff-Anna-Maria-Kovács-Szabói'

/**
 * Every element matching `selector` holds all its descendants inside its own box (1 px slack), and
 * its text does not overflow it. Returns what does not fit, in words.
 */
async function overflowing(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = []
    for (const box of document.querySelectorAll<HTMLElement>(sel)) {
      const r = box.getBoundingClientRect()
      if (box.scrollWidth > box.clientWidth + 1)
        out.push(`${sel}: text wider than its box (${box.scrollWidth} > ${box.clientWidth}): ${box.textContent?.trim().slice(0, 40)}`)
      for (const child of box.querySelectorAll<HTMLElement>('*')) {
        const c = child.getBoundingClientRect()
        if (c.width === 0 && c.height === 0) continue
        if (c.left < r.left - 1 || c.right > r.right + 1 || c.top < r.top - 1 || c.bottom > r.bottom + 1)
          out.push(`${sel}: <${child.tagName.toLowerCase()} class="${child.className}"> sticks out of its box: "${child.textContent?.trim().slice(0, 40)}"`)
      }
    }
    return out
  }, selector)
}

describe.skipIf(skipReason(browserTestsOff))('long names', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it(`a ${LONG.length}-character name fits its boxes on both windows, to the game's end`, async () => {
    expect(LONG).toHaveLength(60)
    const session = await openGame(browser, 'long-names')
    onTestFailed(() => console.log(`[long-names] server output:\n${session.app.output()}\n[long-names] page trouble:\n${session.trouble.join('\n')}`))
    const { table, referee: page, projector } = session
    try {
      await page.setViewportSize({ width: 1366, height: 768 })
      const names = [...NAMES.slice(0, 8), LONG]
      const long = names.indexOf(LONG)
      await table.setup({ preset: 'maffiasig', names, counts: { mafia: 2, investigator: 1, doctor: 0 } })
      let m = table.model
      // Accuse a mafioso other than the long-named player first, so that they vote.
      const mafia = m.roles.flatMap((r, seat) => (r === 'mafia' ? [seat] : [])).sort((a, b) => (a === long ? 1 : b === long ? -1 : 0))
      const town = m.roles.flatMap((r, seat) => (r !== 'mafia' && seat !== long ? [seat] : []))

      await table.endStep()
      // Day 1: the long-named player raises a hand: the undo label names them, cut with an ellipsis.
      await table.accuse(mafia[0]!)
      expect(m.vote!.eligible).toContain(long)
      {
        await table.tapYes(long)
        const label = page.locator('[data-test=undo-label]')
        expect(await label.textContent()).toContain(LONG)
        expect(await label.evaluate((e) => getComputedStyle(e).textOverflow)).toBe('ellipsis')
        expect(await label.evaluate((e) => e.scrollWidth > e.clientWidth), 'the label is cut (the name is longer than the bar)').toBe(true)
        expect(await overflowing(page, '[data-test=undo]')).toEqual([])
        await table.undo()
        m = table.model // undo puts back the model as it was before the step
      }
      await table.yesNoVote({ yes: 8, typed: true })
      await table.endDefence()
      await table.yesNoVote({ yes: 8, typed: true })
      expect(m.phase).toBe('night')

      // Night 1: the seat buttons and the player list.
      expect(await overflowing(page, '[data-test=shots] button[data-seat]')).toEqual([])
      expect(await overflowing(page, 'section[aria-labelledby=seats-title] li[data-seat]')).toEqual([])
      expect(await overflowing(projector, '[data-test=projector-board] li[data-seat]')).toEqual([])
      await table.night({ shots: [[mafia[1]!, town[0]!]], investigate: mafia[1] })

      // Day 2: the last mafioso is executed; the town wins.
      await table.accusation(mafia[1]!, { guilty: { yes: 6, typed: true }, execute: { yes: 6, typed: true } })
      expect(m.phase).toBe('over')
      await page.locator('[data-test=game-over]').waitFor()
      expect(await overflowing(page, '[data-test=game-over] .reveal li')).toEqual([])
      expect(await overflowing(page, '[data-test=game-over]')).toEqual([])
      expect(await overflowing(projector, '[data-test=projector-board] li[data-seat]')).toEqual([])
      expect(await page.locator(`[data-test=game-over] li[data-seat="${long}"] .name`).getAttribute('title')).toBe(LONG)
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }, 240_000)
})
