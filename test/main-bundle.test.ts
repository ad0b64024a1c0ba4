/**
 * Tier 3: the BUILT main process (out/main/index.js) run in Node against the fake `electron`
 * (test/electron-fake), with the built preloads loaded as a sandboxed renderer would load them.
 * Checks what the app really does: its windows and their webPreferences, the security hardening,
 * the IPC guard (who may call what), what each window is sent, displays and the menu.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRESETS } from '../src/engine/rulesets'
import { suggestCounts } from '../src/engine/setup'
import type { ProjectorScreen, RefereeAppView, StartGameRequest } from '../src/shared/api'
import { REFEREE_METHODS } from '../src/shared/api'
import { IPC } from '../src/shared/ipc'
import { CATALOG } from '../src/shared/locales/catalog'
import { translate } from '../src/shared/messages'
import { ROLE_IDS, type RoleId } from '../src/shared/roles'
import { launchMain, type FakeMenuItem, type FakeSnapshot, type FakeWindowSnapshot, type MainRun, type Page, type Stopped } from './electron-fake/run'
import { probeProblems, roleOfPreload, securityProblems, windowProblems } from './support/electron-security'
import { BUILT, OUT, PAGE_ROLES, RUNTIME_ICON } from './support/paths'

const ruleset = PRESETS.maffiasig
const players = ['Anna', 'Bence', 'Csilla', 'Dani', 'Emese', 'Feri', 'Gabi', 'Hanna']
const startRequest: StartGameRequest = { ruleset, players, counts: suggestCounts(ruleset, players.length), dealMode: 'digital' }
const json = (value: unknown): string => JSON.stringify(value)

/** Every string value in `value` (not keys), skipping the subtrees under `skip` keys. */
function stringsIn(value: unknown, skip: ReadonlySet<string>): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap((item) => stringsIn(item, skip))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => (skip.has(key) ? [] : stringsIn(item, skip)))
  return []
}

/**
 * What a projector push gives away: a role on a living player's seat, or a role id anywhere (the
 * role names table aside) that no dead player's seat has made public.
 */
function projectorLeaks(screen: ProjectorScreen): string[] {
  if (screen.kind !== 'game') return []
  const { seats } = screen.view
  const leaks = seats.filter((seat) => seat.alive && seat.role !== null).map((seat) => `seat ${seat.seat} (alive) shows ${seat.role}`)
  const publicRoles = new Set(seats.filter((seat) => !seat.alive && seat.role !== null).map((seat) => seat.role))
  for (const text of stringsIn(screen.view, new Set(['roleNames']))) {
    if ((ROLE_IDS as readonly string[]).includes(text) && !publicRoles.has(text as RoleId)) leaks.push(`role "${text}" is shown`)
  }
  return leaks
}

function findMenuItem(items: FakeMenuItem[] | null | undefined, test: (item: FakeMenuItem) => boolean): FakeMenuItem | undefined {
  for (const item of items ?? []) {
    if (test(item)) return item
    const found = findMenuItem(item.submenu, test)
    if (found) return found
  }
  return undefined
}

const windowIn = (snapshot: FakeSnapshot | null | undefined, role: string): FakeWindowSnapshot => {
  const window = snapshot?.windows.find((candidate) => roleOfPreload(candidate) === role && !candidate.destroyed)
  if (!window) throw new Error(`no open window with the ${role} preload`)
  return window
}

type Sent = Partial<Record<Page, number>>

describe('built main process under the fake electron', () => {
  let main: MainRun
  let stopped: Stopped
  /** What each call answered, by name, in the order they were made. */
  const got: Record<string, unknown> = {}
  /** How many messages each page had been sent after the named call. */
  const sentAfter: Record<string, Sent> = {}
  let received: { projector: ProjectorScreen[]; referee: RefereeAppView[] }

  beforeAll(async () => {
    expect(existsSync(BUILT.main), `${BUILT.main} is missing: the app project's global setup builds it`).toBe(true)
    main = await launchMain()
    const at = async (name: string, answer: Promise<unknown>): Promise<void> => {
      got[name] = await answer
      sentAfter[name] = await main.sent()
    }
    await main.subscribe('projector', 'onView')
    await main.subscribe('referee', 'onView')
    await at('projectorReady', main.call('projector', 'ready'))
    await at('firstView', main.call('referee', 'ready'))
    await at('checkSetup', main.call('referee', 'checkSetup', ruleset, players))
    // The odds estimator runs in its worker thread, built as out/main/estimator-worker.js.
    await at('estimate', main.call('referee', 'estimate', { ruleset, players: players.length, counts: startRequest.counts, policy: 'random', games: 200 }))
    // Malformed calls from the referee's own page: typed errors, nothing changes.
    await at('badArgsViaPreload', main.call('referee', 'play', { type: 'shoot', shooter: 'a', target: 'b' }))
    await at('argsNotAList', main.invoke('referee', IPC.refereeCall, 'play', 'not a list'))
    await at('unknownMethod', main.invoke('referee', IPC.refereeCall, 'constructor', []))
    // The same valid call from anywhere but the referee page's main frame: forbidden.
    await at('startFromProjector', main.invoke('projector', IPC.refereeCall, 'startGame', [startRequest]))
    await at('startFromStranger', main.invoke('stranger', IPC.refereeCall, 'startGame', [startRequest]))
    await at('startFromSubframe', main.invoke('referee/subframe', IPC.refereeCall, 'startGame', [startRequest]))
    // Readiness from anywhere but the projector page: ignored.
    await at('readyFromReferee', main.ipcSend('referee', IPC.projectorReady))
    await at('readyFromProjectorSubframe', main.ipcSend('projector/subframe', IPC.projectorReady))
    await at('viewAfterRefusals', main.call('referee', 'ready'))
    // A game, through the referee's preload.
    await at('startGame', main.call('referee', 'startGame', startRequest))
    // Save role cards as PDF: the save dialog comes first; cancelled there, nothing is rendered.
    await at('printCardsCancelled', main.call('referee', 'printCards', { kind: 'personal', paper: 'a4', backs: false, locale: 'en' }, 'pdf'))
    await at('endNight', main.call('referee', 'play', { type: 'endNightStep' }))
    await at('randomDeath', main.call('referee', 'play', { type: 'drawRandomDeath' }))
    await at('viewWithDeath', main.call('referee', 'ready'))
    // The menu.
    await at('menuUndo', main.menu('undo-step'))
    await at('viewAfterUndo', main.call('referee', 'ready'))
    await at('menuFullScreen', main.menu('projector-full-screen'))
    await at('viewFullScreen', main.call('referee', 'ready'))
    await at('projectorLeavesFullScreen', main.fullScreen('projector', false))
    await at('viewWindowed', main.call('referee', 'ready'))
    await at('menuNewGame', main.menu('new-game'))
    await at('viewAfterNewGame', main.call('referee', 'ready'))
    received = { projector: await main.received('projector', 'onView'), referee: await main.received('referee', 'onView') }
    stopped = await main.stop()
  })

  const viewAt = (name: string): RefereeAppView => {
    expect(got[name]).toMatchObject({ screen: expect.any(String) })
    return got[name] as RefereeAppView
  }
  const windowFor = (role: string): FakeWindowSnapshot => windowIn(main.startup, role)
  const finalWindow = (role: string): FakeWindowSnapshot => windowIn(stopped.final, role)

  it('asks where to save role cards before rendering anything; cancelled, no print window is made', () => {
    expect(got['printCardsCancelled']).toMatchObject({ ok: true, value: { done: 'cancelled' } })
    expect(stopped.final.dialog.map((call) => call.method)).toEqual(['showSaveDialog'])
    expect(stopped.final.windows.filter((w) => w.options.title === 'Nightfall — Cards')).toEqual([])
  })

  it('starts without errors, and every step ran (a step that throws fails beforeAll)', () => {
    expect(stopped.errors).toEqual([])
    expect(stopped.exitCode).toBe(0)
    expect(main.startup.app.ready).toBe(true)
    expect(main.startup.app.quitCalls).toBe(0)
    expect(Object.keys(got)).toHaveLength(26)
    expect(got['startGame']).toMatchObject({ ok: true })
    expect(got['endNight']).toMatchObject({ ok: true })
    expect(got['randomDeath']).toMatchObject({ ok: true })
  })

  it('creates exactly two windows: the referee and the projector', () => {
    expect(main.startup.windows).toHaveLength(2)
    expect(main.startup.windows.map(roleOfPreload).sort()).toEqual([...PAGE_ROLES].sort())
  })

  it.each(PAGE_ROLES)('gives the %s window isolated, sandboxed, node-free webPreferences and a .cjs preload', (role) => {
    const window = windowFor(role)
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    })
    expect(window.options.webPreferences?.preload).toBe(BUILT.preload(role))
    expect(windowProblems(window)).toEqual([])
  })

  it('lets only the projector play sound without a click (the chimes on the room’s speakers)', () => {
    expect(windowFor('projector').options.webPreferences?.autoplayPolicy).toBe('no-user-gesture-required')
    for (const role of PAGE_ROLES.filter((r) => r !== 'projector'))
      expect(windowFor(role).options.webPreferences?.autoplayPolicy).toBe('document-user-activation-required')
  })

  it.each(PAGE_ROLES)('loads the built %s page from disk, once', (role) => {
    const { loads } = windowFor(role)
    expect(loads).toEqual([expect.objectContaining({ kind: 'file', path: BUILT.page(role) })])
    expect(loads[0]?.path?.endsWith(`${sep}renderer${sep}${role}${sep}index.html`)).toBe(true)
    expect(existsSync(BUILT.page(role))).toBe(true)
  })

  it.each(PAGE_ROLES)('gives the %s window the app icon, resources/icon.png', (role) => {
    expect(windowFor(role).options.icon).toBe(RUNTIME_ICON)
    expect(readFileSync(RUNTIME_ICON).subarray(1, 4).toString()).toBe('PNG')
  })

  it('builds each preload as one CommonJS file that requires nothing but electron', () => {
    for (const role of PAGE_ROLES) {
      const source = readFileSync(BUILT.preload(role), 'utf8')
      expect([...source.matchAll(/\brequire\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((m) => m[2])).toEqual(['electron'])
      expect(source).not.toMatch(/\bimport\s*\(|^\s*import\s/m)
      expect(source, 'no zod in a preload').not.toMatch(/\bzod\b|safeParse/)
    }
  })

  it("builds the print window's preload the same way; it only receives the payload, it can send nothing", () => {
    const source = readFileSync(join(OUT, 'preload', 'cards.cjs'), 'utf8')
    expect([...source.matchAll(/\brequire\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((m) => m[2])).toEqual(['electron'])
    expect(source).not.toMatch(/\bzod\b|safeParse/)
    expect(source).toContain(`"${IPC.cardsPayload}"`)
    expect(source).toMatch(/exposeInMainWorld\(\s*"cards"/)
    expect(source, 'no way to send anything back').not.toMatch(/\.(send|invoke|sendSync|postMessage|sendToHost)\s*\(/)
  })

  it('runs each preload sandboxed; it exposes exactly its window API, nothing generic', () => {
    expect(main.preloads.map(({ ok, error }) => ({ ok, error }))).toEqual([
      { ok: true, error: undefined },
      { ok: true, error: undefined },
    ])
    for (const role of PAGE_ROLES) {
      const probe = main.probes.find((candidate) => candidate.id === windowFor(role).id)
      expect(probe?.globals).toEqual([role])
    }
    const refereeApi = finalWindow('referee').webContents.api['referee'] ?? []
    // Every RefereeApi method by name (the host's allow-list: the schemas' keys), plus onView and onMenu.
    expect([...refereeApi].sort()).toEqual([...REFEREE_METHODS, 'onView', 'onMenu'].sort())
    expect(refereeApi).not.toContain('send')
    expect(refereeApi).not.toContain('invoke')
    expect(finalWindow('projector').webContents.api).toEqual({ projector: ['onView', 'ready'] })
  })

  it('hardens every window: no navigation, no redirects, no window.open, no <webview>, no permissions', () => {
    expect(main.probes).toHaveLength(2)
    expect(probeProblems(main)).toEqual([])
    for (const probe of main.probes) {
      expect(probe.navigation.prevented).toBe(true)
      expect(probe.windowOpen).toEqual({ action: 'deny', handler: true })
      expect(Object.values(probe.permissions.request).every((answer) => answer === false)).toBe(true)
      expect(Object.values(probe.permissions.check).every((answer) => answer === false)).toBe(true)
    }
    expect(main.startup.sessions).toContainEqual(expect.objectContaining({ partition: '', permissionRequestHandler: true, permissionCheckHandler: true }))
  })

  it('registers exactly the shared channel list: one call handler, one readiness listener', () => {
    expect(main.startup.ipcMain.handlers).toEqual([IPC.refereeCall])
    expect(main.startup.ipcMain.listeners).toEqual([IPC.projectorReady])
    const sentChannels = new Set(stopped.final.windows.flatMap((window) => window.webContents.sent.map((sent) => sent.channel)))
    // (The quick start's menu message is sent only when Help is clicked: not in this run.)
    expect([...sentChannels].sort()).toEqual([IPC.projectorScreen, IPC.refereeView].sort())
  })

  it('answers the referee page through its preload', () => {
    const first = viewAt('firstView')
    expect(first).toMatchObject({ screen: 'setup', game: null, projectorFullscreen: false })
    expect(first.presets.map((preset) => preset.id)).toEqual(['maffiasig', 'estonian', 'swedish'])
    expect(got['checkSetup']).toMatchObject({ ok: true, value: { suggested: startRequest.counts, problems: [] } })
  })

  it('runs the estimator in its own worker entry of the built main process', () => {
    expect(existsSync(BUILT.main.replace(/index\.js$/, 'estimator-worker.js'))).toBe(true)
    // So does the import's check (out/main/import-worker.js): a large or hostile file does not stall the host.
    expect(existsSync(BUILT.main.replace(/index\.js$/, 'import-worker.js'))).toBe(true)
    const answer = got['estimate'] as { ok: boolean; value?: { games: number; town: number; mafia: number } }
    expect(answer).toMatchObject({ ok: true, value: { games: 200 } })
    expect((answer.value?.town ?? 0) + (answer.value?.mafia ?? 0)).toBeGreaterThan(0.9)
  })

  it('gives malformed calls from the referee page a typed error', () => {
    expect(got['badArgsViaPreload']).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(got['argsNotAList']).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(got['unknownMethod']).toMatchObject({ ok: false, error: { code: 'unknown-method' } })
    // The startup probe invoked the call channel with no arguments at all.
    const refereeProbe = main.probes.find((probe) => probe.id === windowFor('referee').id)
    expect(refereeProbe?.ipc[IPC.refereeCall]).toMatchObject({ ok: true, value: { ok: false, error: { code: 'unknown-method' } } })
  })

  it('refuses referee calls from the projector, from a window-less web contents and from a subframe, changing nothing', () => {
    for (const name of ['startFromProjector', 'startFromStranger', 'startFromSubframe'] as const) {
      expect({ name, value: got[name] }).toEqual({
        name,
        value: { ok: false, error: { code: 'forbidden', message: expect.any(String) } },
      })
    }
    const projectorProbe = main.probes.find((probe) => probe.id === windowFor('projector').id)
    expect(projectorProbe?.ipc[IPC.refereeCall]).toMatchObject({ ok: true, value: { ok: false, error: { code: 'forbidden' } } })
    // Nothing was started and nothing was pushed to either window.
    expect(viewAt('viewAfterRefusals')).toMatchObject({ screen: 'setup', game: null, resumable: null })
    expect(sentAfter['viewAfterRefusals']).toEqual(sentAfter['estimate'])
  })

  it('ignores projector readiness from the referee page and from a subframe; the projector page gets its screen', () => {
    expect(sentAfter['projectorReady']?.projector).toBe(1)
    expect(sentAfter['readyFromReferee']?.projector).toBe(1)
    expect(sentAfter['readyFromProjectorSubframe']?.projector).toBe(1)
    expect(finalWindow('projector').webContents.sent[0]).toEqual({
      channel: IPC.projectorScreen,
      args: [{ kind: 'idle', sentAt: expect.any(Number), lang: 'en', sound: { volume: 70, muted: false } }],
    })
  })

  it('sends the projector only projector:screen pushes, and never a living player’s role', () => {
    const withDeath = viewAt('viewWithDeath')
    const seats = withDeath.game?.seats ?? []
    // The secret exists: the referee sees every role; somebody died.
    expect(seats.map((seat) => seat.role).every((role) => role !== null)).toBe(true)
    expect(seats.filter((seat) => !seat.alive)).toHaveLength(1)

    const sent = finalWindow('projector').webContents.sent
    expect(sent.length).toBeGreaterThanOrEqual(5)
    expect(new Set(sent.map((message) => message.channel))).toEqual(new Set([IPC.projectorScreen]))
    const screens = sent.map((message) => {
      expect(message.args).toHaveLength(1)
      return message.args[0] as ProjectorScreen
    })
    expect(screens.filter((screen) => screen.kind === 'game').length).toBeGreaterThanOrEqual(4)
    expect(screens.flatMap(projectorLeaks)).toEqual([])
    // What window.projector.onView delivered is exactly what was sent.
    expect(received.projector).toEqual(screens)
  })

  it('pushes the referee page its view through window.referee.onView', () => {
    const sent = finalWindow('referee').webContents.sent
    expect(new Set(sent.map((message) => message.channel))).toEqual(new Set([IPC.refereeView]))
    expect(received.referee).toEqual(sent.map((message) => message.args[0]))
    expect(received.referee.some((view) => view.screen === 'game')).toBe(true)
  })

  it('menu: Undo Last Step, Projector Full Screen and New Game act on the host', () => {
    expect(got['menuUndo']).toEqual({ clicked: true })
    const afterUndo = viewAt('viewAfterUndo')
    expect(afterUndo.game?.seats.every((seat) => seat.alive)).toBe(true)
    expect(afterUndo.game?.undoable).toBe((viewAt('viewWithDeath').game?.undoable ?? 0) - 1)

    expect(got['menuFullScreen']).toEqual({ clicked: true })
    expect(viewAt('viewFullScreen').projectorFullscreen).toBe(true)
    // Leaving full screen some other way (the OS, Esc) is reflected in the referee's view.
    expect(viewAt('viewWindowed').projectorFullscreen).toBe(false)
    expect(finalWindow('projector').fullScreen).toBe(false)

    expect(got['menuNewGame']).toEqual({ clicked: true })
    const afterNewGame = viewAt('viewAfterNewGame')
    expect(afterNewGame).toMatchObject({ screen: 'setup', game: null })
    expect(afterNewGame.resumable?.players).toEqual(players)
  })

  it('menu: the items and the shortcuts people expect; no reload or devtools in a built app', () => {
    const menu = main.startup.applicationMenu
    const byId = (id: string): FakeMenuItem | undefined => findMenuItem(menu, (item) => item.id === id)
    const byLabel = (label: string): FakeMenuItem | undefined => findMenuItem(menu, (item) => item.label === label)
    const en = (key: string): string => translate('en', `help.menu.${key}`)
    expect(byId('new-game')).toEqual({ id: 'new-game', label: en('newGame'), accelerator: 'CmdOrCtrl+N', enabled: false })
    // Ctrl+Z belongs to the referee page (it knows about text fields and the role reveal): no accelerator here.
    expect(byId('undo-step')).toEqual({ id: 'undo-step', label: en('undo'), enabled: false })
    expect(byId('projector-full-screen')?.accelerator).toBe(process.platform === 'darwin' ? 'CmdOrCtrl+Shift+F' : 'F11')
    expect(byId('show-projector')).toBeDefined()
    expect(byId('quick-start')).toEqual({ id: 'quick-start', label: en('quickStart'), accelerator: 'F1' })
    if (process.platform !== 'darwin') expect(byLabel(en('quit'))?.accelerator).toBe('CmdOrCtrl+Q')
    const edit = menu?.find((item) => item.label === en('edit'))
    expect(edit?.submenu?.map((item) => item.label)).toEqual(
      ['undoEdit', 'redo', 'separator', 'cut', 'copy', 'paste', 'selectAll'].map((k) => (k === 'separator' ? k : en(k))),
    )
    expect(byLabel(en('reload'))).toBeUndefined()
    expect(byLabel(en('devTools'))).toBeUndefined()
  })

  it("menu: in the referee's language, every label from the locale files, built again when the language changes; Help opens the quick start", async () => {
    const run = await launchMain()
    const labels = (menu: FakeMenuItem[] | null | undefined): string[] =>
      (menu ?? []).flatMap((item) => [...(item.label === 'separator' ? [] : [item.label]), ...labels(item.submenu)])
    const keys = Object.keys((CATALOG['en']?.['help']?.['help'] as { menu: Record<string, string> }).menu)
    const menuWords = (lang: string): Set<string> => new Set(keys.map((k) => translate(lang, `help.menu.${k}`)))
    // macOS adds the app and window menus by role (the OS names them); every other label is ours.
    const ours = (menu: FakeSnapshot['applicationMenu']): string[] => labels(menu).filter((l) => !['appMenu', 'windowMenu'].includes(l))
    const before = ours(run.startup.applicationMenu)
    expect(before.length).toBeGreaterThan(10)
    for (const label of before) expect(menuWords('en').has(label), label).toBe(true)
    for (const lang of ['hu', 'et', 'sv', 'ja'] as const) {
      expect(await run.call('referee', 'setLanguage', lang, null)).toMatchObject({ ok: true })
      const now = ours((await run.snapshot()).applicationMenu)
      expect(now, lang).toHaveLength(before.length)
      const english = menuWords('en')
      for (const label of now) {
        expect(menuWords(lang).has(label), `${lang}: ${label}`).toBe(true)
        expect(english.has(label), `${lang}: "${label}" is English`).toBe(false)
      }
    }
    expect(await run.menu('quick-start')).toEqual({ clicked: true })
    const done = await run.stop()
    expect(done.errors).toEqual([])
    const referee = done.final.windows.find((window) => roleOfPreload(window) === 'referee' && !window.destroyed)
    expect(referee?.webContents.sent.filter((m) => m.channel === IPC.refereeMenu).map((m) => m.args)).toEqual([['quickStart']])
  })

  it('menu: items follow the game (enabled only when they can act)', () => {
    const final = stopped.final.applicationMenu
    // Back on the setup screen after New Game: both disabled again.
    expect(findMenuItem(final, (item) => item.id === 'new-game')?.enabled).toBe(false)
    expect(findMenuItem(final, (item) => item.id === 'undo-step')?.enabled).toBe(false)
  })

  it('closing the referee window closes the projector and quits (the host is disposed without errors)', async () => {
    const run = await launchMain()
    await run.close('referee')
    const closed = await run.stop()
    expect(closed.errors).toEqual([])
    expect(closed.final.windows.every((window) => window.destroyed)).toBe(true)
    expect(closed.final.app.quitCalls).toBe(process.platform === 'darwin' ? 0 : 1)
  })

  it('a second instance opens no windows and quits', async () => {
    const second = await (await launchMain({ env: { ELECTRON_FAKE_SECOND_INSTANCE: '1' } })).stop()
    expect(second.errors).toEqual([])
    expect(second.final.windows).toEqual([])
    expect(second.final.app.quitCalls).toBe(1)
  })

  it('a closed projector window comes back from the menu; a save the room cannot see sends it nothing', async () => {
    // The new page asks for its screen itself (ready) when it loads; the host's send-on-change memory
    // starts from the current screen when it subscribes, so a roster save sends no duplicate idle screen.
    const run = await launchMain()
    await run.close('projector')
    expect(await run.menu('show-projector')).toEqual({ clicked: true })
    expect(await run.call('referee', 'saveRoster', ['Anna', 'Bence'])).toMatchObject({ ok: true })
    const reopened = await run.stop()
    expect(reopened.errors).toEqual([])
    const projectors = reopened.final.windows.filter((window) => roleOfPreload(window) === 'projector')
    expect(projectors.map((window) => window.destroyed)).toEqual([true, false])
    expect(projectors[1]?.webContents.url).toMatch(/\/renderer\/projector\/index\.html$/)
    expect(projectors[0]?.webContents.sent).toEqual([])
    expect(projectors[1]?.webContents.sent).toEqual([])
  })
})

describe('the projector and the displays', () => {
  const TWO_DISPLAYS = json([
    { id: 1, x: 0, y: 0, width: 1920, height: 1080 },
    { id: 2, x: 1920, y: 0, width: 1280, height: 720 },
  ])
  const projectorOf = (snapshot: FakeSnapshot | null | undefined): FakeWindowSnapshot => windowIn(snapshot, 'projector')
  const insidePrimary = (bounds: FakeWindowSnapshot['bounds']): boolean =>
    bounds.x >= 0 && bounds.y >= 0 && bounds.x + bounds.width <= 1920 && bounds.y + bounds.height <= 1080

  it('opens full screen on the external display; when that display is removed, comes back as a window on the primary', async () => {
    const run = await launchMain({ env: { ELECTRON_FAKE_DISPLAYS: TWO_DISPLAYS } })
    const before = await run.call<RefereeAppView>('referee', 'ready')
    await run.removeDisplay(2)
    const later = await run.call<RefereeAppView>('referee', 'ready')
    const { errors, final } = await run.stop()
    expect(errors).toEqual([])
    const atStart = projectorOf(run.startup)
    expect(atStart.options).toMatchObject({ fullscreen: true, x: 1920, y: 0, width: 1280, height: 720 })
    expect(atStart.fullScreen).toBe(true)
    expect(before.projectorFullscreen).toBe(true)
    // The referee window stays on the primary display.
    expect(insidePrimary(windowIn(run.startup, 'referee').bounds)).toBe(true)

    const after = projectorOf(final)
    expect(after.fullScreen).toBe(false)
    expect(insidePrimary(after.bounds)).toBe(true)
    expect(later.projectorFullscreen).toBe(false)
  })

  it('opens as a normal window with a single display; moves full screen onto a display plugged in later', async () => {
    const run = await launchMain()
    await run.addDisplay({ id: 2, x: 1920, y: 0, width: 1280, height: 720 })
    const later = await run.call<RefereeAppView>('referee', 'ready')
    const { errors, final } = await run.stop()
    expect(errors).toEqual([])
    const atStart = projectorOf(run.startup)
    expect(atStart.fullScreen).toBe(false)
    expect(atStart.options).toMatchObject({ fullscreen: false })
    expect(insidePrimary(atStart.bounds)).toBe(true)

    const after = projectorOf(final)
    expect(after.fullScreen).toBe(true)
    expect(after.bounds).toMatchObject({ x: 1920, y: 0, width: 1280, height: 720 })
    expect(later.projectorFullscreen).toBe(true)
  })

  it('leaves a projector that is already full screen on an external display where it is', async () => {
    const run = await launchMain({ env: { ELECTRON_FAKE_DISPLAYS: TWO_DISPLAYS } })
    await run.addDisplay({ id: 3, x: 3200, y: 0, width: 1024, height: 768 })
    await run.removeDisplay(3)
    const { errors, final } = await run.stop()
    expect(errors).toEqual([])
    const after = projectorOf(final)
    expect(after.fullScreen).toBe(true)
    expect(after.bounds).toMatchObject({ x: 1920, width: 1280 })
  })
})

describe('the harness catches an insecure main process', () => {
  it('reports every mistake of test/electron-fake/fixtures/insecure-main.mjs', async () => {
    const run = await launchMain({ main: 'test/electron-fake/fixtures/insecure-main.mjs' })
    await run.stop()
    const problems = securityProblems(run).join('\n')
    expect(problems).toContain('webPreferences.contextIsolation is false, must be true')
    expect(problems).toContain('webPreferences.sandbox is false, must be true')
    expect(problems).toContain('webPreferences.nodeIntegration is true, must be false')
    expect(problems).toContain('webPreferences.webSecurity must not be false')
    expect(problems).toContain('must be a CommonJS .cjs file')
    expect(problems).toContain('loads https://example.com/')
    expect(problems).toContain('navigation to another site is allowed')
    expect(problems).toContain('window.open is not handled')
    expect(problems).toContain('permission request for media answers no-handler')
    expect(run.probes[0]?.ipc['nightfall:referee:ping']).toEqual({ ok: true, value: 'pong' })
  })
})
