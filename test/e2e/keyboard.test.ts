/**
 * Tier 4: the referee window is usable by keyboard alone. A MaffiaSIG game is set up and played
 * through night 0, a day (an accusation, the guilty vote, the defence, the execution vote) and a
 * night (shots, an investigation) with page.keyboard only — Tab / Shift+Tab, Enter, Space, arrow
 * keys and the app's shortcuts, never a click. Every control is reached by tabbing to it and must
 * show a visible focus ring; after each step focus must still be somewhere (not dropped to <body>),
 * and the step must show on the projector (the Table's model checks). Then on to the story: two more
 * executions (the accused picked by typing the seat's digits), a night, the game's end and every page
 * of the story told on the projector, still by keys alone.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser, Page } from 'playwright'
import { PRESETS } from '../../src/engine/rulesets'
import type { RoleId } from '../../src/shared/roles'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { GameModel } from './support/model'
import { expectBoard } from './support/projector'
import { NAMES } from './support/scenarios'
import { launchChromium, openGame, type GameSession } from './support/session'
import type { Table } from './support/table'
import { t } from './support/words'

/** What has keyboard focus, as a selector-ish label for messages. */
async function focusLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return '<body>'
    const test = el.getAttribute('data-test')
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${test ? ` data-test=${test}` : ''}> ${(el.textContent ?? '').trim().slice(0, 40)}`
  })
}

/** The focused element shows a focus indicator: an outline or a box shadow (computed style). */
async function expectFocusVisible(page: Page, where: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return { ok: false, why: 'nothing focused' }
    const s = getComputedStyle(el)
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
    const shadow = s.boxShadow !== 'none' && s.boxShadow !== ''
    return { ok: outline || shadow, why: `outline ${s.outlineStyle} ${s.outlineWidth}, box-shadow ${s.boxShadow}` }
  })
  expect(ring.ok, `${where}: no visible focus on ${await focusLabel(page)} (${ring.why})`).toBe(true)
}

/** Focus stayed in the page after a step: not dropped to <body> (and, if given, inside `inside`). */
async function expectFocusKept(page: Page, where: string, inside?: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body), {
      message: `${where}: focus dropped to <body>`,
      timeout: 2_000,
    })
    .toBe(true)
  if (process.env['KB_DEBUG']) console.log(`${where} → ${await focusLabel(page)}`)
  if (inside)
    expect(await page.evaluate((sel) => !!document.activeElement?.closest(sel), inside), `${where}: focus on ${await focusLabel(page)}, not in ${inside}`).toBe(
      true,
    )
  await expectFocusVisible(page, where)
}

/**
 * Tab (or Shift+Tab, whichever is shorter in the page's tab order) until `selector` has focus, then
 * check its focus ring. Throws if it is not reachable.
 */
async function tabTo(page: Page, selector: string, where = selector): Promise<void> {
  const plan = await page.evaluate((sel) => {
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    )
    const target = focusable.findIndex((el) => el.matches(sel))
    if (target < 0) return null
    const active = document.activeElement
    let from = focusable.findIndex((el) => el === active)
    if (from < 0 && active && active !== document.body) {
      // Focus outside the tab order (say a heading with tabindex=-1): between its neighbours.
      const next = focusable.findIndex((el) => active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
      from = (next < 0 ? focusable.length : next) - 0.5
    }
    const forward = target > from
    return { forward, steps: Math.ceil(Math.abs(target - from)) + 2 }
  }, selector)
  expect(plan, `${where}: ${selector} is not in the tab order`).not.toBeNull()
  const key = plan!.forward ? 'Tab' : 'Shift+Tab'
  for (let i = 0; i < plan!.steps + 3; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) {
      await expectFocusVisible(page, where)
      return
    }
    await page.keyboard.press(key)
  }
  throw new Error(`${where}: ${key} never reached ${selector}; focus is on ${await focusLabel(page)}`)
}

describe.skipIf(skipReason(browserTestsOff))('the referee window by keyboard alone', () => {
  let browser: Browser
  let session: GameSession

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await session?.close()
    await browser?.close()
  })

  it('MaffiaSIG: setup, night 0, a day with an execution, a night with shots and an investigation, on to the story', async () => {
    session = await openGame(browser, 'keyboard')
    onTestFailed(() => console.log(`[keyboard] server output:\n${session.app.output()}\n[keyboard] page trouble:\n${session.trouble.join('\n')}`))
    const table: Table = session.table
    const page = table.page
    const kb = page.keyboard
    const names = NAMES.slice(0, 12)
    const ruleset = PRESETS.maffiasig

    // ── setup: the roster typed, the preset chosen by arrow keys, the counts typed ──────────────
    await tabTo(page, '[data-test=add-name]', 'the add-name field')
    for (const name of names) {
      await table.referee.act(`add ${name}`, async () => {
        await kb.type(name)
        await kb.press('Enter')
      })
      await expect.poll(() => focusLabel(page), { message: `after adding ${name}` }).toContain('data-test=add-name')
    }
    await expect.poll(() => page.locator('[data-test=roster-row]').count()).toBe(names.length)

    await tabTo(page, '[data-test=ruleset-select]', 'the ruleset select')
    const selectValue = () => page.locator('[data-test=ruleset-select]').inputValue()
    for (let i = 0; i < 10 && (await selectValue()) !== 'maffiasig'; i++) await kb.press('ArrowDown')
    for (let i = 0; i < 10 && (await selectValue()) !== 'maffiasig'; i++) await kb.press('ArrowUp')
    expect(await selectValue()).toBe('maffiasig')
    await expect.poll(() => page.locator('[data-test=ruleset-name]').inputValue()).toBe(ruleset.name)

    const counts = { mafia: 3, investigator: 1, doctor: 0 }
    for (const role of ['mafia', 'investigator', 'doctor'] as const) {
      if ((await page.locator(`#count-${role}`).count()) === 0) continue
      // The host's suggested counts may still arrive and rewrite the field between the select-all and
      // the typing (then "3" lands after a "3"): type again until the field holds what was typed.
      const field = page.locator(`#count-${role}`)
      for (let attempt = 0; attempt < 3; attempt++) {
        await tabTo(page, `#count-${role}`, `the ${role} count`)
        await kb.press('Control+a')
        await kb.type(String(counts[role]))
        await kb.press('Tab')
        await page.waitForTimeout(300)
        if ((await field.inputValue()) === String(counts[role])) break
      }
      await expect.poll(() => field.inputValue()).toBe(String(counts[role]))
    }
    await expect.poll(() => table.referee.text('[data-test=citizens]')).toBe('8')

    // The deal: the radio group is entered with Tab, the digital deal chosen with the arrow keys.
    await tabTo(page, 'input[name=deal]:checked, input[name=deal]', 'the deal radios')
    for (let i = 0; i < 3 && !(await page.locator('[data-test=deal-digital]').isChecked()); i++) await kb.press('ArrowUp')
    await kb.press('Space')
    expect(await page.locator('[data-test=deal-digital]').isChecked()).toBe(true)
    await expect.poll(() => page.locator('[data-test=problems]').count()).toBe(0)

    await tabTo(page, '[data-test=start]', 'the start button')
    await table.referee.act('start the game', () => kb.press('Enter'))

    // ── the private reveal: Enter shows, Enter hides, for every player ───────────────────────────
    const view = await table.referee.view()
    const roles = view.game!.seats.map((s) => s.role) as RoleId[]
    table.model = new GameModel(ruleset, names, roles)
    await page.locator('[data-test=role-reveal]').waitFor()
    for (const [i, name] of names.entries()) {
      await expect.poll(() => table.referee.text('[data-test=pass-to]')).toContain(name)
      await expect.poll(() => focusLabel(page), { message: `pass to ${name}` }).toContain('data-test=reveal-show')
      await expectFocusVisible(page, `pass to ${name}`)
      await kb.press('Enter')
      expect(await table.referee.text('[data-test=revealed-role]')).toBe(ruleset.names.en.roleNames[roles[i]!])
      await expect.poll(() => focusLabel(page), { message: `${name}'s role` }).toContain('data-test=reveal-hide')
      await kb.press('Enter')
    }
    await expect.poll(() => focusLabel(page), { message: 'the reveal is done' }).toContain('data-test=reveal-finish')
    await kb.press('Enter')
    await page.locator('.game-screen').waitFor()
    await expectFocusKept(page, 'the game screen opens', '[data-test=night-panel]')
    await table.verify('after the deal')
    await expectBoard(table.projector, table.model, 'after the deal')

    const m = table.model
    const seatsOf = (role: RoleId) => m.roles.flatMap((r, s) => (r === role ? [s] : []))
    const [m1, m2, m3] = seatsOf('mafia') as [number, number, number]
    const [inspector] = seatsOf('investigator') as [number]
    const c = seatsOf('citizen')

    // ── night 0: the mafia meet; the call ended with the button (Tab, Enter) ────────────────────
    expect(m.steps).toEqual(['mafiaMeet'])
    await tabTo(page, '[data-test=end-step]', 'end the night call')
    await table.step(
      'night 0: end the meeting (Enter)',
      () => kb.press('Enter'),
      () => m.endStep(),
    )
    await expectFocusKept(page, 'day 1 begins', '[data-test=day-panel]')
    expect(m.phase).toBe('day')

    // ── day 1: accuse the first mafioso (accuser picked too), guilty vote, defence, execution ──
    await tabTo(page, `[data-test=accused-picker] button[data-seat="${m1}"]`, 'the accused')
    await kb.press('Enter')
    await expect.poll(() => page.locator(`[data-test=accused-picker] button[data-seat="${m1}"]`).getAttribute('aria-pressed')).toBe('true')
    await expectFocusKept(page, 'the accused picked')
    await tabTo(page, `[data-test=accuser-picker] button[data-seat="${c[0]}"]`, 'the accuser')
    await kb.press('Space')
    await expect.poll(() => page.locator(`[data-test=accuser-picker] button[data-seat="${c[0]}"]`).getAttribute('aria-pressed')).toBe('true')
    await tabTo(page, '[data-test=accuse]', 'the accuse button')
    await table.step(
      `day 1: ${m.name(c[0]!)} accuses ${m.name(m1)}`,
      () => kb.press('Enter'),
      () => m.accuse(m1),
    )
    await expectFocusKept(page, 'the guilty vote opens', '[data-test=vote-panel]')

    const voteYes = async (voters: number[], label: string) => {
      for (const voter of voters) {
        await tabTo(page, `[data-test=vote-panel] .voters button[data-voter="${voter}"]`, `${label}: ${m.name(voter)}`)
        await table.step(
          `${label}: ${m.name(voter)} raises a hand (Space)`,
          () => kb.press('Space'),
          () => m.castVote(voter, true),
        )
        await expectFocusKept(page, `${label}: after ${m.name(voter)}`)
      }
    }
    const closeVote = async (label: string) => {
      await tabTo(page, '[data-test=close-vote]', `${label}: close the vote`)
      await table.step(
        `${label}: close the vote (Enter)`,
        () => kb.press('Enter'),
        () => m.closeVote(),
      )
      await expectFocusKept(page, `${label}: the vote closed`)
    }
    await voteYes(m.vote!.eligible.slice(0, 7), 'guilty vote')
    await closeVote('guilty vote')
    expect(m.stage).toBe('defence')
    expect(await focusLabel(page), 'the defence opens on its button').toContain('data-test=end-defence')

    await tabTo(page, '[data-test=end-defence]', 'end the defence')
    await table.step(
      'day 1: end the defence (Enter)',
      () => kb.press('Enter'),
      () => m.endDefence(),
    )
    await expectFocusKept(page, 'the execution vote opens', '[data-test=vote-panel]')

    // The execution vote's count typed into the direct field, submitted with Enter.
    const eligible = m.vote!.eligible.length
    await tabTo(page, '[data-test=direct-count]', 'the direct count')
    await kb.type(String(eligible))
    await table.step(
      `day 1: type ${eligible} yes votes (Enter)`,
      () => kb.press('Enter'),
      () => m.typeCount(eligible),
    )
    await expectFocusKept(page, 'the count typed')
    await closeVote('execution vote')
    expect(m.alive[m1]).toBe(false)
    expect(m.phase).toBe('night')
    expect(m.nightNumber).toBe(1)
    await expect.poll(() => table.projector.locator(`li.seat[data-seat="${m1}"]`).getAttribute('class')).toContain('dead')

    // ── night 1: reading start, shots (one corrected), the inspector's question, N ends calls ──
    await tabTo(page, `[data-test=shots] > .block:not(.shooter) button[data-seat="${inspector}"]`, 'the reading start')
    await table.step(
      'night 1: read the names from the inspector (Enter)',
      () => kb.press('Enter'),
      () => {},
    )
    await expectFocusKept(page, 'reading start chosen')

    const shoot = async (shooter: number, target: number) => {
      await tabTo(page, `[data-test=shots] .shooter[data-shooter="${shooter}"] button[data-seat="${target}"]`, `${m.name(shooter)}'s shot`)
      await table.step(
        `night 1: ${m.name(shooter)} shoots ${m.name(target)} (Enter)`,
        () => kb.press('Enter'),
        () => m.shots.set(shooter, target),
      )
      await expectFocusKept(page, `${m.name(shooter)} shot`)
    }
    await shoot(m2, c[5]!)
    await tabTo(page, `[data-test=shots] .shooter[data-shooter="${m2}"] [data-test=clear-shot]`, 'clear the shot')
    await table.step(
      `night 1: clear ${m.name(m2)}'s shot (Enter)`,
      () => kb.press('Enter'),
      () => m.shots.delete(m2),
    )
    await expectFocusKept(page, 'the shot cleared', `[data-test=shots] .shooter[data-shooter="${m2}"]`)
    await shoot(m2, c[3]!)
    await shoot(m3, c[3]!)
    await expect.poll(() => table.referee.text('[data-test=night-outcome] strong')).toBe(t('night.outcomeDies', { name: m.name(c[3]!) }))

    // N (the shortcut) ends the mafia's call; focus stays where it was.
    await table.step(
      'night 1: end the mafia call (N)',
      () => kb.press('n'),
      () => m.endStep(),
    )
    await expectFocusKept(page, 'the inspector is called')

    await tabTo(page, `[data-test=investigate] button[data-seat="${m2}"]`, 'the inspector points')
    await table.step(
      `night 1: the inspector points at ${m.name(m2)} (Enter)`,
      () => kb.press('Enter'),
      () => (m.investigated = m2),
    )
    await expectFocusKept(page, 'the answer shows', '[data-test=night-panel]')
    expect(await table.referee.text('[data-test=investigation-answer]')).toBe(
      `${t('night.answerFor', { name: m.name(m2) })} ${t('night.answer.mafia.yes')} ▲ ${t('night.thumbUp')}`,
    )

    await tabTo(page, '[data-test=end-step]', 'end the inspector call')
    await table.step(
      'night 1: end the inspector call (Enter)',
      () => kb.press('Enter'),
      () => m.endStep(),
    )
    expect(m.phase).toBe('day')
    expect(m.alive[c[3]!]).toBe(false)
    await expectFocusKept(page, 'day 2 begins')

    // ── Ctrl+Z takes the night's end back, and the confirm dialog keeps and returns focus ──────
    await tabTo(page, '[data-test=close-game]', 'close the game')
    await kb.press('Enter')
    await expect.poll(() => focusLabel(page), { message: 'the dialog opens on Cancel' }).toContain('data-test=dialog-cancel')
    await expectFocusVisible(page, 'the dialog')
    for (let i = 0; i < 5; i++) {
      await kb.press(i % 2 ? 'Shift+Tab' : 'Tab')
      await kb.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role=alertdialog]')), `Tab #${i} left the dialog: ${await focusLabel(page)}`).toBe(
        true,
      )
    }
    await kb.press('Escape')
    await expect.poll(() => page.locator('[role=alertdialog]').count()).toBe(0)
    await expect.poll(() => focusLabel(page), { message: 'focus returns to the close button' }).toContain('data-test=close-game')
    expect(await table.referee.view().then((v) => v.game !== null)).toBe(true)

    // ── on to the story, by keys alone: the seats picked by their digits ─────────────────────
    /** Type a seat's number in the picker (focus first in it): digits pick it, Enter if a longer number begins with it. */
    const pickByDigits = async (picker: string, seat: number, label: string) => {
      await tabTo(page, `${picker} button:not([disabled])`, `${label}: into the picker`)
      await kb.type(String(seat + 1))
      const button = page.locator(`${picker} button[data-seat="${seat}"]`)
      expect(await focusLabel(page), `${label}: the digits go to the seat`).toContain(m.name(seat))
      if ((await button.getAttribute('aria-pressed')) !== 'true') await kb.press('Enter')
      await expect.poll(() => button.getAttribute('aria-pressed'), { message: `${label}: picked` }).toBe('true')
      await expectFocusKept(page, `${label}: picked`)
    }
    const typeVote = async (label: string) => {
      const eligible = m.vote!.eligible.length
      await tabTo(page, '[data-test=direct-count]', `${label}: the direct count`)
      await kb.type(String(eligible))
      await table.step(
        `${label}: type ${eligible} yes votes (Enter)`,
        () => kb.press('Enter'),
        () => m.typeCount(eligible),
      )
      await closeVote(label)
    }
    const execute = async (seat: number, day: string) => {
      await pickByDigits('[data-test=accused-picker]', seat, `${day}: the accused`)
      await tabTo(page, '[data-test=accuse]', `${day}: the accuse button`)
      await table.step(
        `${day}: accuse ${m.name(seat)} (Enter)`,
        () => kb.press('Enter'),
        () => m.accuse(seat),
      )
      await typeVote(`${day}: guilty vote`)
      await tabTo(page, '[data-test=end-defence]', `${day}: end the defence`)
      await table.step(
        `${day}: end the defence (Enter)`,
        () => kb.press('Enter'),
        () => m.endDefence(),
      )
      await typeVote(`${day}: execution vote`)
      expect(m.alive[seat]).toBe(false)
    }
    await execute(m2, 'day 2')
    expect(m.phase).toBe('night')
    await shoot(m3, c[4]!)
    await table.step(
      'night 2: end the mafia call (N)',
      () => kb.press('n'),
      () => m.endStep(),
    )
    await tabTo(page, `[data-test=investigate] button[data-seat="${m3}"]`, 'night 2: the inspector points')
    await table.step(
      `night 2: the inspector points at ${m.name(m3)} (Enter)`,
      () => kb.press('Enter'),
      () => (m.investigated = m3),
    )
    await tabTo(page, '[data-test=end-step]', 'night 2: end the inspector call')
    await table.step(
      'night 2: end the inspector call (Enter)',
      () => kb.press('Enter'),
      () => m.endStep(),
    )
    await execute(m3, 'day 3')
    await table.expectGameOver('town')

    // The story, page by page, shown to the room: Enter on each control, to its last page.
    await tabTo(page, '[data-test=open-story]', 'the story')
    await kb.press('Enter')
    await page.locator('[data-test=story-tell]').waitFor() // the story comes from the host
    await tabTo(page, '[data-test=story-tell]', 'tell the story on the projector')
    await kb.press('Enter')
    await table.projector.locator('[data-test=story-board]').waitFor()
    await tabTo(page, '[data-test=story-next]', 'the next page')
    for (let i = 0; i < 20 && (await page.locator('[data-test=story-next]').isEnabled()); i++) {
      await kb.press('Enter')
      await expectFocusKept(page, `story page ${i + 2}`)
    }
    await table.projector.locator('[data-test=story-board] .story-roles').waitFor()
    expect(await table.projector.locator('[data-test=story-board] .story-roles li').count()).toBe(names.length)
  }, 90_000)
})
