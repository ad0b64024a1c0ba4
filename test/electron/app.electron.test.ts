/**
 * Tier 5: the real Electron app, launched with Playwright's `_electron` on the built app (out/):
 * both windows open; a whole game clicked through the referee window (the real preloads) never
 * shows a secret role on the projector window; the roster and the finished game are still there
 * after a restart; the projector goes full screen on a second display when there is one. And the
 * packaged app (electron-builder `--dir` on the real Electron) carries the hardened fuses.
 *
 * It needs Electron's binary, which `npm start` fetches on first use (scripts/start-electron.mjs);
 * where there is none each test is SKIPPED with the reason, never passed. It does not call
 * require('electron') to find the binary: that would try to download it.
 */
import { execFile } from 'node:child_process'
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { _electron, type ElectronApplication, type Page } from 'playwright'
import { afterAll, describe, expect, it } from 'vitest'
import type { RefereeAppView } from '../../src/shared/api'
import { NAMES, playSwedish } from '../e2e/support/scenarios'
import { Table } from '../e2e/support/table'
import { REPO_ROOT } from '../support/paths'

/** Where `require('electron')` would look for the binary (node_modules/electron/index.js), without downloading. */
export function electronBinary(): { path: string; usable: boolean } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  const platformPath = process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : process.platform === 'win32' ? 'electron.exe' : 'electron'
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
const noBinary = binary.usable ? null : `no Electron binary on this machine: ${binary.path} missing (\`npm start\` fetches it)`
const noDisplay = process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']
const skipReason = noBinary ?? (noDisplay ? 'no display for the Electron windows (DISPLAY is not set; run the tests under xvfb-run)' : null)

if (skipReason) console.log(`[electron tests] SKIPPED: ${skipReason}`)

interface Running {
  app: ElectronApplication
  referee: Page
  projector: Page
}

describe('the Electron app (tier 5)', () => {
  // One throwaway user-data folder for the whole suite, so a restart finds what the game stored
  // and the tests never touch a real club's settings or games.
  const userData = mkdtempSync(join(tmpdir(), 'nightfall-electron-'))
  let running: Running | undefined

  async function launch(): Promise<Running> {
    const app = await _electron.launch({
      executablePath: binary.path,
      args: ['.', `--user-data-dir=${userData}`],
      cwd: REPO_ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: userData, APPDATA: userData },
      timeout: 60_000,
    })
    await expect.poll(() => app.windows().length, { timeout: 30_000, message: 'two windows open' }).toBe(2)
    const byPage = async (role: 'referee' | 'projector'): Promise<Page> => {
      const page = app.windows().find((w) => w.url().endsWith(`/renderer/${role}/index.html`))
      if (!page)
        throw new Error(
          `no ${role} window; the windows load ${app
            .windows()
            .map((w) => w.url())
            .join(', ')}`,
        )
      await page.waitForLoadState('load')
      return page
    }
    running = { app, referee: await byPage('referee'), projector: await byPage('projector') }
    return running
  }

  async function quit(): Promise<void> {
    await running?.app.close()
    running = undefined
  }

  const refereeView = (page: Page): Promise<RefereeAppView> => page.evaluate(() => window.referee.ready())
  /** The ids of the saved games (the games folder, through the club's view). */
  const savedGameIds = (page: Page): Promise<string[]> =>
    page.evaluate(async () => {
      const r = await window.referee.clubView()
      return r.ok ? r.value.games.map((g) => g.id) : []
    })

  afterAll(async () => {
    await quit()
    rmSync(userData, { recursive: true, force: true })
  })

  it('opens the referee and projector windows; a whole game never shows a secret role on the projector', async (ctx) => {
    ctx.skip(skipReason !== null, skipReason ?? undefined)
    const { referee, projector } = await launch()
    expect(await referee.title()).toMatch(/^Nightfall/)
    expect(await projector.title()).toMatch(/^Nightfall/)
    const trouble: string[] = []
    for (const [label, page] of [
      ['referee', referee],
      ['projector', projector],
    ] as const) {
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

  it('keeps the roster and the finished game across a restart (settings in userData)', async (ctx) => {
    ctx.skip(skipReason !== null, skipReason ?? undefined)
    if (!running) await launch()
    const before = await refereeView((running as Running).referee)
    const beforeGames = await savedGameIds((running as Running).referee)
    ctx.skip(beforeGames.length === 0, 'the game of the first test did not finish, so there is nothing to keep')
    await quit()

    const { referee } = await launch()
    const after = await refereeView(referee)
    expect(after.roster).toEqual(before.roster)
    expect(after.roster).toEqual(expect.arrayContaining(NAMES.slice(0, 9)))
    expect(await savedGameIds(referee)).toEqual(beforeGames)
    expect(after.notices, 'the settings file was read back without damage').toEqual([])
  }, 120_000)

  it('puts the projector full screen on a second display when there is one', async (ctx) => {
    ctx.skip(skipReason !== null, skipReason ?? undefined)
    const { app } = running ?? (await launch())
    const displays = await app.evaluate(({ screen }) => ({
      primary: screen.getPrimaryDisplay().id,
      all: screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds })),
    }))
    ctx.skip(displays.all.length < 2, 'one display only: run with a second (virtual) screen to check the projector placement')
    const external = displays.all.filter((d) => d.id !== displays.primary)
    const projectorWindow = (): Promise<{ bounds: { x: number; y: number; width: number; height: number }; fullScreen: boolean } | null> =>
      app.evaluate(({ BrowserWindow }) => {
        const window = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().endsWith('/renderer/projector/index.html'))
        return window ? { bounds: window.getBounds(), fullScreen: window.isFullScreen() } : null
      })
    await expect.poll(async () => (await projectorWindow())?.fullScreen, { timeout: 15_000, message: 'the projector goes full screen' }).toBe(true)
    const { bounds } = (await projectorWindow()) as NonNullable<Awaited<ReturnType<typeof projectorWindow>>>
    const centre = { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 }
    const on = external.find(({ bounds: b }) => centre.x >= b.x && centre.x < b.x + b.width && centre.y >= b.y && centre.y < b.y + b.height)
    expect(on, `the projector (${JSON.stringify(bounds)}) is on an external display (${JSON.stringify(external)})`).toBeDefined()
  }, 60_000)
})

describe('the packaged app on the real Electron', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'nightfall-packaged-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('carries the hardened fuses (electron-builder --dir with this Electron)', async (ctx) => {
    ctx.skip(noBinary !== null, noBinary ?? undefined)
    const platform = { darwin: ['--mac', 'mac', 'Nightfall.app'], win32: ['--win', 'win-unpacked', 'Nightfall.exe'] }[process.platform as string] ?? [
      '--linux',
      'linux-unpacked',
      'nightfall',
    ]
    const [flag = '--linux', folder = 'linux-unpacked', executable = 'nightfall'] = platform
    // The Electron distribution folder: node_modules/electron/dist (on macOS, the folder holding Electron.app).
    const dist = process.platform === 'darwin' ? (binary.path.split('/Electron.app/')[0] ?? '') : dirname(binary.path)
    const cli = join(REPO_ROOT, 'node_modules', 'electron-builder', 'cli.js')
    await promisify(execFile)(process.execPath, [cli, flag, '--dir', `-c.electronDist=${dist}`, `-c.directories.output=${scratch}`], {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
      // No code signing on a test machine (macOS would otherwise look for a signing identity).
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    })
    const packaged = join(scratch, process.platform === 'darwin' ? `${folder}${process.arch === 'arm64' ? '-arm64' : ''}` : folder, executable)
    const wire = await getCurrentFuseWire(packaged)
    const [off, on] = ['0'.charCodeAt(0), '1'.charCodeAt(0)]
    expect(wire[FuseV1Options.RunAsNode]).toBe(off)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(off)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(off)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(on)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(on)
  }, 180_000)
})
