/**
 * Tier 4: undo with Ctrl+Z on the referee page, and a crash of the server in the middle of a night
 * (SIGKILL), a restart on the same data folder, the resume banner, and the game played to its end.
 * The projector is checked after every step as in games.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Browser } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { NAMES, playEstonian } from './support/scenarios'
import { launchChromium, openGame, openPages, type GameSession } from './support/session'
import { startWebApp, tempDataDir } from './support/web-app'
import { t } from './support/words'

describe.skipIf(skipReason(browserTestsOff))('undo and resume through the pages', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('Ctrl+Z takes back votes, an accusation, an execution and a night death, on both pages', async () => {
    const session = await openGame(browser, 'undo')
    onTestFailed(() => console.log(`[undo] server output:\n${session.app.output()}\n[undo] page trouble:\n${session.trouble.join('\n')}`))
    const table = session.table
    try {
      await table.setup({ preset: 'maffiasig', names: NAMES.slice(0, 9), counts: { mafia: 2, investigator: 1, doctor: 0 } })
      const seats = (role: string) => table.model.roles.flatMap((r, seat) => (r === role ? [seat] : []))
      const [m1, m2] = seats('mafia')
      const c = seats('citizen')
      await table.night()

      // Votes and the accusation itself are taken back one by one.
      await table.accuse(c[0]!)
      const voters = table.model.vote!.eligible.slice(0, 3)
      for (const voter of voters) await table.tapYes(voter)
      expect(await table.referee.text('[data-test=undo]')).toContain(table.model.name(voters[2]!))
      for (let k = 0; k < 3; k++) await table.undo()
      expect(table.model.voteCount(-1)).toBe(0)
      await table.undo()
      expect(table.model.stage).toBe('discussion')
      expect(table.model.vote).toBeNull()

      // An execution is taken back: the player lives again and the vote is open as it was.
      await table.accusation(m1!, { guilty: { yes: 8 }, execute: { yes: 8 } })
      expect(table.model.phase).toBe('night')
      await table.undo()
      expect(table.model.alive[m1!]).toBe(true)
      expect(table.model.vote?.kind).toBe('execute')
      await table.closeVote()
      expect(table.model.alive[m1!]).toBe(false)

      // A night death is taken back: back in the night, at its last call, the victim alive.
      await table.night({ shots: [[m2!, c[1]!]], investigate: c[2] })
      expect(table.model.phase).toBe('day')
      expect(table.model.alive[c[1]!]).toBe(false)
      await table.undo()
      expect(table.model.phase).toBe('night')
      expect(table.model.currentStep()).toBe('investigator')
      expect(table.model.alive[c[1]!]).toBe(true)
      await table.endStep()
      expect(table.model.alive[c[1]!]).toBe(false)
      expect(session.trouble).toEqual([])
    } finally {
      await session.close()
    }
  }, 120_000)

  it('after the server is killed mid-night, a restart offers the game; resumed, it plays on to the end', async () => {
    const dataDir = tempDataDir()
    let session: GameSession = await openGame(browser, 'resume', dataDir)
    onTestFailed(() => console.log(`[resume] server output:\n${session.app.output()}\n[resume] page trouble:\n${session.trouble.join('\n')}`))
    const closeLater: (() => Promise<void>)[] = []
    try {
      await playEstonian(session.table, {
        checkpoint: async (point) => {
          if (point !== 'night 2, police call') return
          const table = session.table
          expect(session.trouble).toEqual([])
          await session.app.kill()
          await session.context.close()

          const app = await startWebApp(dataDir)
          const pages = await openPages(browser, app)
          closeLater.push(async () => {
            await pages.context.close()
            await app.stop()
          })
          // No game is open until the referee resumes: the projector waits.
          await pages.projector.locator('[data-test=idle]').waitFor()
          table.attach(pages.referee, pages.projector)
          await table.referee.waitForApp()
          const banner = pages.referee.locator('[data-test=resume-banner]')
          await banner.waitFor()
          const words = await table.referee.text('[data-test=resume-banner]')
          expect(words).toContain('Estonian')
          expect(words).toContain(t('setup.roster.count', { n: 8 }, 8))
          expect(words).toContain(t('setup.resume.nightAfter', { n: 1 }))
          await table.referee.click('resume the saved game', '[data-test=resume]')
          await table.verify('after the resume')
          session = { ...session, ...pages, app, table }
        },
      })
      expect(closeLater, 'the server was restarted mid-game').toHaveLength(1)
      expect(session.trouble).toEqual([])
    } finally {
      if (closeLater.length) for (const close of closeLater) await close()
      else await session.close()
    }
  }, 180_000)
})
