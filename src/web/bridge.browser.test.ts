/**
 * The bridges in a real Chromium, under the pages' strict CSP: window.referee has exactly the
 * RefereeApi methods and works end to end; window.projector can only listen and say ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright'
import { REFEREE_METHODS, type RefereeApi, type RefereeAppView } from '../shared/api'
import { browserTestsOff, launchChromium } from '../../test/e2e/support/chromium'
import { skipReason } from '../../test/support/skip'
import { preset } from '../engine/rulesets'
import { createFileHost } from '../host'
import type { GameHost } from '../host/game-host'
import { PLAYERS9, seededRandom, tempDir } from '../../test/support/host'
import { startWebServer, type WebServer } from './server'
import { fakeRenderer } from '../../test/support/web'

describe.skipIf(skipReason(browserTestsOff))('browser bridges in Chromium', () => {
  let browser: Browser
  let host: GameHost
  let server: WebServer

  beforeAll(async () => {
    browser = await launchChromium()
    host = createFileHost(tempDir(), { durable: false, random: seededRandom(1, { identity: true }) })
    server = await startWebServer({ host, rendererDir: fakeRenderer() })
  })
  afterAll(async () => {
    await browser?.close()
    host?.dispose()
    await server?.close()
  })

  async function openPage(url: string) {
    const page = await browser.newPage()
    const trouble: string[] = []
    await page.exposeFunction('__violation', (t: string) => trouble.push(t))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __violation: (t: string) => void }).__violation(`${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    page.on('pageerror', (e) => trouble.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error') trouble.push(`console: ${m.text()}`)
    })
    await page.goto(url, { waitUntil: 'load' })
    return { page, trouble }
  }

  const app = <T>(page: Page) => page.evaluate(() => (window as unknown as { __app: unknown }).__app) as Promise<T>

  it('referee: exactly the RefereeApi, calls and pushed views work, no CSP violation', async () => {
    const { page, trouble } = await openPage(server.refereeUrl)
    await page.waitForFunction(() => (window as unknown as { __app: { first?: unknown } }).__app.first)
    const a = await app<{ keys: string[] }>(page)
    // The methods, plus what only this transport has: whether the host is reachable (ConnectionWatch).
    expect(a.keys).toEqual([...REFEREE_METHODS, 'onView', 'onConnection', 'transport'].sort())

    const req = { ruleset: preset('maffiasig'), players: PLAYERS9, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, dealMode: 'digital' }
    const results = await page.evaluate(async (r) => {
      const w = window as unknown as { referee: RefereeApi }
      return [
        await w.referee.saveRoster(['Anna', 'Bence']),
        await w.referee.startGame(r as never),
        await w.referee.play({ type: 'endNightStep' }),
        await w.referee.play({ type: 'accuse', accused: 3 }), // optional accuser left out
        await w.referee.play({ type: 'shoot', shooter: 'x' as never, target: 1 }),
        await w.referee.play({ type: 'castVote', voter: 0, choice: true }),
        await w.referee.undo(),
      ]
    }, req)
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, false, true, true])
    expect(results[4]).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    await page.waitForFunction(() => (window as unknown as { __app: { views: unknown[] } }).__app.views.length >= 7)
    const views = (await app<{ views: RefereeAppView[] }>(page)).views
    expect(views.at(-1)!.game!.projector.stage).toBe('vote')
    expect(views.at(-1)!.game!.vote!.yes).toBe(0)
    expect(host.refereeAppView().roster).toEqual(['Anna', 'Bence'])
    // window.referee cannot be replaced by the page's own code.
    expect(await page.evaluate(() => Object.isFrozen((window as unknown as { referee: object }).referee))).toBe(true)
    expect(trouble).toEqual([])
    await page.close()
  })

  it('referee: the view stream opens with the page, and ready() answers from its newest view without asking the host again', async () => {
    const { page, trouble } = await openPage(server.refereeUrl)
    await page.waitForFunction(() => (window as unknown as { __app: { first?: unknown } }).__app.first)
    expect(host.invoke('saveRoster', ['Zoltán', 'Ylva'])).toMatchObject({ ok: true })
    await page.waitForFunction(() => (window as unknown as { __app: { views: { roster: string[] }[] } }).__app.views.some((v) => v.roster[0] === 'Zoltán'))
    const readyCalls = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/referee/ready')).length)
    const before = await readyCalls()
    const answer = await page.evaluate(() => (window as unknown as { referee: RefereeApi }).referee.ready())
    expect(await readyCalls()).toBe(before)
    expect(answer.roster).toEqual(['Zoltán', 'Ylva'])
    const pushed = (await app<{ views: RefereeAppView[] }>(page)).views.at(-1)!
    expect(answer.sentAt).toBeGreaterThanOrEqual(pushed.sentAt)
    expect({ ...answer, sentAt: 0 }).toEqual({ ...pushed, sentAt: 0 })
    expect(trouble).toEqual([])
    await page.close()
  })

  it('projector: only onView, ready and the connection watch; it receives screens and cannot call the referee API', async () => {
    const { page, trouble } = await openPage(server.projectorUrl)
    await page.waitForFunction(() => (window as unknown as { __app: { screens: unknown[] } }).__app.screens.length >= 1)
    const a = await app<{ keys: string[]; screens: { kind: string }[] }>(page)
    expect(a.keys).toEqual(['onConnection', 'onView', 'ready', 'transport'])
    expect(a.screens[0]!.kind).toBe('game')
    const status = await page.evaluate(async (token) => {
      const r = await fetch('/api/referee/undo', { method: 'POST', headers: { 'content-type': 'application/json', 'x-nightfall-token': token }, body: '[]' })
      return r.status
    }, server.tokens.projector)
    expect(status).toBe(403)
    const before = a.screens.length
    expect(host.invoke('undo')).toMatchObject({ ok: true })
    await page.waitForFunction((n) => (window as unknown as { __app: { screens: unknown[] } }).__app.screens.length > n, before)
    expect(trouble.filter((t) => !t.includes('403'))).toEqual([])
    await page.close()
  })
})
