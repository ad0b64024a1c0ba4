/**
 * Readable from the back: on a 1920×1080 projector the ruleset label and the older announcements
 * are at least 28 px and reach WCAG AA contrast (4.5:1) against every colour of the board's
 * background gradient, in the night theme and in the day theme; every seat shows its number.
 * Measured from Chromium's computed styles on the built projector page.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, Page } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { NAMES } from './support/scenarios'
import { launchChromium, openGame } from './support/session'

interface Measured {
  what: string
  text: string
  fontPx: number
  /** The lowest contrast of the text colour against the board's background colours. */
  contrast: number
}

/** Font size and worst-case contrast of each element matching `selector` inside the board. */
async function measure(page: Page, selector: string, what: string): Promise<Measured[]> {
  return page.evaluate(
    ({ sel, label }) => {
      const rgb = (s: string): number[][] =>
        [...s.matchAll(/rgba?\(([^)]+)\)/g)].map((m) =>
          m[1]!
            .split(/[ ,/]+/)
            .filter(Boolean)
            .map(Number),
        )
      const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)
      const lum = ([r, g, b]: number[]) => 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!)
      const ratio = (a: number[], b: number[]) => {
        const [x, y] = [lum(a), lum(b)]
        return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
      }
      const board = document.querySelector<HTMLElement>('[data-test=projector-board]')!
      const bs = getComputedStyle(board)
      const backgrounds = [...rgb(bs.backgroundImage), ...rgb(bs.backgroundColor).filter((c) => c[3] !== 0)]
      return [...board.querySelectorAll<HTMLElement>(sel)].map((el) => {
        const cs = getComputedStyle(el)
        const fg = rgb(cs.color)[0]!
        // Any opacity on the way up to the board would lower the contrast: refuse it by counting it in.
        let opacity = 1
        for (let e: HTMLElement | null = el; e && e !== board.parentElement; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity)
        const blended = (bg: number[]) => fg.slice(0, 3).map((c, i) => c * opacity + bg[i]! * (1 - opacity))
        return {
          what: label,
          text: (el.textContent ?? '').trim().slice(0, 50),
          fontPx: parseFloat(cs.fontSize),
          contrast: Math.min(...backgrounds.map((bg) => ratio(blended(bg), bg))),
        }
      })
    },
    { sel: selector, label: what },
  )
}

describe.skipIf(skipReason(browserTestsOff))('the projector from the back of the room', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('at 1920×1080 the ruleset label and older announcements are ≥ 28 px and ≥ 4.5:1; seats show their numbers', async () => {
    const session = await openGame(browser, 'projector-readable')
    onTestFailed(() => console.log(`[projector-readable] server output:\n${session.app.output()}\n${session.trouble.join('\n')}`))
    const { table, projector } = session
    try {
      await projector.setViewportSize({ width: 1920, height: 1080 })
      const names = NAMES.slice(0, 9)
      await table.setup({ preset: 'maffiasig', names, counts: { mafia: 2, investigator: 1, doctor: 0 } })
      const m = table.model
      const mafia = m.roles.flatMap((r, seat) => (r === 'mafia' ? [seat] : []))
      const town = m.roles.flatMap((r, seat) => (r !== 'mafia' ? [seat] : []))

      // Seat numbers follow the seating order, on the projector and in the referee's preview.
      const numbers = (page: Page, root: string) =>
        page.locator(`${root} li.seat`).evaluateAll((lis) => lis.map((li) => li.querySelector('.seat-no')?.textContent?.trim()))
      expect(await numbers(projector, '[data-test=projector-board]')).toEqual(names.map((_, i) => String(i + 1)))
      expect(await numbers(table.page, '.preview [data-test=projector-board]')).toEqual(names.map((_, i) => String(i + 1)))

      await table.endStep()
      // The room's view of a vote: two hands go up; the projector names them, under a count larger than its line.
      await table.accuse(town[0]!)
      const voters = m.vote!.eligible.slice(0, 2).reverse()
      for (const voter of voters) await table.tapYes(voter)
      const hands = projector.locator('[data-test=projector-board] [data-test=vote-hands]')
      await expect
        .poll(() => hands.textContent())
        .toBe(
          voters
            .sort((a, b) => a - b)
            .map((p) => names[p])
            .join(', '),
        )
      const size = (sel: string) => projector.locator(`[data-test=projector-board] ${sel}`).evaluate((e) => parseFloat(getComputedStyle(e).fontSize))
      expect(await projector.locator('[data-test=projector-board] [data-test=vote-count]').textContent()).toMatch(/^\s*2 yes — 5 needed\s*$/)
      const [count, line, named] = [await size('[data-test=vote-count]'), await size('[data-test=vote-progress]'), await size('[data-test=vote-hands]')]
      console.log(
        `[projector-readable] vote at 1920×1080: running count ${count.toFixed(1)} px, its line ${line.toFixed(1)} px, the hands' names ${named.toFixed(1)} px`,
      )
      expect(count).toBeGreaterThan(2 * line)
      expect(named, 'the names of the raised hands, from the back of the room').toBeGreaterThanOrEqual(40)
      // The raised hands are lit on the seat ring, and only those.
      const lit = await projector
        .locator('[data-test=projector-board] li.seat.hand')
        .evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-seat'))))
      expect(lit.sort((a, b) => a - b)).toEqual([...voters].sort((a, b) => a - b))
      // Clock, question, count, line, hands and announcements fit the middle of the table.
      const centre = await projector.locator('[data-test=projector-board] .center').evaluate((e) => ({ content: e.scrollHeight, box: e.clientHeight }))
      expect(centre.content, 'the middle of the board holds the vote').toBeLessThanOrEqual(centre.box + 1)
      await projector.screenshot({ path: '/tmp/i11-vote.png' })
      // Day 1 executes a citizen, night 1 kills another: by day 2 there are older announcements.
      await table.yesNoVote({ yes: 8, typed: true })
      await table.endDefence()
      await table.yesNoVote({ yes: 8, typed: true })
      expect(m.phase).toBe('night')
      const results: Measured[] = []
      const check = async (theme: string) => {
        await projector.locator(`[data-test=projector-board].${theme}`).waitFor()
        const measured = [
          ...(await measure(projector, '.ruleset', `${theme}: ruleset label`)),
          ...(await measure(projector, '.announcements li:not(.latest)', `${theme}: older announcement`)),
        ]
        expect(measured.filter((x) => x.what.endsWith('older announcement')).length, `${theme}: an older announcement is shown`).toBeGreaterThan(0)
        results.push(...measured)
      }
      await check('theme-night')
      await table.night({ shots: mafia.map((s) => [s, town[1]!] as [number, number]), investigate: mafia[0] })
      expect(m.phase).toBe('day')
      await check('theme-day')
      console.log(
        `[projector-readable] at 1920×1080:\n${results.map((r) => `  ${r.what}: ${r.fontPx.toFixed(1)} px, ${r.contrast.toFixed(2)}:1 ("${r.text}")`).join('\n')}`,
      )
      for (const r of results) {
        expect(r.fontPx, `${r.what} "${r.text}" size`).toBeGreaterThanOrEqual(28)
        expect(r.contrast, `${r.what} "${r.text}" contrast`).toBeGreaterThanOrEqual(4.5)
      }
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }, 240_000)
})
