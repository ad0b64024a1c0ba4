/**
 * Imports through the host (issues 19 and 21): the same game twice is recognised by its content and
 * refused, or replaces the first with consent; an imported game keeps its own date, so an old file
 * does not count tonight; imported names are cleaned, and refused naming the seats when they collide.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ClubView, GameRecord } from '../../shared/club'
import type { GameFile } from '../../shared/game-file'
import { FakeClock } from '../clock'
import type { GameHost } from '../game-host'
import { createFileHost } from '../index'
import { seededRandom, tempDir } from '../../../test/support/host'
import { checkHere } from '../workers/importer'
import { gameDate } from './import'

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})

/** Tonight: 6 March 2026, 21:17 UTC. The club's nights follow the machine's time zone, so "tonight's" game is a minute before (no night begins between). */
const NOW = Date.UTC(2026, 2, 6, 21, 17)
const localDate = (iso: string) => {
  const d = new Date(iso)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
function makeHost() {
  const dir = tempDir()
  const host = createFileHost(dir, { durable: false, clock: new FakeClock(NOW), random: seededRandom(7, { identity: true }), checkImport: checkHere })
  hosts.push(host)
  return { host, dir }
}
const example = JSON.parse(readFileSync(join(__dirname, '../../../examples/maffiasig-12.json'), 'utf8')) as GameFile
const text = (f: Partial<GameFile> & Record<string, unknown>) => JSON.stringify({ ...example, ...f })
const club = (host: GameHost) => {
  const r = host.invoke('clubView')
  if (!r.ok) throw new Error(r.error.message)
  return r.value as ClubView
}
const imported = async (host: GameHost, t: string, replace?: 'replace'): Promise<GameRecord> => {
  const r = await host.invoke('importGame', t, replace)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('importing game files', () => {
  it('the same file twice is refused by its content; with consent it replaces the first', async () => {
    const { host } = makeHost()
    const first = await imported(host, text({}))
    expect(first.imported).toBe(true)
    // The same game under another id, another date and indented differently is still the same game.
    const again = await host.invoke('importGame', JSON.stringify({ ...example, id: 'elsewhere', createdAt: '2025-02-02T19:00:00.000Z' }, null, 4))
    expect(again).toMatchObject({ ok: false, error: { code: 'duplicate-game', params: { id: first.id } } })
    expect(club(host).games).toHaveLength(1)
    const replaced = await imported(host, text({ createdAt: '2025-02-02T19:00:00.000Z' }), 'replace')
    expect(replaced.id).toBe(first.id)
    expect(club(host).games.map((g) => [g.id, g.finishedAt])).toEqual([[first.id, '2025-02-02T19:00:00.000Z']])
    // Another game (one command fewer) is not the same game.
    await imported(host, text({ commands: example.commands.slice(0, -1) }))
    expect(club(host).games).toHaveLength(2)
  })

  it('an old file keeps its date: it counts in the season and all time, not tonight; the list says it was imported', async () => {
    const { host } = makeHost()
    const old = await imported(host, text({}))
    expect(old.finishedAt).toBe(example.createdAt)
    const tonight = await imported(host, text({ createdAt: new Date(NOW - 60_000).toISOString(), players: example.players.map((p) => `${p} K.`) }))
    const view = club(host)
    expect(view.games.map((g) => [g.id, g.imported])).toEqual([
      [tonight.id, true],
      [old.id, true],
    ])
    expect(view.tonight.games).toBe(tonight.winner === null ? 0 : 1)
    expect(view.tonight.players.map((p) => p.name).every((n) => n.endsWith(' K.'))).toBe(true)
    expect(view.allTime.games).toBe(view.games.filter((g) => g.winner !== null).length)
    expect(view.season).toEqual(view.allTime)
    expect(view.seasonSince).toBe(localDate(example.createdAt!))
    // A season from 2026 on leaves the 2025 game out.
    expect(host.invoke('setSeasonStart', '2026-01-01')).toMatchObject({ ok: true })
    const season = club(host)
    expect(season.seasonSince).toBe('2026-01-01')
    expect(season.season).toEqual(season.tonight)
    expect(host.invoke('setSeasonStart', 'last spring')).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    const csv = host.invoke('clubCsv', 'season')
    expect(csv.ok && csv.value.trimEnd().split('\r\n')).toHaveLength(1 + season.season.players.length)
  })

  it('a file without createdAt is dated by its commands’ clock, else by the import', async () => {
    const clocked = (at: number) => [{ type: 'startTimer', at }] as unknown as GameFile['commands']
    const played = Date.UTC(2025, 5, 1, 20)
    expect(gameDate({ commands: clocked(played) }, NOW)).toBe(played)
    expect(gameDate({ createdAt: 'yesterday', commands: clocked(played) }, NOW)).toBe(played)
    // Not believed: a clock from 1970 (a relative one) or from the future.
    expect(gameDate({ commands: clocked(3_600_000) }, NOW)).toBe(NOW)
    expect(gameDate({ createdAt: '2099-01-01T00:00:00Z', commands: [] }, NOW)).toBe(NOW)
  })

  it('imported names are cleaned: no NUL, ESC, bidi override or zero-width character is saved, shown or exported', async () => {
    const { host, dir } = makeHost()
    const players = [...example.players]
    players[0] = 'An\u0000na'
    players[1] = '\u001B[31mBence'
    players[2] = '\u202ECsilla'
    players[3] = 'Dá\u200Bniel'
    const rec = await imported(host, text({ players }))
    expect(rec.players.slice(0, 4)).toEqual(['Anna', '[31mBence', 'Csilla', 'Dániel'])
    const saved = readFileSync(join(dir, 'games', `${rec.id}.json`), 'utf8')
    const csv = host.invoke('clubCsv', 'history')
    const story = host.invoke('openSavedGame', rec.id)
    const hidden = ['\u0000', '\u001B', '\u202E', '\u200B', '\\u0000', '\\u001b', '\\u202e', '\\u200b']
    for (const out of [saved, csv.ok ? csv.value : '', JSON.stringify(story)]) for (const h of hidden) expect(out.toLowerCase()).not.toContain(h.toLowerCase())
  })

  it.each([
    ['a look-alike', 'Ꭺnna', 'Ꭺnna', 'Anna'],
    ['the same name once cleaned', 'Anna\uFE0F', 'Anna', 'Anna'],
    ['the same player', 'ÁNNA', 'ÁNNA', 'Anna'],
  ])('refuses %s, naming both seats; nothing is saved', async (_what, name, shown, other) => {
    const { host } = makeHost()
    const players = [...example.players]
    players[6] = name
    const r = await host.invoke('importGame', text({ players }))
    expect(r).toMatchObject({ ok: false, error: { code: 'names-collide', params: { name: shown, seat: 7, other, otherSeat: 1 } } })
    expect(club(host).games).toEqual([])
  })
})
