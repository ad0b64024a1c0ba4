import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { GameHost } from '../host'
import { fillUntilFree, mountTmpfs, unmountAll } from '../../test/support/mounts'
import { skipReason } from '../../test/support/skip'

// electron-store asks Electron for the app's folder and version; the store is always given a cwd here.
vi.mock('electron', () => ({
  default: { app: { getPath: () => tmpdir(), getVersion: () => '0.0.0-test' }, ipcMain: { on: () => undefined, removeAllListeners: () => undefined } },
  ipcMain: { removeAllListeners: () => undefined },
}))

const { openSettingsStore } = await import('./settings-store')

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'nightfall-settings-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
afterAll(unmountAll)

describe('settings in electron-store', () => {
  it('round-trips values through <userData>/settings.json', () => {
    const dir = tempDir()
    const a = openSettingsStore(dir)
    a.set('roster', ['Anna', 'Bence'])
    a.set('rulesets', [{ id: 'x' }])
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ roster: ['Anna', 'Bence'] })
    const b = openSettingsStore(dir)
    expect(b.get('roster')).toEqual(['Anna', 'Bence'])
    expect(b.notices).toEqual([])
  })

  it.each([
    ['garbage', 'this is not json {{{'],
    ['truncated', '{"roster": ["Anna", "Ben'],
    ['wrong shape', '[1, 2, 3]'],
  ])('a %s file is kept aside with a notice, and the app starts with defaults', (_, text) => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), text)
    const s = openSettingsStore(dir)
    expect(s.get('roster')).toBeUndefined()
    expect(s.notices).toHaveLength(1)
    expect(s.notices?.[0]?.message).toMatch(/damaged\. It was kept as .*settings\.json\.corrupt-/)
    const aside = readdirSync(dir).find((f) => f.startsWith('settings.json.corrupt-'))
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe(text)
    s.set('roster', ['Cili'])
    expect(openSettingsStore(dir).get('roster')).toEqual(['Cili'])
  })
})

describe('settings in electron-store: every confirmed save is complete on disk', () => {
  it('keeps a last-good copy; a damaged settings file is recovered from it with a notice', () => {
    const dir = tempDir()
    const a = openSettingsStore(dir)
    a.set('roster', ['Anna', 'Bence'])
    a.set('language', 'hu')
    expect(JSON.parse(readFileSync(join(dir, 'settings.json.last-good'), 'utf8'))).toMatchObject({ roster: ['Anna', 'Bence'], language: 'hu' })
    writeFileSync(join(dir, 'settings.json'), '{"roster": ["An')
    const b = openSettingsStore(dir)
    expect(b.get('roster')).toEqual(['Anna', 'Bence'])
    expect(b.get('language')).toBe('hu')
    expect(b.notices?.[0]?.message).toMatch(
      /settings file was damaged\. It was kept as .*settings\.json\.corrupt-.*\. The last good copy \(saved .*\) was restored/,
    )
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ roster: ['Anna', 'Bence'] })
  })

  it('a userData folder that cannot be created: the store opens in memory and the host starts, saying nothing is saved', () => {
    const base = tempDir()
    writeFileSync(join(base, 'file'), 'x')
    const dir = join(base, 'file', 'userData')
    const host = new GameHost({ settings: openSettingsStore(dir), dataDir: dir, durable: true, estimate: null })
    expect(
      host
        .refereeAppView()
        .notices.map((n) => n.message)
        .join('\n'),
    ).toMatch(/Nothing is being saved/)
    expect(host.invoke('saveRoster', ['Anna'])).toMatchObject({ ok: true })
    host.dispose()
  })

  const probe = mountTmpfs(64)
  const skip = typeof probe === 'string' ? probe : null
  if (typeof probe !== 'string') probe.unmount()

  it.skipIf(skipReason(skip && `electron-store full-disk test: ${skip}`))(
    'a nearly full disk (tmpfs): 500 names answer storage-failed, the previous settings stay whole',
    () => {
      const m = mountTmpfs(1024)
      if (typeof m === 'string') throw new Error(m)
      const dir = join(m.dir, 'userData')
      const host = new GameHost({ settings: openSettingsStore(dir), dataDir: dir, durable: true, estimate: null })
      expect(host.invoke('saveRoster', ['Anna', 'Bence'])).toMatchObject({ ok: true })
      expect(host.invoke('saveRuleset', { ...host.refereeAppView().presets[0]!, id: 'club', name: 'Club' })).toMatchObject({ ok: true })
      fillUntilFree(m.dir, 8192)
      const names = Array.from({ length: 500 }, (_, i) => `Player number ${i + 1} of the club`)
      expect(host.invoke('saveRoster', names)).toMatchObject({ ok: false, error: { code: 'storage-failed' } })
      host.dispose()
      const text = readFileSync(join(dir, 'settings.json'), 'utf8')
      expect(() => JSON.parse(text), 'settings.json is complete JSON').not.toThrow()
      expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([])
      const again = new GameHost({ settings: openSettingsStore(dir), dataDir: dir, durable: true, estimate: null })
      const v = again.refereeAppView()
      expect(v.notices).toEqual([])
      expect(v.roster).toEqual(['Anna', 'Bence'])
      expect(v.customRulesets.map((r) => r.id)).toEqual(['club'])
      again.dispose()
    },
  )
})
