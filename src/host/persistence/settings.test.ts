import { describe, expect, it } from 'vitest'
import { memorySnapshot } from './data-folder'
import { MemoryStore } from './kv-store'
import { SETTINGS, readSetting, saveSetting } from './settings'

describe('the settings table (one key → schema list for the library and the club)', () => {
  it('a run that cannot save copies every setting, the club’s too', () => {
    const store = new MemoryStore({ roster: ['Anna'], newNightAt: '2026-12-01T18:00:00.000Z', playerAliases: { a: 'b' }, seasonStart: '2026-09-01', other: 1 })
    const copy = memorySnapshot(store)
    expect(readSetting(copy, 'newNightAt')).toBe('2026-12-01T18:00:00.000Z')
    expect(readSetting(copy, 'aliases')).toEqual({ a: 'b' })
    expect(readSetting(copy, 'seasonStart')).toBe('2026-09-01')
    expect(readSetting(copy, 'roster')).toEqual(['Anna'])
    expect(copy.get('other')).toBeUndefined()
  })

  it('a damaged value reads as absent; a value that is not text is dropped from the renames', () => {
    const kv = new MemoryStore({ newNightAt: 'not a time', seasonStart: '2026-13-45', playerAliases: { a: 'b', c: 3 }, room: { showVoters: 'yes' } })
    expect(readSetting(kv, 'newNightAt')).toBeNull()
    expect(readSetting(kv, 'seasonStart')).toBeNull()
    expect(readSetting(kv, 'aliases')).toEqual({ a: 'b' })
    expect(readSetting(kv, 'room')).toEqual(SETTINGS.room.absent)
    kv.set('playerAliases', ['junk'])
    expect(readSetting(kv, 'aliases')).toEqual({})
  })

  it('a store that refuses answers storage-failed, naming what was not saved', () => {
    const kv = new MemoryStore()
    kv.set = () => {
      throw new Error('disk full')
    }
    expect(saveSetting(kv, 'newNightAt', '2026-12-01T18:00:00.000Z', 'The new night')).toMatchObject({
      ok: false,
      error: { code: 'storage-failed', message: 'The new night could not be saved: disk full' },
    })
  })
})
