/**
 * One host per data folder, of any kind: the BUILT Electron main bundle (out/main/index.js, under the
 * fake electron) and a browser mode (src/web/start.ts) on one folder. Before, the app's host took no
 * lock: beside a browser mode on its folder both appended to one journal (numbered 0,1,2,2) and a
 * confirmed step was lost. Now whichever comes second is refused, in the user's language, and the
 * first one's game goes on whole.
 */
import { existsSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { PRESETS } from '../src/engine/rulesets'
import { suggestCounts } from '../src/engine/setup'
import { createFileHost } from '../src/host'
import { lockPath } from '../src/host/persistence/data-lock'
import type { RefereeAppView, StartGameRequest } from '../src/shared/api'
import { launchMain } from './electron-fake/run'
import { runToEnd, startWeb, stopBrowserModes } from './support/browser-mode'
import { tempDir } from './support/host'
import { BUILT } from './support/paths'

const ruleset = PRESETS.maffiasig
const players = ['Anna', 'Bence', 'Csilla', 'Dani', 'Emese', 'Feri', 'Gabi', 'Hanna']
const startRequest: StartGameRequest = { ruleset, players, counts: suggestCounts(ruleset, players.length), dealMode: 'digital' }

afterEach(stopBrowserModes)

describe('the desktop app and a browser mode on one data folder', () => {
  it(
    'the app first: a browser mode on its folder is refused, naming the app; the game in the app goes on and nothing is lost',
    { timeout: 120_000 },
    async () => {
      expect(existsSync(BUILT.main), `${BUILT.main} is missing: the app project's global setup builds it`).toBe(true)
      const data = tempDir('nightfall-app-data-')
      const main = await launchMain({ userData: data })
      expect(existsSync(lockPath(data))).toBe(true)
      await main.call('referee', 'ready')
      expect(await main.call('referee', 'startGame', startRequest)).toMatchObject({ ok: true })
      expect(await main.call('referee', 'play', { type: 'endNightStep' })).toMatchObject({ ok: true })

      const second = runToEnd(data)
      expect(second.code).toBe(3)
      expect(second.stderr).toContain(`The Nightfall app (process `)
      expect(second.stderr).toContain(data)
      expect(second.stdout).not.toMatch(/Referee:/)

      // The app goes on: one more confirmed step.
      expect(await main.call('referee', 'play', { type: 'drawRandomDeath' })).toMatchObject({ ok: true })
      const steps = (await main.call<RefereeAppView>('referee', 'ready')).logTotal
      expect(steps).toBeGreaterThanOrEqual(2)
      const stopped = await main.stop()
      expect(stopped.errors).toEqual([])

      // The next host on the folder finds the whole game to resume (the app's lock, its process gone, is taken over).
      const next = createFileHost(data, { durable: false, estimate: null })
      try {
        expect(next.refereeAppView().resumable).toMatchObject({ players })
        expect(await next.invoke('resumeGame')).toMatchObject({ ok: true })
        expect(next.refereeAppView().logTotal).toBe(steps)
      } finally {
        next.dispose()
      }
    },
  )

  it('a browser mode first: the app refuses to start on its folder, in the system language, opening no window', { timeout: 120_000 }, async () => {
    const data = tempDir('nightfall-app-data-')
    const web = await startWeb(data)
    const main = await launchMain({ userData: data, env: { ELECTRON_FAKE_LOCALE: 'hu-HU' } })
    const snapshot = await main.snapshot()
    expect(snapshot.app.exitCode).toBe(3)
    expect(snapshot.windows.filter((w) => !w.destroyed)).toEqual([])
    const box = snapshot.dialog.find((d) => d.method === 'showErrorBox')
    expect(box?.options).toMatchObject({ title: 'A Nightfall már nyitva van ezen az adatmappán' })
    expect(box?.options.content).toContain(`Egy másik Nightfall már használja az adatmappát (${data}; ${web.child.pid}. folyamat`)
    expect(box?.options.content).toContain(new URL(web.referee).origin)
    await main.stop()
    // The browser mode still holds its folder.
    expect(web.child.exitCode).toBeNull()
  })
})
