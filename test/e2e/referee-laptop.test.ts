/**
 * A newcomer's MaffiaSIG night on a laptop screen (1366×768) with 18 players: the current call's
 * main action and the undo stay inside the window at every step; one mafioso never points, the
 * inspector does not ask, and a forgetful player sees only their own card again.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, Locator, Page } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { launchChromium, openGame } from './support/session'
import { t } from './support/words'
import { LONG_NAMES_18 } from './support/finished-night'
import { afterLayout } from './support/boxes'

const LAPTOP = { width: 1366, height: 768 }
const SHOTS = process.env.NIGHTFALL_LAPTOP_SHOTS
const NAMES18 = [
  'Anna',
  'Bence',
  'Csaba',
  'Dóra',
  'Endre',
  'Flóra',
  'Gábor',
  'Hédi',
  'Ilona',
  'János',
  'Kata',
  'László',
  'Márta',
  'Nándor',
  'Olga',
  'Péter',
  'Réka',
  'Sándor',
]

/** The element's box lies wholly inside the window. */
async function inView(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  expect(box, `${what}: not rendered`).not.toBeNull()
  const b = box!
  const where = `${what}: box ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)} in ${LAPTOP.width}×${LAPTOP.height}`
  expect(b.y, where).toBeGreaterThanOrEqual(0)
  expect(b.y + b.height, where).toBeLessThanOrEqual(LAPTOP.height)
  expect(b.x, where).toBeGreaterThanOrEqual(0)
  expect(b.x + b.width, where).toBeLessThanOrEqual(LAPTOP.width)
  // Nothing sits on top of it: the element itself is what a click at its centre hits.
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('data-test') ?? null,
    [b.x + b.width / 2, b.y + b.height / 2],
  )
  expect(hit, `${what}: covered by something else`).toBe(await locator.getAttribute('data-test'))
}

/**
 * A seat or ballot button is clear: inside the window, below the sticky header, and what a click at
 * its centre and just above its bottom edge hits (not the sticky action bar). With `reach`, it is
 * first scrolled to as keyboard focus would (scrollIntoView, nearest): the page's scroll padding
 * must keep it clear of both sticky bars.
 */
async function clear(page: Page, button: Locator, what: string, reach = false): Promise<void> {
  if (reach) await button.evaluate((el) => el.scrollIntoView({ block: 'nearest' }))
  const r = await button.evaluate((el) => {
    const b = el.getBoundingClientRect()
    const header = document.querySelector('.game-screen > .bar')!.getBoundingClientRect()
    const hits = [b.top + b.height / 2, b.bottom - 3].map((y) => {
      const hit = document.elementFromPoint(b.left + b.width / 2, y)
      return hit === el || el.contains(hit) ? 'self' : (hit?.closest('.action-bar, .bar, button')?.className ?? String(hit?.tagName))
    })
    return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, headerBottom: header.bottom, hits, scrollY: window.scrollY }
  })
  const where = `${what}: ${JSON.stringify(r)} in ${LAPTOP.width}×${LAPTOP.height}`
  expect(r.top, where).toBeGreaterThanOrEqual(r.headerBottom)
  expect(r.bottom, where).toBeLessThanOrEqual(LAPTOP.height)
  expect(r.left, where).toBeGreaterThanOrEqual(0)
  expect(r.right, where).toBeLessThanOrEqual(LAPTOP.width)
  expect(r.hits, where).toEqual(['self', 'self'])
}

/** The first and the last button of a group of seat (or ballot) buttons are clear. */
async function ends(page: Page, group: Locator, what: string, reach = false): Promise<void> {
  await clear(page, group.locator('button').first(), `${what}, first button`, reach)
  await clear(page, group.locator('button').last(), `${what}, last button`, reach)
}

/**
 * The projector's table at `size`: no two seat boxes overlap, each lies inside the window, and no
 * seat's name is cut (its text fits its lines). Answers what is wrong, in words.
 */
async function seatRingTrouble(projector: Page, size: { width: number; height: number }): Promise<string[]> {
  await projector.setViewportSize(size)
  await afterLayout(projector)
  if (SHOTS) await projector.screenshot({ path: `${SHOTS}/projector-${size.width}.png` })
  return projector.evaluate(({ width, height }) => {
    const out: string[] = []
    const seats = [...document.querySelectorAll<HTMLElement>('[data-test=projector-board] .seat-ring .seat')]
    const boxes = seats.map((s) => s.getBoundingClientRect())
    const label = (i: number) => `seat ${i + 1} "${seats[i]!.querySelector('.name')?.textContent?.trim()}"`
    boxes.forEach((a, i) => {
      if (a.left < 0 || a.top < 0 || a.right > width || a.bottom > height) out.push(`${label(i)} is outside the ${width}×${height} window`)
      const name = seats[i]!.querySelector<HTMLElement>('.name')!
      if (name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1) out.push(`${label(i)}: the name is cut`)
      boxes.forEach((b, j) => {
        if (j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(`${label(i)} overlaps ${label(j)}`)
      })
    })
    if (seats.length === 0) out.push('no seats on the projector')
    return out
  }, size)
}

describe.skipIf(skipReason(browserTestsOff))('the referee on a 1366×768 laptop', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('18 players: End this call and Undo stay in view; a mafioso who never points, an inspector who skips, one forgotten card', async () => {
    const session = await openGame(browser, 'laptop')
    onTestFailed(() => console.log(`[laptop] server output:\n${session.app.output()}\n[laptop] page trouble:\n${session.trouble.join('\n')}`))
    const { table, referee: page } = session
    try {
      await page.setViewportSize(LAPTOP)
      await table.setup({ preset: 'maffiasig', names: NAMES18, counts: { mafia: 4, investigator: 1, doctor: 0 } })
      const m = table.model
      const seats = (role: string) => m.roles.flatMap((r, seat) => (r === role ? [seat] : []))
      const mafia = seats('mafia')
      const citizens = seats('citizen')
      const endStep = page.locator('[data-test=end-step]')
      const undo = page.locator('[data-test=undo]')
      const headerHeight = () => page.locator('.game-screen > .bar').evaluate((el) => Math.round(el.getBoundingClientRect().height))
      const oneRow = await headerHeight()
      const check = async (where: string) => {
        await inView(page, endStep, `${where}: End this call`)
        await inView(page, undo, `${where}: Undo`)
        // The header never jumps: whatever the undo label says, it keeps its one-row height.
        expect(await headerHeight(), `${where}: the header's height (undo: ${await undo.textContent()})`).toBe(oneRow)
      }

      await check('night 0')
      await table.endStep()
      await table.accusation(citizens[0]!, { guilty: { yes: 17, typed: true }, execute: { yes: 17, typed: true } })
      expect(m.phase).toBe('night')

      // Night 1, the mafia's call: three shoot the same citizen, the fourth never points.
      await check('night 1, before any shot')
      // The call's first seat buttons are in view without scrolling; every shooter's row can be
      // reached without the sticky bar covering it.
      await page.evaluate(() => window.scrollTo(0, 0))
      await ends(page, page.locator('[data-test=night-panel] .seat-picker').first(), 'night 1, the first seat picker')
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/night1.png` })
      for (const shooter of mafia) {
        await ends(page, page.locator(`[data-test=shots] .shooter[data-shooter="${shooter}"] .seat-picker`), `night 1, ${m.name(shooter)}'s row`, true)
      }
      const target = citizens[1]!
      const [quiet, ...shooters] = mafia
      for (const shooter of shooters) {
        await table.shoot(shooter, target)
        await check(`night 1, after ${m.name(shooter)}'s shot`)
      }
      // The call cannot end yet, and the page says why (the button alone would not).
      expect(await endStep.isDisabled()).toBe(true)
      expect(await table.referee.text('[data-test=end-step-why]')).toContain(m.name(quiet!))
      // N anyway: the banner says so in the window's language (the refusal's code), and why (its reason, naming the shooter).
      await page.keyboard.press('n')
      await expect.poll(() => table.referee.errorText()).toContain(t('errors.step-incomplete'))
      expect(await table.referee.errorText()).toContain(m.name(quiet!))
      await page.locator('[data-test=error-banner] button').first().click()
      await table.noShot(quiet!)
      await check('night 1, after "did not shoot"')
      expect(await endStep.isEnabled()).toBe(true)
      await table.endStep()

      // The inspector's call: they do not ask.
      await check('night 1, the inspector')
      expect(await table.referee.text('[data-test=end-step-why]')).toContain(m.ruleset.names.en.roleNames.investigator)
      await table.noInvestigation()
      await table.endStep()
      expect(m.phase).toBe('day')
      expect(m.alive[target]).toBe(false) // 3 of 4 living mafia: a strict majority

      // A forgetful player sees their card again, and nobody else's.
      const forgetful = citizens[5]!
      await page.locator('[data-test=more-tools-toggle]').click()
      await page.locator('[data-test=reveal-one]').click()
      await page.locator('[data-test=reveal-one-seat]').selectOption(String(forgetful))
      await page.locator('[data-test=reveal-one-go]').click()
      await expect.poll(() => page.locator('[role=alertdialog]').textContent()).toContain(m.name(forgetful))
      await page.locator('[data-test=dialog-confirm]').click()
      expect(await table.referee.text('[data-test=pass-to]')).toBe(t('reveal.passTo', { name: m.name(forgetful) }))
      await page.locator('[data-test=reveal-show]').click()
      expect(await table.referee.text('[data-test=revealed-role]')).toBe(m.ruleset.names.en.roleNames[m.roles[forgetful]!])
      await page.locator('[data-test=reveal-hide]').click()
      expect(await page.locator('[data-test=pass-to]').count(), 'nobody after them is offered').toBe(0)
      await page.locator('[data-test=reveal-finish]').click()
      await page.locator('.game-screen').waitFor()
      await table.verify('after showing one card')
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }, 240_000)

  it('Estonian, 18 players of 24 characters: the mafia seat buttons in view at night; every ballot row clear of the sticky bar; the projector’s seats apart and whole', async () => {
    const session = await openGame(browser, 'laptop-et')
    onTestFailed(() => console.log(`[laptop-et] server output:\n${session.app.output()}\n[laptop-et] page trouble:\n${session.trouble.join('\n')}`))
    const { table, referee: page, projector } = session
    try {
      await page.setViewportSize(LAPTOP)
      await table.setup({ preset: 'estonian', names: LONG_NAMES_18, counts: { mafia: 3, investigator: 1, doctor: 1 } })
      for (const size of [
        { width: 1920, height: 1080 },
        { width: 1280, height: 720 },
      ])
        expect(await seatRingTrouble(projector, size), `the projector's table at ${size.width}×${size.height}`).toEqual([])
      const m = table.model
      const seats = (role: string) => m.roles.flatMap((r, seat) => (r === role ? [seat] : []))
      const [m1] = seats('mafia')
      const citizens = seats('citizen')
      expect(m.phase).toBe('night')
      await page.evaluate(() => window.scrollTo(0, 0))
      await ends(page, page.locator('[data-test=group-target] .seat-picker'), 'Estonian night 1, the mafia')
      await table.chooseTarget(citizens[0]!)
      await table.night({ investigate: m1, heal: citizens[0] })

      await table.nominate(m1!)
      await table.nominate(citizens[1]!)
      await table.closeNominations()
      await table.endDefence()
      await table.endDefence()
      const rows = page.locator('[data-test=vote-panel] .ballot')
      expect(await rows.count()).toBe(m.vote!.eligible.length)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/ballot.png` })
      await ends(page, rows.first(), 'the first ballot row', true)
      await ends(page, rows.last(), 'the last ballot row', true)
      for (let i = 0; i < (await rows.count()); i++) await clear(page, rows.nth(i).locator('button').last(), `ballot row ${i + 1}`, true)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/ballot-end.png` })
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }, 240_000)
})
