/**
 * Run a main bundle (by default the built out/main/index.js) in a child Node process against the
 * fake `electron`, and drive it through a typed interface: `const main = await launchMain()`, then
 * `await main.call('referee', 'ready')`, `main.invoke('referee/subframe', channel, …)`,
 * `main.menu('undo-step')` … and `await main.stop()`. The child is driver.mjs; each call is one
 * request over the child's IPC channel, answered once the app's pending work has settled.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

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
  dialog: { method: string; options: Record<string, unknown> }[]
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

/** A page by the global its preload exposes (window.referee, window.projector). */
export type Page = 'referee' | 'projector'
/** Where a raw IPC message comes from: a page's main frame, an <iframe> of it, or a web contents of no window. */
export type IpcSource = Page | `${Page}/subframe` | 'stranger'
export interface DisplaySpec {
  id: number
  x?: number
  y?: number
  width?: number
  height?: number
}

/** What the app did before the first request: the windows after `ready`, the preloads, the probes. */
export interface Started {
  startup: FakeSnapshot
  preloads: { window: number; preload: string; ok: boolean; error?: string }[]
  probes: FakeProbe[]
}

export interface Stopped {
  errors: { where: string; error: string }[]
  final: FakeSnapshot
  exitCode: number
}

/** The running bundle. Every method resolves once the app's pending work has settled; a step that throws rejects. */
export interface MainRun extends Started {
  /** Call `window.<page>.<method>(...args)`, as the page would, and resolve to what it returns. */
  call<T = unknown>(page: Page, method: string, ...args: unknown[]): Promise<T>
  /** Pass `window.<page>.<method>` a recording callback (onView); read what it got with `received`. */
  subscribe(page: Page, method: string): Promise<void>
  received<T = unknown>(page: Page, method: string): Promise<T[]>
  /** Raw `ipcRenderer.invoke(channel, ...args)` from `from`, as a hostile page could. */
  invoke<T = unknown>(from: IpcSource, channel: string, ...args: unknown[]): Promise<T>
  /** Raw `ipcRenderer.send(channel, ...args)` from `from`. */
  ipcSend(from: IpcSource, channel: string, ...args: unknown[]): Promise<void>
  /** Click the application menu's item `id`. */
  menu(id: string): Promise<{ clicked: boolean; reason?: string }>
  /** Close the page's window. */
  close(page: Page): Promise<void>
  /** The page's window enters or leaves full screen (as the OS would do it). */
  fullScreen(page: Page, flag: boolean): Promise<void>
  addDisplay(spec: DisplaySpec): Promise<void>
  removeDisplay(id: number): Promise<void>
  /** How many messages each page has been sent so far. */
  sent(): Promise<Partial<Record<Page, number>>>
  snapshot(): Promise<FakeSnapshot>
  /** Everything that went wrong (uncaught errors, preloads), the last picture, and the child's exit code. */
  stop(): Promise<Stopped>
}

export interface LaunchOptions {
  /** Bundle to run; default out/main/index.js (relative to cwd). */
  main?: string
  /** Extra environment, e.g. { ELECTRON_FAKE_DISPLAYS: '[…]', ELECTRON_FAKE_SECOND_INSTANCE: '1' }. */
  env?: Record<string, string>
  /** app.getPath('userData'); default: a temp directory removed on stop. */
  userData?: string
  cwd?: string
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

export async function launchMain(options: LaunchOptions = {}): Promise<MainRun> {
  const cwd = options.cwd ?? fileURLToPath(new URL('../..', import.meta.url))
  const userData = options.userData ?? mkdtempSync(join(tmpdir(), 'nightfall-userdata-'))
  const child: ChildProcess = fork(here('./driver.mjs'), [options.main ?? 'out/main/index.js'], {
    cwd,
    env: { ...process.env, ELECTRON_FAKE_USER_DATA: userData, ...options.env },
    execArgv: ['--import', here('./register.mjs')],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)))
  const cleanUp = (): void => {
    if (options.userData === undefined) rmSync(userData, { recursive: true, force: true })
  }

  const pending = new Map<number, (answer: Answer) => void>()
  let nextId = 1
  const started = new Promise<Started>((resolve, reject) => {
    child.on('message', (message: { started: Started | null; errors?: unknown } | Answer) => {
      if (!('started' in message)) return pending.get(message.id)?.(message)
      if (message.started) resolve(message.started)
      else reject(new Error(`the main bundle did not start: ${JSON.stringify(message.errors)}\n${output}`))
    })
    void exited.then((code) => reject(new Error(`the fake-electron child exited (${code}) before it started.\n${output}`)))
  })
  const request = <T>(op: string, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      pending.set(id, (answer) => {
        pending.delete(id)
        if (answer.ok) resolve(answer.value as T)
        else reject(new Error(`${op}(${args.map((a) => JSON.stringify(a)).join(', ')}): ${answer.error}`))
      })
      child.send({ id, op, args })
    })

  let boot: Started
  try {
    boot = await started
  } catch (error) {
    child.kill()
    cleanUp()
    throw error
  }
  return {
    ...boot,
    call: (page, method, ...args) => request('call', page, method, args),
    subscribe: (page, method) => request('subscribe', page, method),
    received: (page, method) => request('received', page, method),
    invoke: (from, channel, ...args) => request('invoke', from, channel, args),
    ipcSend: (from, channel, ...args) => request('ipcSend', from, channel, args),
    menu: (id) => request('menu', id),
    close: (page) => request('close', page),
    fullScreen: (page, flag) => request('fullScreen', page, flag),
    addDisplay: (spec) => request('addDisplay', spec),
    removeDisplay: (id) => request('removeDisplay', id),
    sent: () => request('sent'),
    snapshot: () => request('snapshot'),
    stop: async () => {
      const { errors, final } = await request<Omit<Stopped, 'exitCode'>>('stop')
      const exitCode = await exited
      cleanUp()
      return { errors, final, exitCode }
    },
  }
}
