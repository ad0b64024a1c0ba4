/**
 * The fake electron itself (test/electron-fake/electron.cjs) behaves like the parts of Electron it
 * mimics, and holds no more than the app uses.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type * as ElectronFake from './electron-fake/electron.cjs'

type Fake = typeof ElectronFake
const load = (): Fake => {
  const require = createRequire(import.meta.url)
  const path = require.resolve('./electron-fake/electron.cjs')
  delete require.cache[path]
  return require(path) as Fake
}

describe('electron fake', () => {
  it('screen: displays come and go with display-added / display-removed', () => {
    const { screen } = load()
    const seen: string[] = []
    screen.on('display-added', (_event: unknown, display: { id: number }) => seen.push(`added ${display.id}`))
    screen.on('display-removed', (_event: unknown, display: { id: number }) => seen.push(`removed ${display.id}`))
    expect(screen.getAllDisplays().map((display: { id: number }) => display.id)).toEqual([1])
    screen.addDisplay({ id: 2, x: 1920, width: 1280, height: 720 })
    expect(screen.getDisplayNearestPoint({ x: 2000, y: 10 }).id).toBe(2)
    expect(screen.getPrimaryDisplay().id).toBe(1)
    screen.removeDisplay(2)
    expect(seen).toEqual(['added 2', 'removed 2'])
  })

  it('BrowserWindow: records options and loads, emits web-contents-created, closes', async () => {
    const { app, BrowserWindow, __fake } = load()
    const created: number[] = []
    app.on('web-contents-created', (_event: unknown, contents: { id: number }) => created.push(contents.id))
    const window = new BrowserWindow({ width: 640, webPreferences: { sandbox: true } })
    await window.loadFile('out/renderer/referee/index.html')
    expect(created).toEqual([window.webContents.id])
    expect(window.webContents.getURL()).toMatch(/^file:\/\/.*\/out\/renderer\/referee\/index\.html$/)
    let allClosed = 0
    app.on('window-all-closed', () => (allClosed += 1))
    window.close()
    expect(window.isDestroyed()).toBe(true)
    expect(allClosed).toBe(1)
    expect(__fake.snapshot().windows[0]).toMatchObject({ options: { width: 640 }, destroyed: true })
  })

  it('ipcMain: invoke from a sender, clones data, refuses a second handler', async () => {
    const { ipcMain, BrowserWindow } = load()
    const window = new BrowserWindow({})
    ipcMain.handle('echo', (event: { sender: unknown }, value: { n: number }) => ({
      same: event.sender === window.webContents,
      value,
    }))
    const arg = { n: 1 }
    const result = await ipcMain.invokeFrom('echo', window.webContents, undefined, arg)
    expect(result).toEqual({ same: true, value: { n: 1 } })
    expect(result.value).not.toBe(arg)
    expect(() => ipcMain.handle('echo', () => 0)).toThrow(/second handler/)
    await expect(ipcMain.invokeFrom('missing', window.webContents)).rejects.toThrow(/No handler registered/)
  })

  it('ipcMain: events carry the sending frame; a child frame is not the main frame; a stranger belongs to no window', async () => {
    const { ipcMain, BrowserWindow, __fake } = load()
    const window = new BrowserWindow({})
    await window.loadFile('out/renderer/referee/index.html')
    const frames: { url: string; isMain: boolean }[] = []
    ipcMain.handle('who', (event: { senderFrame: { url: string; parent: unknown } }) => {
      frames.push({ url: event.senderFrame.url, isMain: event.senderFrame.parent === null })
    })
    ipcMain.on('said', (event: { senderFrame: { parent: unknown } }) => frames.push({ url: 'send', isMain: event.senderFrame.parent === null }))
    await ipcMain.invokeFrom('who', window.webContents)
    await ipcMain.invokeFrom('who', window.webContents, window.webContents.childFrame('https://ad.example/'))
    ipcMain.sendFrom('said', window.webContents, window.webContents.childFrame())
    expect(frames).toEqual([
      { url: window.webContents.getURL(), isMain: true },
      { url: 'https://ad.example/', isMain: false },
      { url: 'send', isMain: false },
    ])
    expect(BrowserWindow.getAllWindows().map((w: { webContents: unknown }) => w.webContents)).not.toContain(__fake.detachedRenderer)
  })

  it('BrowserWindow: full screen changes emit enter-/leave-full-screen; app.quit emits before-quit', () => {
    const { app, BrowserWindow } = load()
    const window = new BrowserWindow({ fullscreen: true })
    const seen: string[] = []
    window.on('enter-full-screen', () => seen.push('enter'))
    window.on('leave-full-screen', () => seen.push('leave'))
    window.setFullScreen(true)
    window.setFullScreen(false)
    window.setFullScreen(false)
    window.setFullScreen(true)
    expect(seen).toEqual(['leave', 'enter'])
    const quitting: string[] = []
    app.on('before-quit', () => quitting.push('before-quit'))
    app.on('will-quit', () => quitting.push('will-quit'))
    app.quit()
    expect(quitting).toEqual(['before-quit', 'will-quit'])
  })

  it('Menu: clickMenuItem clicks an enabled item by id, as a mouse click', () => {
    const { Menu, __fake } = load()
    const clicks: unknown[] = []
    Menu.setApplicationMenu(
      Menu.buildFromTemplate([
        {
          label: 'Game',
          submenu: [
            { id: 'go', label: 'Go', click: (_item: unknown, _window: unknown, event: unknown) => clicks.push(event) },
            { id: 'off', label: 'Off', enabled: false, click: () => clicks.push('off') },
          ],
        },
      ]),
    )
    expect(__fake.clickMenuItem('go')).toEqual({ clicked: true })
    expect(__fake.clickMenuItem('off')).toEqual({ clicked: false, reason: 'disabled' })
    expect(() => __fake.clickMenuItem('missing')).toThrow(/no item missing/)
    expect(clicks).toEqual([expect.objectContaining({ triggeredByAccelerator: false })])
    expect(__fake.snapshot().applicationMenu[0].submenu[1]).toEqual({ label: 'Off', id: 'off', enabled: false })
  })

  it('dialog and Menu record what the app asked for; a save dialog is cancelled unless an answer is queued', async () => {
    const { dialog, Menu, __fake } = load()
    __fake.queueDialogAnswer('showSaveDialog', { canceled: false, filePath: '/cards/night.pdf' })
    expect(await dialog.showSaveDialog({ title: 'Save cards' })).toEqual({ canceled: false, filePath: '/cards/night.pdf' })
    expect(await dialog.showSaveDialog({ title: 'Again' })).toEqual({ canceled: true, filePath: '' })
    dialog.showErrorBox('Nightfall could not start', 'why')
    Menu.setApplicationMenu(Menu.buildFromTemplate([{ label: 'Game', submenu: [{ label: 'Undo', accelerator: 'CmdOrCtrl+Z' }] }]))
    const snapshot = __fake.snapshot()
    expect(snapshot.dialog.map((call: { method: string; options: { title: string } }) => `${call.method}: ${call.options.title}`)).toEqual([
      'showSaveDialog: Save cards',
      'showSaveDialog: Again',
      'showErrorBox: Nightfall could not start',
    ])
    expect(snapshot.applicationMenu).toEqual([{ label: 'Game', submenu: [{ label: 'Undo', accelerator: 'CmdOrCtrl+Z' }] }])
  })

  it('holds exactly what src/main and the preloads import from electron (electron-store takes app and ipcMain)', () => {
    const used = new Set<string>()
    for (const dir of ['src/main', 'src/preload'])
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
        for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/^import \{([^}]*)\} from 'electron'/gm))
          for (const name of (m[1] ?? '').split(',').map((part) => part.trim())) if (name && !name.startsWith('type ')) used.add(name)
      }
    expect(used.size).toBeGreaterThan(5)
    const { __fake: _controller, ...fake } = load()
    expect(Object.keys(fake).sort()).toEqual([...used].sort())
  })

  it('loadPreload refuses what a sandboxed preload cannot do', () => {
    const { BrowserWindow, __fake } = load()
    const window = new BrowserWindow({})
    const dir = mkdtempSync(join(tmpdir(), 'nightfall-preload-'))
    let files = 0
    const file = (code: string): string => {
      const path = join(dir, `preload-${(files += 1)}.cjs`)
      writeFileSync(path, code)
      return path
    }
    expect(() => __fake.loadPreload(window.webContents, file("require('node:fs')"))).toThrow(/sandboxed preload/)
    expect(() => __fake.loadPreload(window.webContents, file("import { x } from './chunk.js'"))).toThrow(SyntaxError)
    __fake.loadPreload(window.webContents, file("require('electron').contextBridge.exposeInMainWorld('api', { v: 1 })"))
    expect(window.webContents.mainWorld).toEqual({ api: { v: 1 } })
  })
})
