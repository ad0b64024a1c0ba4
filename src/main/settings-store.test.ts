import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// electron-store asks Electron for the app's folder and version; the store is always given a cwd here.
vi.mock('electron', () => ({ default: { app: { getPath: () => tmpdir(), getVersion: () => '0.0.0-test' }, ipcMain: { on: () => undefined, removeAllListeners: () => undefined } }, ipcMain: { removeAllListeners: () => undefined } }))

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
    expect(s.notices?.[0]).toMatch(/damaged; it was kept as .*settings\.json\.corrupt-/)
    const aside = readdirSync(dir).find((f) => f.startsWith('settings.json.corrupt-'))
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe(text)
    s.set('roster', ['Cili'])
    expect(openSettingsStore(dir).get('roster')).toEqual(['Cili'])
  })
})
