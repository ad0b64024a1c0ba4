/**
 * Saved games on real files: listing (newest first, from the cache when nothing changed), a damaged
 * file set aside with a notice, opening and telling the story, delete, and imports that refuse
 * every kind of bad file and write nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GAME_FILE_VERSION } from '../../shared/game-file'
import { toGameFile } from '../../engine'
import { randomGame } from '../../engine/testing'
import { GameHistory } from './history'

const EXAMPLES = join(__dirname, '../../../examples')
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8')
const fresh = () => new GameHistory(join(mkdtempSync(join(tmpdir(), 'nightfall-history-')), 'games'), false)

describe('GameHistory', () => {
  it('lists imported games newest first with their record; the story of a finished one', () => {
    const h = fresh()
    const a = h.importText(example('maffiasig-12.json'), 'g1')
    const b = h.importText(example('estonian-8.json'), 'g2')
    expect(a.ok && b.ok).toBe(true)
    utimesSync(join(h.dir, 'g1.json'), new Date('2026-01-01T20:00:00Z'), new Date('2026-01-01T20:00:00Z'))
    utimesSync(join(h.dir, 'g2.json'), new Date('2026-01-01T21:00:00Z'), new Date('2026-01-01T21:00:00Z'))
    const { records, notices } = new GameHistory(h.dir, false).list()
    expect(notices).toEqual([])
    expect(records.map((r) => r.id)).toEqual(['g2', 'g1'])
    expect(records[1]).toMatchObject({ rulesetName: 'MaffiaSIG', finishedAt: '2026-01-01T20:00:00.000Z' })
    expect(records[1]!.players).toHaveLength(12)
    const story = h.story('g1')
    expect(story.ok).toBe(records[1]!.winner !== null)
  })

  it('the second listing reads no game file: a changed file is read again, the cache is rebuilt when damaged', () => {
    const h = fresh()
    mkdirSync(h.dir)
    for (let i = 0; i < 5; i++) {
      const run = randomGame(50 + i, 'swedish')
      writeFileSync(join(h.dir, `s${i}.json`), JSON.stringify(toGameFile(run.game, { id: `s${i}` })))
    }
    expect(h.list().records).toHaveLength(5)
    // Garble one file (same size): with a new time it is read again, found damaged and set aside.
    const p = join(h.dir, 's0.json')
    const st = readFileSync(p, 'utf8')
    const fresh2 = new GameHistory(h.dir, false)
    writeFileSync(p, 'x'.repeat(Buffer.byteLength(st)))
    const t = new Date(Date.now() - 10_000)
    utimesSync(p, t, t)
    // Changed time: read again, damaged, set aside.
    const after = fresh2.list()
    expect(after.records).toHaveLength(4)
    expect(after.notices.map((n) => n.message).join(' ')).toMatch(/s0\.json was damaged \(This is not a game file: it is not JSON\.\)/)
    // Why, for the window: a line id and the file's problem by code and kind, no English among the parameters.
    expect(after.notices[0]).toMatchObject({ key: 'games.damaged', why: { key: 'why.gameFile', error: { code: 'bad-file', params: { kind: 'not-json' } } } })
    expect(Object.keys(after.notices[0]!.params).sort()).toEqual(['file', 'name'])
    expect(readdirSync(h.dir).some((n) => n.startsWith('s0.json.corrupt-'))).toBe(true)
    // A damaged index is only a cache.
    writeFileSync(h.indexPath, '{"version":1,"entries":{"s1":{"mtimeMs":"no"}}')
    expect(new GameHistory(h.dir, false).list().records).toHaveLength(4)
  })

  it('delete removes the game; an unknown or unsafe id is not found', () => {
    const h = fresh()
    h.importText(example('swedish-9.json'), 'x1')
    expect(h.delete('x1')).toEqual({ ok: true, value: null })
    expect(h.list().records).toEqual([])
    expect(h.delete('x1')).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(h.delete('../etc/passwd')).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(h.open('nope')).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  describe('import refuses bad files and writes nothing', () => {
    const good = JSON.parse(example('maffiasig-12.json')) as { commands: unknown[]; players: string[]; version: number }
    const cases: [string, string, RegExp][] = [
      ['not JSON', 'this is not json {', /not JSON/],
      ['JSON that is not a game file', JSON.stringify({ hello: 'world' }), /Not a Nightfall game file/],
      ['a newer format version', JSON.stringify({ ...good, version: GAME_FILE_VERSION + 1 }), /newer|version/i],
      ['commands that stop being legal halfway', example('illegal-command.json'), /Command \d+ is not legal/],
      ['10,000 players', JSON.stringify({ ...good, players: Array.from({ length: 10_000 }, (_, i) => `P${i}`) }), /Not a Nightfall game file|cannot start/],
      ['a 50 MB file', ' '.repeat(50 * 1024 * 1024), /larger than/],
    ]
    it.each(cases)('%s', (_what, text, message) => {
      const h = fresh()
      const r = h.importText(text, 'imp')
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(message)
      expect(existsSync(h.dir) ? readdirSync(h.dir) : []).toEqual([])
    })
  })
})
