/**
 * Tier 5: the real Electron app, launched with Playwright's `_electron` on the built app (out/):
 * both windows open, and a whole game clicked through the referee window never shows a secret
 * role on the projector window (the same checks as the browser-mode games in test/e2e).
 *
 * It needs Electron's binary, which `npm install` fetches lazily from GitHub (see
 * /work/shared/TOOLCHAIN.md); where there is none the test is SKIPPED with the reason, never
 * passed. It does not call require('electron') to find the binary: that would try to download it.
 */
import { accessSync, constants, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright'
import { afterAll, describe, expect, it } from 'vitest'
import { playSwedish } from '../e2e/support/scenarios'
import { Table } from '../e2e/support/table'
import { REPO_ROOT } from '../support/paths'

/** Where `require('electron')` would look for the binary (node_modules/electron/index.js), without downloading. */
export function electronBinary(): { path: string; usable: boolean } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  const platformPath =
    process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : process.platform === 'win32' ? 'electron.exe' : 'electron'
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : platformPath
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const path = override ? join(override, relative) : join(packageDir, 'dist', relative)
  let usable = false
  try {
    accessSync(path, constants.X_OK)
    usable = true
  } catch {
    usable = false
  }
  return { path, usable }
}

const binary = electronBinary()
const noDisplay = process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']
const skipReason = !binary.usable
  ? `no Electron binary on this machine: ${binary.path} missing`
  : noDisplay
    ? 'no display for the Electron windows (DISPLAY is not set; run the tests under xvfb-run)'
    : null

if (skipReason) console.log(`[electron tests] SKIPPED: ${skipReason}`)

describe('the Electron app (tier 5)', () => {
  let app: ElectronApplication | undefined

  afterAll(async () => {
    await app?.close()
  })

  it('opens the referee and projector windows; a whole game never shows a secret role on the projector', async (ctx) => {
    ctx.skip(skipReason !== null, skipReason ?? undefined)

    // A throwaway user-data folder, so the test never touches a real club's settings or games.
    const userData = mkdtempSync(join(tmpdir(), 'nightfall-electron-'))
    app = await _electron.launch({
      executablePath: binary.path,
      args: ['.', `--user-data-dir=${userData}`],
      cwd: REPO_ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: userData, APPDATA: userData },
      timeout: 60_000,
    })
    const launched = app
    await expect.poll(() => launched.windows().length, { timeout: 30_000, message: 'two windows open' }).toBe(2)
    const byPage = async (role: 'referee' | 'projector'): Promise<Page> => {
      const page = launched.windows().find((w) => w.url().endsWith(`/renderer/${role}/index.html`))
      if (!page) throw new Error(`no ${role} window; the windows load ${launched.windows().map((w) => w.url()).join(', ')}`)
      await page.waitForLoadState('load')
      return page
    }
    const referee = await byPage('referee')
    const projector = await byPage('projector')
    expect(await referee.title()).toMatch(/^Nightfall/)
    expect(await projector.title()).toMatch(/^Nightfall/)
    const trouble: string[] = []
    for (const [label, page] of [['referee', referee], ['projector', projector]] as const) {
      page.on('pageerror', (e) => trouble.push(`${label}: ${e.message}`))
      page.on('console', (m) => void (m.type() === 'error' && trouble.push(`${label}: ${m.text()}`)))
    }

    const hasApi = await referee.evaluate(() => typeof (window.referee as Partial<typeof window.referee> | undefined)?.startGame === 'function')
    expect(hasApi, 'the referee window exposes the RefereeApi (src/preload/referee.ts)').toBe(true)
    expect(await projector.evaluate(() => 'referee' in window), 'the projector window has no referee API').toBe(false)

    await projector.locator('[data-test=idle], [data-test=projector-board]').first().waitFor()
    const table = new Table(referee, projector, 'electron-swedish')
    await table.referee.waitForApp()
    await playSwedish(table, { screenshots: true })
    expect(trouble).toEqual([])
  }, 240_000)
})
