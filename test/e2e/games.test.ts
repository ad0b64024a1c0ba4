/**
 * Tier 4: a whole game of each preset, clicked through the real referee page (built app, browser
 * mode, real host in its own process), with the projector page watched after every step: phase and
 * day, deaths, open vote counts, announcements — and never a role that is not public.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { playEstonian, playMaffiaSig, playSwedish } from './support/scenarios'
import { launchChromium, openGame } from './support/session'
import type { Table } from './support/table'

describe.skipIf(skipReason(browserTestsOff))('whole games through the referee page, watched on the projector', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  const play = async (name: string, scenario: (table: Table, hooks: { screenshots: boolean }) => Promise<void>) => {
    const session = await openGame(browser, name)
    onTestFailed(() => console.log(`[${name}] server output:\n${session.app.output()}\n[${name}] page trouble:\n${session.trouble.join('\n')}`))
    try {
      await scenario(session.table, { screenshots: true })
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }

  it('MaffiaSIG, 12 players: town wins', () => play('maffiasig', playMaffiaSig), 180_000)
  it('Estonian, 8 players: town wins', () => play('estonian', playEstonian), 180_000)
  it('Swedish, 9 players: a draw', () => play('swedish', playSwedish), 180_000)
})
