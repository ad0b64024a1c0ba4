/**
 * Tier 3: the BUILT main process (out/main/index.js) run in Node against the fake `electron`
 * (test/electron-fake). Checks what the app really does at startup: which windows, with which
 * webPreferences, which pages and preloads, and that the security hardening holds.
 */
import { existsSync } from 'node:fs'
import { sep } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runMainWithFakeElectron, type FakeReport, type FakeWindowSnapshot } from './electron-fake/run'
import { probeProblems, roleOfPreload, securityProblems, windowProblems } from './support/electron-security'
import { BUILT, PAGE_ROLES } from './support/paths'

/** IPC channels the projector window may invoke. It can only listen, so none (add its readiness here if it becomes an invoke). */
const PROJECTOR_INVOKABLE = new Set<string>()

describe('built main process under the fake electron', () => {
  let report: FakeReport
  let exitCode: number

  beforeAll(async () => {
    expect(existsSync(BUILT.main), `${BUILT.main} is missing: the app project's global setup builds it`).toBe(true)
    ;({ report, exitCode } = await runMainWithFakeElectron({
      steps: [
        '--call',
        'referee.ping',
        '--subscribe',
        'projector.onView',
        '--send',
        'projector',
        'nightfall:projector:view',
        '{"phase":"night","round":1}',
      ],
    }))
  })

  const startupWindows = (): FakeWindowSnapshot[] => report.startup?.windows ?? []
  const windowFor = (role: string): FakeWindowSnapshot => {
    const window = startupWindows().find((candidate) => roleOfPreload(candidate) === role)
    if (!window) throw new Error(`no window with the ${role} preload`)
    return window
  }

  it('starts without errors', () => {
    expect(report.errors).toEqual([])
    expect(exitCode).toBe(0)
    expect(report.startup?.app.ready).toBe(true)
    expect(report.startup?.app.quitCalls).toBe(0)
  })

  it('creates exactly two windows: the referee and the projector', () => {
    expect(startupWindows()).toHaveLength(2)
    expect(startupWindows().map(roleOfPreload).sort()).toEqual([...PAGE_ROLES].sort())
  })

  it.each(PAGE_ROLES)(
    'gives the %s window isolated, sandboxed, node-free webPreferences and a .cjs preload',
    (role) => {
      const window = windowFor(role)
      expect(window.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      })
      expect(window.options.webPreferences?.webSecurity).not.toBe(false)
      expect(window.options.webPreferences?.preload).toBe(BUILT.preload(role))
      expect(windowProblems(window)).toEqual([])
    },
  )

  it.each(PAGE_ROLES)('loads the built %s page from disk, once', (role) => {
    const { loads } = windowFor(role)
    expect(loads).toEqual([expect.objectContaining({ kind: 'file', path: BUILT.page(role) })])
    expect(loads[0]?.path?.endsWith(`${sep}renderer${sep}${role}${sep}index.html`)).toBe(true)
    expect(existsSync(BUILT.page(role))).toBe(true)
  })

  it('runs each preload as a sandboxed CommonJS script that exposes only its own API', () => {
    expect(report.preloads.map(({ ok, error }) => ({ ok, error }))).toEqual([
      { ok: true, error: undefined },
      { ok: true, error: undefined },
    ])
    for (const role of PAGE_ROLES) {
      const probe = report.probes.find((candidate) => candidate.id === windowFor(role).id)
      expect(probe?.globals).toEqual([role])
    }
  })

  it('hardens every window: no navigation, no redirects, no window.open, no <webview>, no permissions', () => {
    expect(report.probes).toHaveLength(2)
    expect(probeProblems(report)).toEqual([])
    for (const probe of report.probes) {
      expect(probe.navigation.prevented).toBe(true)
      expect(probe.windowOpen).toEqual({ action: 'deny', handler: true })
      expect(Object.values(probe.permissions.request).every((answer) => answer === false)).toBe(true)
      expect(Object.values(probe.permissions.check).every((answer) => answer === false)).toBe(true)
    }
    expect(report.startup?.sessions).toContainEqual(
      expect.objectContaining({ partition: '', permissionRequestHandler: true, permissionCheckHandler: true }),
    )
  })

  it('lets only the referee window invoke referee IPC; the projector can invoke nothing', () => {
    const referee = report.probes.find((probe) => probe.id === windowFor('referee').id)
    const projector = report.probes.find((probe) => probe.id === windowFor('projector').id)
    expect(referee?.ipc['nightfall:referee:ping']).toEqual({ ok: true, value: 'pong' })
    for (const [channel, outcome] of Object.entries(projector?.ipc ?? {})) {
      if (!PROJECTOR_INVOKABLE.has(channel)) expect({ channel, ok: outcome.ok }).toEqual({ channel, ok: false })
    }
  })

  it('wires preload and main together: window.referee.ping() reaches the main handler', () => {
    expect(report.steps[0]).toMatchObject({ kind: 'call', target: 'referee.ping', ok: true, value: 'pong' })
  })

  it('delivers pushed views to window.projector.onView without the IPC event', () => {
    expect(report.steps.every((step) => step.ok)).toBe(true)
    expect(report.subscriptions).toEqual([{ target: 'projector.onView', received: [{ phase: 'night', round: 1 }] }])
  })

  it('closing the referee window closes the projector and quits', async () => {
    const { report: closed } = await runMainWithFakeElectron({ steps: ['--close', 'referee'] })
    expect(closed.errors).toEqual([])
    expect(closed.final.windows.every((window) => window.destroyed)).toBe(true)
    expect(closed.final.app.quitCalls).toBe(process.platform === 'darwin' ? 0 : 1)
  })

  it('a second instance opens no windows and quits', async () => {
    const { report: second } = await runMainWithFakeElectron({ env: { ELECTRON_FAKE_SECOND_INSTANCE: '1' } })
    expect(second.errors).toEqual([])
    expect(second.final.windows).toEqual([])
    expect(second.final.app.quitCalls).toBe(1)
  })
})

describe('the harness catches an insecure main process', () => {
  it('reports every mistake of test/electron-fake/fixtures/insecure-main.mjs', async () => {
    const { report } = await runMainWithFakeElectron({ main: 'test/electron-fake/fixtures/insecure-main.mjs' })
    const problems = securityProblems(report).join('\n')
    expect(problems).toContain('webPreferences.contextIsolation is false, must be true')
    expect(problems).toContain('webPreferences.sandbox is false, must be true')
    expect(problems).toContain('webPreferences.nodeIntegration is true, must be false')
    expect(problems).toContain('webPreferences.webSecurity must not be false')
    expect(problems).toContain('must be a CommonJS .cjs file')
    expect(problems).toContain('loads https://example.com/')
    expect(problems).toContain('navigation to another site is allowed')
    expect(problems).toContain('window.open is not handled')
    expect(problems).toContain('permission request for media answers no-handler')
    expect(report.probes[0]?.ipc['nightfall:referee:ping']).toEqual({ ok: true, value: 'pong' })
  })
})
