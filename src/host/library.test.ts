import { describe, expect, it } from 'vitest'
import { Library } from './library'
import { MemoryStore } from './persistence/kv-store'
import { loadSettings } from './persistence/settings'

const library = (stored: Record<string, unknown>) => {
  const kv = new MemoryStore(stored)
  return { kv, lib: new Library(kv, loadSettings(kv).settings) }
}

describe('a player sits out a game without leaving the roster', () => {
  it('keeps the roster whole, seats the others in its order, and keeps the choice', () => {
    const { kv, lib } = library({ roster: ['Anna', 'Bence', 'Csaba', 'Dóra'] })
    expect(lib.setSittingOut(['Bence', 'Nobody']).ok).toBe(true)
    expect(lib.roster).toEqual(['Anna', 'Bence', 'Csaba', 'Dóra'])
    expect(lib.table).toEqual(['Anna', 'Csaba', 'Dóra'])
    expect(lib.view().sittingOut).toEqual(['Bence'])
    // Kept for the next start, as the roster is.
    expect(new Library(kv, loadSettings(kv).settings).table).toEqual(['Anna', 'Csaba', 'Dóra'])
  })

  it('forgets a name that leaves the roster, and a stored list that names strangers or is damaged', () => {
    const { lib } = library({ roster: ['Anna', 'Bence', 'Csaba'], sittingOut: ['Bence', 'Zoltán', 7] })
    expect(lib.view().sittingOut).toEqual(['Bence'])
    expect(lib.saveRoster(['Anna', 'Csaba']).ok).toBe(true)
    expect(lib.view().sittingOut).toEqual([])
    expect(library({ roster: ['Anna'], sittingOut: 'Anna' }).lib.table).toEqual(['Anna'])
  })
})
