import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StartGameRequest } from '../../shared/api'
import { replay } from '../../engine'
import { preset } from '../../engine/rulesets'
import { FakeClock } from '../clock'
import type { GameHost } from '../game-host'
import { createFileHost } from '../index'
import { PLAYERS9, nextCall, perform, savedGames, seeded, seededRandom, stable, tempDir } from '../../../test/support/host'
import { JsonFileStore } from './kv-store'
import { recoverJournal } from './journal'
import { headerLine, recordLine, type JournalRecord } from './journal-format'

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})

const open = (dir: string, seed = 1) => {
  const h = createFileHost(dir, { durable: false, clock: new FakeClock(), random: seededRandom(seed, { identity: true }) })
  hosts.push(h)
  return h
}

const req = (): StartGameRequest => ({
  ruleset: preset('maffiasig'),
  players: [...PLAYERS9],
  counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
  dealMode: 'digital',
})

const ok = (r: unknown) => expect(r).toMatchObject({ ok: true })

/** Play `steps` calls of a seeded game (with undos and clocks) on a host. */
function play(h: GameHost, steps: number, seed = 5) {
  const rnd = seeded(seed)
  for (let i = 0; i < steps; i++) {
    const c = nextCall(h.refereeAppView(), rnd)
    if (!c) return
    ok(perform(h, c))
  }
}

/** A well-formed (checksummed) journal of a header and records. */
function rechain(header: unknown, records: JournalRecord[]): string {
  const first = headerLine(header)
  let tail = first.tail
  const out = [first.line]
  for (const r of records) {
    const n = recordLine(r, tail)
    out.push(n.line)
    tail = n.tail
  }
  return out.join('\n') + '\n'
}

const journalOf = (dir: string) => join(dir, 'journal', 'current.jsonl')
const asideFiles = (folder: string) => readdirSync(folder).filter((f) => f.includes('.corrupt-'))

describe('persistence: round trip', () => {
  it('library, game in progress and finished games survive a restart', () => {
    const dir = tempDir()
    const a = open(dir)
    ok(a.invoke('saveRoster', ['Anna', 'Bence', 'Csaba']))
    ok(a.invoke('saveRuleset', { ...preset('estonian'), id: 'club', name: 'Club' }))
    ok(a.invoke('setLanguage', 'hu', null))
    ok(a.invoke('startGame', req()))
    play(a, 500)
    expect(a.refereeAppView().game!.winner).not.toBeNull()
    ok(a.invoke('closeGame'))
    ok(a.invoke('startGame', req()))
    play(a, 25)
    const before = stable(a.refereeAppView())
    a.dispose()

    const b = open(dir)
    const v = b.refereeAppView()
    expect(v.roster).toEqual(['Anna', 'Bence', 'Csaba'])
    expect(v.customRulesets.map((r) => r.id)).toEqual(['club'])
    expect(b.language).toBe('hu')
    expect(savedGames(b)).toHaveLength(1)
    expect(v.screen).toBe('setup')
    expect(v.resumable).toMatchObject({ players: PLAYERS9, rulesetName: 'MaffiaSIG' })
    expect(v.notices).toEqual([])
    ok(b.invoke('resumeGame'))
    expect(stable(b.refereeAppView()).game).toEqual(before.game)
    expect(stable(b.refereeAppView()).log).toEqual(before.log)
    // and it goes on being journaled
    play(b, 5, 9)
    const after = stable(b.refereeAppView())
    b.dispose()
    const c = open(dir)
    ok(c.invoke('resumeGame'))
    expect(stable(c.refereeAppView()).game).toEqual(after.game)
  })

  it('closing an unfinished game parks it; discard deletes it; a finished journal is archived on start', () => {
    const dir = tempDir()
    const a = open(dir)
    ok(a.invoke('startGame', req()))
    play(a, 10)
    ok(a.invoke('closeGame'))
    expect(a.refereeAppView().resumable).not.toBeNull()
    expect(a.invoke('startGame', req())).toMatchObject({ ok: false, error: { code: 'unfinished-game' } })
    ok(a.invoke('resumeGame'))
    play(a, 500)
    expect(a.refereeAppView().game!.winner).not.toBeNull()
    a.dispose() // the app stops with the finished game still open
    const b = open(dir)
    expect(b.refereeAppView().resumable).toBeNull()
    expect(savedGames(b)).toHaveLength(1)
    expect(existsSync(journalOf(dir))).toBe(false)
    ok(b.invoke('startGame', req()))
    ok(b.invoke('closeGame'))
    ok(b.invoke('discardSavedGame'))
    expect(existsSync(journalOf(dir))).toBe(false)
    expect(b.refereeAppView().resumable).toBeNull()
  })

  it('an old settings file that listed the finished games: the list is dropped, nothing else changes, every game stays', () => {
    const dir = tempDir()
    const a = open(dir)
    ok(a.invoke('saveRoster', ['Anna', 'Bence']))
    ok(a.invoke('startGame', req()))
    play(a, 500)
    ok(a.invoke('closeGame'))
    const id = savedGames(a)[0]!.id
    a.dispose()
    // As an older version wrote it: the same settings and a finishedGames list (a cache of the folder).
    const settings = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>
    const old = {
      ...settings,
      finishedGames: [{ id, rulesetName: 'MaffiaSIG', players: PLAYERS9, phase: 'over', dayNumber: 3, savedAt: '2026-01-01T20:00:00.000Z', winner: 'town' }],
    }
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(old))
    const b = open(dir)
    expect(b.refereeAppView().notices).toEqual([])
    expect(b.refereeAppView()).not.toHaveProperty('finishedGames')
    expect(savedGames(b).map((g) => g.id)).toEqual([id])
    const after = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>
    expect(after).not.toHaveProperty('finishedGames')
    expect(after).toEqual(settings)
  })
})

describe('persistence: damaged settings', () => {
  const variants: [string, string][] = [
    ['truncated', '{"roster": ["Anna", "Bence"], "customRu'],
    ['garbage', '\u0000\u0001PK\u0003\u0004 not json at all \uFFFD'],
    ['wrong shape (array)', '[1, 2, 3]'],
    ['wrong shape (string)', '"hello"'],
    ['empty', ''],
  ]
  for (const [name, content] of variants) {
    it(`${name}: set aside, defaults used, a notice given`, () => {
      const dir = tempDir()
      writeFileSync(join(dir, 'settings.json'), content)
      const h = open(dir)
      const v = h.refereeAppView()
      expect(v.roster).toEqual([])
      expect(v.notices).toHaveLength(1)
      expect(v.notices[0]?.message).toMatch(/settings file was damaged\. It was kept as .*settings\.json\.corrupt-.*\. Defaults were used/)
      const aside = asideFiles(dir)
      expect(aside).toHaveLength(1)
      expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(content)
      // The host goes on working and writes a fresh file.
      ok(h.invoke('saveRoster', ['Anna']))
      expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).roster).toEqual(['Anna'])
      ok(h.invoke('dismissNotice', 0))
      expect(h.refereeAppView().notices).toEqual([])
    })
  }

  it('wrong-shape values: the valid roster entries and rulesets are kept, the original copied aside', () => {
    const dir = tempDir()
    const good = { ...preset('swedish'), id: 'good', name: 'Good' }
    const original = JSON.stringify({
      roster: ['Anna', 42, '', 'Bence', { name: 'x' }, 'anna'],
      customRulesets: [good, { id: 'broken' }, 'nope'],
      finishedGames: 'lots',
      language: 12,
    })
    writeFileSync(join(dir, 'settings.json'), original)
    const v = open(dir).refereeAppView()
    expect(v.roster).toEqual(['Anna', 'Bence'])
    expect(v.customRulesets.map((r) => r.id)).toEqual(['good'])
    expect(v.notices).toHaveLength(1)
    expect(v.notices[0]?.message).toMatch(/club roster: 2 names kept\..*custom rulesets: 1 kept, 2 unreadable\..*language.*kept as .*corrupt-/)
    const aside = asideFiles(dir)
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(original)
    const repaired = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))
    expect(repaired.roster).toEqual(['Anna', 'Bence'])
    // A second start finds nothing wrong.
    expect(open(dir).refereeAppView().notices).toEqual([])
  })

  it('JsonFileStore writes atomically and reads back', () => {
    const dir = tempDir()
    const s = new JsonFileStore(join(dir, 'x', 'store.json'))
    s.set('a', { b: [1, 2] })
    expect(new JsonFileStore(join(dir, 'x', 'store.json')).get('a')).toEqual({ b: [1, 2] })
    expect(readdirSync(join(dir, 'x')).sort()).toEqual(['store.json', 'store.json.last-good'])
  })
})

describe('persistence: damaged journal', () => {
  /** A host dir with a game in progress of `steps` calls; returns the journal's lines. */
  function gameDir(steps = 40) {
    const dir = tempDir()
    const a = open(dir)
    ok(a.invoke('startGame', req()))
    play(a, steps)
    const view = stable(a.refereeAppView())
    expect(view.game!.winner).toBeNull()
    a.dispose()
    const lines = readFileSync(journalOf(dir), 'utf8').split('\n').slice(0, -1)
    return { dir, lines, view }
  }

  it('a torn last line (a write cut by a crash) is dropped silently', () => {
    const { dir, lines } = gameDir()
    const full = lines.join('\n') + '\n'
    const last = lines.at(-1)!
    writeFileSync(journalOf(dir), full.slice(0, full.length - 1 - Math.floor(last.length / 2)))
    const h = open(dir)
    expect(h.refereeAppView().notices).toEqual([])
    ok(h.invoke('resumeGame'))
    const g = h.invoke('exportGame')
    expect(g.ok && g.value.commands.length).toBeGreaterThan(0)
    expect(readFileSync(journalOf(dir), 'utf8')).toBe(lines.slice(0, -1).join('\n') + '\n')
    expect(asideFiles(join(dir, 'journal'))).toEqual([])
  })

  it('garbage in the middle: the file is set aside and the valid prefix recovered', () => {
    const { dir, lines } = gameDir()
    const broken = [...lines.slice(0, 11), '{"command": {"type": "sh', ...lines.slice(11)]
    writeFileSync(journalOf(dir), broken.join('\n') + '\n')
    const h = open(dir)
    const v = h.refereeAppView()
    expect(v.notices).toHaveLength(1)
    expect(v.notices[0]?.message).toMatch(
      /saved game in progress was damaged at step 11 \(line 12 is not readable\)\. The 10 steps before it were recovered .*Step 11 and the 30 lines after it were not replayed\. The damaged file was kept as .*current\.jsonl\.corrupt-/,
    )
    expect(v.notices[0]?.why).toEqual({ key: 'why.lineUnreadable', params: { line: 12 } })
    expect(asideFiles(join(dir, 'journal'))).toHaveLength(1)
    ok(h.invoke('resumeGame'))
    // the recovered game equals replaying the first 10 records
    const rec = recoverJournal(journalOf(dir), false)
    expect(rec.recovered!.records).toHaveLength(10)
    expect(rec.notices).toEqual([])
  })

  it('a step the rules refuse ends the valid prefix', () => {
    const { dir, lines } = gameDir()
    // A correctly checksummed journal whose 6th step the rules refuse (written by hand, say).
    const records = lines.slice(1).map((l) => {
      const { seq: _s, sum: _c, ...r } = JSON.parse(l) as Record<string, unknown>
      return r as JournalRecord
    })
    records.splice(5, 0, { command: { type: 'shoot', shooter: 0, target: 0 } })
    writeFileSync(journalOf(dir), rechain(JSON.parse(lines[0]!).header, records))
    const h = open(dir)
    const n = h.refereeAppView().notices[0]!
    expect(n.message).toMatch(/damaged at step 6 \(the rules refused it: .*\)\. The 5 steps before it were recovered/)
    // The window gets the reason as a line id and the refusal by its code, no English words among the parameters.
    expect(n).toMatchObject({
      key: 'journal.damagedAt',
      params: { step: 6, kept: 5 },
      why: { key: 'why.stepRefused', params: {}, error: { code: expect.any(String) } },
    })
    expect(Object.keys(n.params)).not.toContain('why')
    expect(h.refereeAppView().resumable).not.toBeNull()
  })

  it('wrong-shape records are damage too', () => {
    const { dir, lines } = gameDir()
    writeFileSync(journalOf(dir), [...lines.slice(0, 4), '{"undo": "all"}', ...lines.slice(4)].join('\n') + '\n')
    expect(open(dir).refereeAppView().notices[0]?.message).toMatch(
      /damaged at step 4 \(line 5 is not a checked game step.*The 3 steps before it were recovered/,
    )
  })

  const headerCases: [string, (lines: string[]) => string][] = [
    ['garbage header', (l) => ['#!garbage', ...l.slice(1)].join('\n') + '\n'],
    ['wrong-shape header', (l) => [JSON.stringify({ format: 'nightfall-game', version: 99 }), ...l.slice(1)].join('\n') + '\n'],
    ['truncated to half a header', (l) => l[0]!.slice(0, 50)],
    ['binary', () => '\u0000\u0000\u0000\u0000'],
  ]
  for (const [name, make] of headerCases) {
    it(`${name}: set aside with a notice, nothing to resume, the host works`, () => {
      const { dir, lines } = gameDir()
      const content = make(lines)
      writeFileSync(journalOf(dir), content)
      const h = open(dir)
      const v = h.refereeAppView()
      expect(v.resumable).toBeNull()
      expect(v.notices).toHaveLength(1)
      expect(v.notices[0]?.message).toMatch(/saved game in progress was damaged .*kept as .*corrupt-/)
      const aside = asideFiles(join(dir, 'journal'))
      expect(aside).toHaveLength(1)
      expect(readFileSync(join(dir, 'journal', aside[0]!), 'utf8')).toBe(content)
      ok(h.invoke('startGame', req()))
    })
  }

  it('an unreadable finished game file is set aside and the rest listed', () => {
    const dir = tempDir()
    const a = open(dir)
    ok(a.invoke('startGame', req()))
    play(a, 500)
    ok(a.invoke('closeGame'))
    a.dispose()
    mkdirSync(join(dir, 'games'), { recursive: true })
    writeFileSync(join(dir, 'games', 'broken-1.json'), '{"format":')
    const h = open(dir)
    const v = h.refereeAppView()
    expect(savedGames(h)).toHaveLength(1)
    expect(v.notices[0]?.message).toMatch(/saved game broken-1\.json was damaged/)
    expect(asideFiles(join(dir, 'games'))).toHaveLength(1)
  })

  it('the recovered state equals a replay of the recovered commands', () => {
    const { dir, view } = gameDir(38)
    expect(view.game!.winner).toBeNull()
    const rec = recoverJournal(journalOf(dir), false).recovered!
    const commands = rec.game.log.map((e) => e.command)
    const r = replay(rec.game.setup, commands)
    expect(r.ok && r.value.state).toEqual(rec.game.state)
    const h = open(dir)
    ok(h.invoke('resumeGame'))
    expect(stable(h.refereeAppView()).game).toEqual(view.game)
  })
})
