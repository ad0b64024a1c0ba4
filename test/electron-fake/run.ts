/**
 * Run a main bundle (by default the built out/main/index.js) in a child Node process against the
 * fake `electron`, and return what it did. See run-main.mjs for the steps and the probes.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPORT_MARKER = '@@ELECTRON_FAKE_REPORT@@'

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url))

export interface FakeLoad {
  kind: 'file' | 'url'
  path?: string
  url?: string
}

export interface FakeWindowSnapshot {
  id: number
  options: {
    title?: string
    show?: boolean
    icon?: string
    webPreferences?: Record<string, unknown> & { preload?: string }
  }
  loads: FakeLoad[]
  visible: boolean
  destroyed: boolean
  fullScreen: boolean
  bounds: { x: number; y: number; width: number; height: number }
  webContents: {
    id: number
    url: string
    hasWindowOpenHandler: boolean
    mainWorld: string[]
    /** The keys of each object its preload exposed, e.g. { projector: ['onView', 'ready'] }. */
    api: Record<string, string[]>
    sent: { channel: string; args: unknown[] }[]
  }
}

/** One application-menu item as the fake describes it: its label (or role), id, accelerator, submenu. */
export interface FakeMenuItem {
  label: string
  id?: string
  accelerator?: string
  /** Present (false) only for a disabled item. */
  enabled?: false
  submenu?: FakeMenuItem[]
}

export interface FakeSnapshot {
  app: {
    ready: boolean
    quitCalls: number
    exitCode: number | null
    singleInstanceLock: boolean | null
    listeners: string[]
  }
  windows: FakeWindowSnapshot[]
  ipcMain: { handlers: string[]; listeners: string[] }
  sessions: {
    partition: string
    permissionRequestHandler: boolean
    permissionCheckHandler: boolean
    devicePermissionHandler: boolean
  }[]
  screen: {
    displays: { id: number; bounds: { x: number; y: number; width: number; height: number } }[]
    listeners: string[]
  }
  applicationMenu: FakeMenuItem[] | null
  shell: unknown[]
  dialog: unknown[]
  calls: ({ type: string } & Record<string, unknown>)[]
}

export interface FakeProbe {
  id: number
  globals: string[]
  navigation: { prevented: boolean }
  redirect: { prevented: boolean }
  windowOpen: { action: string; handler: boolean }
  webview: { prevented: boolean }
  /** Per permission: the handler's answer, or 'no-handler' (Electron would grant) / 'no-answer'. */
  permissions: { request: Record<string, boolean | string>; check: Record<string, boolean | string> }
  /** Every ipcMain.handle channel invoked from this window with no arguments. */
  ipc: Record<string, { ok: true; value: unknown } | { ok: false; error: string }>
}

export interface FakeReport {
  errors: { where: string; error: string }[]
  startup: FakeSnapshot | null
  preloads: { window: number; preload: string; ok: boolean; error?: string }[]
  probes: FakeProbe[]
  /** Each step as given, its outcome, and `sent`: how many messages each window had been sent after it. */
  steps: ({
    kind: string
    target: string
    ok: boolean
    value?: unknown
    error?: string
    sent: Record<string, number>
  } & Record<string, unknown>)[]
  subscriptions: { target: string; received: unknown[] }[]
  final: FakeSnapshot
}

export interface RunResult {
  report: FakeReport
  exitCode: number
  stdout: string
  stderr: string
}

export interface RunOptions {
  /** Bundle to run; default out/main/index.js (relative to the repo root). */
  main?: string
  /** Steps for run-main.mjs, e.g. ['--call', 'referee.ready']. */
  steps?: string[]
  /** Extra environment, e.g. { ELECTRON_FAKE_DISPLAYS: '[…]', ELECTRON_FAKE_SECOND_INSTANCE: '1' }. */
  env?: Record<string, string>
  /** app.getPath('userData'), to inspect what the app stored; default: a temp directory removed afterwards. */
  userData?: string
  cwd?: string
}

export async function runMainWithFakeElectron(options: RunOptions = {}): Promise<RunResult> {
  const cwd = options.cwd ?? fileURLToPath(new URL('../..', import.meta.url))
  const args = [
    '--import',
    here('./register.mjs'),
    here('./run-main.mjs'),
    '--main',
    options.main ?? 'out/main/index.js',
    ...(options.steps ?? []),
  ]
  const userData = options.userData ?? mkdtempSync(join(tmpdir(), 'nightfall-userdata-'))
  const env = { ...process.env, ELECTRON_FAKE_USER_DATA: userData, ...options.env }
  const run = new Promise<{ stdout: string; stderr: string; exitCode: number }>((resolve) => {
    execFile(process.execPath, args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 30_000 }, (error, out, err) => {
      const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0
      resolve({ stdout: out, stderr: err, exitCode: code })
    })
  })
  const { stdout, stderr, exitCode } = await run.finally(() => {
    if (options.userData === undefined) rmSync(userData, { recursive: true, force: true })
  })
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(REPORT_MARKER))
  if (!line) {
    throw new Error(
      `the fake-electron run printed no report (exit ${exitCode}).\nstdout:\n${stdout}\nstderr:\n${stderr}`,
    )
  }
  return { report: JSON.parse(line.slice(REPORT_MARKER.length)) as FakeReport, exitCode, stdout, stderr }
}
