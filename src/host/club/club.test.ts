/**
 * The club's history: standings over a season of random games against a straightforward recount
 * from the games themselves, tonight's games, identities across spellings, and CSV that a
 * spreadsheet cannot mistake for formulas.
 */
import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../../shared/ruleset'
import { randomGame } from '../../engine/testing'
import { csv, csvField, historyCsv, standingsCsv } from './csv'
import { identityOf } from '../../shared/names'
import { recordOf, type GameRecord } from './record'
import { resolveIdentity, standingsOf, tonight } from './standings'
import { Club } from './club'
import { GameHistory } from './history'
import { MemoryStore } from '../persistence/kv-store'
import { FakeClock } from '../clock'
import { tempDir } from '../../../test/support/host'
import { toGameFile } from '../../engine'
import { writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

const POOL = [
  'Ádám',
  'Bea',
  'Csaba',
  'Dóra',
  'Emese',
  'Ferenc',
  'Gréta',
  'Henrik',
  'Ilona',
  'Jenő',
  'Kinga',
  'Lőrinc',
  'Marta',
  'Noémi',
  'Olivér',
  'Pál',
  'Réka',
  'Sára',
  'Tamás',
  'Ursula',
  'Vilma',
  'Zsolt',
]
/** The same person written differently from game to game. */
const spell = (name: string, k: number) => [name, name.toUpperCase(), name.normalize('NFD').replace(/\p{M}/gu, ''), ` ${name} `][k % 4]!

function season(n: number) {
  const games = []
  for (let i = 0; i < n; i++) {
    const run = randomGame(1000 + i * 31, PRESET_IDS[i % 3]!, { maxPlayers: 18 })
    if (!run.ended) continue
    // Rename the seats from the pool, rotating, so people move around the table.
    const names = run.game.setup.players.map((_, seat) => spell(POOL[(seat * 7 + i) % POOL.length]!, i + seat))
    const game = { ...run.game, setup: { ...run.game.setup, players: names } }
    games.push({ game, record: recordOf(game, `g${i}`, new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()) })
  }
  return games
}

describe('standings', () => {
  it('over a season of 500 random games match a straightforward recount', () => {
    const games = season(500)
    expect(games.length).toBeGreaterThan(450)
    const st = standingsOf(
      games.map((g) => g.record),
      POOL,
    )
    // The recount: walk each game's own state and events.
    const expected = new Map<string, { games: number; wins: number; town: number; mafia: number; survived: number; executed: number }>()
    const teams = { town: 0, mafia: 0, draw: 0 }
    for (const { game } of games) {
      const s = game.state
      teams[s.winner!]++
      game.setup.players.forEach((name, seat) => {
        const key = POOL.find((p) => identityOf(p) === identityOf(name))!
        const e = expected.get(key) ?? { games: 0, wins: 0, town: 0, mafia: 0, survived: 0, executed: 0 }
        e.games++
        const team = s.roles[seat] === 'mafia' ? 'mafia' : 'town'
        if (s.roles[seat] && s.winner === team) {
          e.wins++
          e[team]++
        }
        if (s.alive[seat]) e.survived++
        for (const l of game.log) for (const ev of l.events) if (ev.type === 'playerDied' && ev.cause === 'execution' && ev.player === seat) e.executed++
        expected.set(key, e)
      })
    }
    expect(st.games).toBe(games.length)
    expect(st.teamWins).toEqual(teams)
    expect(st.players.map((p) => p.name).sort()).toEqual([...expected.keys()].sort())
    for (const p of st.players) {
      const e = expected.get(p.name)!
      expect(p, p.name).toEqual({
        name: p.name,
        games: e.games,
        wins: e.wins,
        winsAs: { town: e.town, mafia: e.mafia },
        survived: e.survived,
        executed: e.executed,
      })
    }
    // Ordered by wins, then fewer games.
    for (let i = 1; i < st.players.length; i++) expect(st.players[i - 1]!.wins).toBeGreaterThanOrEqual(st.players[i]!.wins)
  })

  it('unfinished games do not count; without a roster the latest spelling names the player', () => {
    const base: GameRecord = {
      id: 'a',
      finishedAt: '2026-01-01T20:00:00.000Z',
      rulesetName: 'MaffiaSIG',
      players: ['anna', 'Bo'],
      roles: ['mafia', 'citizen'],
      winner: 'mafia',
      survivors: [0],
      executed: [1],
      days: 2,
      commands: 10,
      imported: false,
    }
    const st = standingsOf([
      base,
      { ...base, id: 'b', finishedAt: '2026-01-01T21:00:00.000Z', players: ['Anna', 'Bo'], winner: null },
      { ...base, id: 'c', finishedAt: '2026-01-01T22:00:00.000Z', players: ['ANNA', 'Bo'], winner: 'town' },
    ])
    expect(st.games).toBe(2)
    expect(st.teamWins).toEqual({ town: 1, mafia: 1, draw: 0 })
    expect(st.players.find((p) => p.name === 'ANNA')).toMatchObject({ games: 2, wins: 1, winsAs: { mafia: 1, town: 0 }, survived: 2 })
    expect(st.players.find((p) => p.name === 'Bo')).toMatchObject({ games: 2, wins: 1, winsAs: { town: 1, mafia: 0 }, executed: 2 })
  })
})

describe('renamed players carry their history', () => {
  const base: GameRecord = {
    id: 'a',
    finishedAt: '2026-01-01T20:00:00.000Z',
    rulesetName: 'MaffiaSIG',
    players: ['Anna', 'Bo'],
    roles: ['mafia', 'citizen'],
    winner: 'mafia',
    survivors: [0],
    executed: [1],
    days: 2,
    commands: 10,
    imported: false,
  }

  it('standings follow the aliases: the old name’s games count under the roster’s new name', () => {
    const records = [base, { ...base, id: 'b', finishedAt: '2026-01-02T20:00:00.000Z', players: ['Anna K.', 'Bo'], winner: 'town' as const }]
    expect(standingsOf(records, ['Anna K.', 'Bo']).players.map((p) => [p.name, p.games])).toEqual(
      expect.arrayContaining([
        ['Anna', 1],
        ['Anna K.', 1],
      ]),
    )
    const carried = standingsOf(records, ['Anna K.', 'Bo'], { [identityOf('Anna')]: identityOf('Anna K.') })
    expect(carried.players).toHaveLength(2)
    expect(carried.players.find((p) => p.name === 'Anna K.')).toMatchObject({ games: 2, wins: 1, winsAs: { mafia: 1, town: 0 } })
  })

  it('chains are followed to their end and a loop stops', () => {
    expect(resolveIdentity('a', { a: 'b', b: 'c' })).toBe('c')
    expect(resolveIdentity('a', { a: 'b', b: 'a' })).toBe('b')
    expect(resolveIdentity('x', { a: 'b' })).toBe('x')
    expect(resolveIdentity('__proto__', {})).toBe('__proto__')
  })

  it('Club.carryHistory keeps the rename, counts the games carried, and survives a renamed-back player', () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'games'), { recursive: true })
    const run = randomGame(77, 'maffiasig', { maxPlayers: 9 })
    expect(run.ended).toBe(true)
    const names = run.game.setup.players.map((_, i) => (i === 0 ? 'Anna' : `P${i}`))
    const game = { ...run.game, setup: { ...run.game.setup, players: names } }
    writeFileSync(
      join(dir, 'games', '2026-01-01T20-00-00Z-abc123.json'),
      JSON.stringify(toGameFile(game, { id: '2026-01-01T20-00-00Z-abc123', createdAt: '2026-01-01T20:00:00.000Z' })),
    )
    const kv = new MemoryStore()
    const club = new Club(new GameHistory(join(dir, 'games'), false), kv, new FakeClock(Date.UTC(2026, 0, 1, 22)))
    expect(club.view(['Anna']).view.allTime.players.find((p) => p.name === 'Anna')?.games).toBe(1)
    expect(club.carryHistory('Anna', 'Anna K.')).toEqual({ ok: true, value: { games: 1 } })
    const after = club.view(['Anna K.']).view.allTime.players
    expect(after.find((p) => p.name === 'Anna K.')?.games).toBe(1)
    expect(after.find((p) => p.name === 'Anna')).toBeUndefined()
    // Renamed back: the history follows again, no loop.
    expect(club.carryHistory('Anna K.', 'anna')).toEqual({ ok: true, value: { games: 1 } })
    expect(club.view(['Anna']).view.allTime.players.find((p) => p.name === 'Anna')?.games).toBe(1)
    // The same person under another spelling: nothing to carry.
    expect(club.carryHistory('ANNA', 'Anna')).toEqual({ ok: true, value: { games: 0 } })
    // A damaged alias store is ignored.
    kv.set('playerAliases', ['junk'])
    expect(club.aliases).toEqual({})
  })
})

describe('identity across games', () => {
  it('ignores case, accents, spaces and invisible characters; different names stay different', () => {
    expect(identityOf('Ádám')).toBe(identityOf(' adam '))
    expect(identityOf('Zoë')).toBe(identityOf('ZOE'))
    expect(identityOf('An\u200Bna')).toBe(identityOf('Anna'))
    expect(identityOf('Anna Kovács')).toBe(identityOf('anna   kovacs'))
    expect(identityOf('Anna')).not.toBe(identityOf('Anne'))
    expect(identityOf('佐藤')).toBe('佐藤')
  })
})

describe("tonight's games", () => {
  const at = (iso: string, id = iso): GameRecord => ({
    id,
    finishedAt: iso,
    rulesetName: 'x',
    players: [],
    roles: [],
    winner: 'town',
    survivors: [],
    executed: [],
    days: 1,
    commands: 1,
    imported: false,
  })
  const games = [at('2026-03-01T19:00:00.000Z'), at('2026-03-01T23:30:00.000Z'), at('2026-03-02T01:30:00.000Z'), at('2026-03-02T19:00:00.000Z')]
  it('a night runs from 06:00 local time to 06:00 the next day, past midnight', () => {
    // UTC: at 02:00 on the 2nd the night of the 1st is still on.
    expect(tonight(games, new Date('2026-03-02T02:00:00.000Z'), 0, null).map((g) => g.finishedAt)).toEqual([
      '2026-03-01T19:00:00.000Z',
      '2026-03-01T23:30:00.000Z',
      '2026-03-02T01:30:00.000Z',
    ])
    expect(tonight(games, new Date('2026-03-02T20:00:00.000Z'), 0, null).map((g) => g.finishedAt)).toEqual(['2026-03-02T19:00:00.000Z'])
    // Tallinn (UTC+2, offset -120): 05:30 UTC on the 2nd is 07:30 local: a new day has begun.
    expect(tonight(games, new Date('2026-03-02T05:30:00.000Z'), -120, null)).toEqual([])
  })
  it("the referee's new night starts the count again", () => {
    expect(tonight(games, new Date('2026-03-02T02:00:00.000Z'), 0, '2026-03-02T00:00:00.000Z').map((g) => g.finishedAt)).toEqual(['2026-03-02T01:30:00.000Z'])
  })
})

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Anna')).toBe('Anna')
    expect(csvField('Kovács, Anna')).toBe('"Kovács, Anna"')
    expect(csvField('the "Boss"')).toBe('"the ""Boss"""')
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    for (const f of ['+1', '-2', '@SUM(A1)', '\t=1+2']) expect(csvField(f).replace(/^"/, '')).toMatch(/^'/)
    // A formula after leading white space, and the full-width formula characters.
    expect(csvField(' =HYPERLINK("http://x","y")')).toBe(`"' =HYPERLINK(""http://x"",""y"")"`)
    for (const f of ['  +1', '\u00a0@SUM(A1)', '\u3000-2', '＝1+1', '＋1', '－1', '＠SUM(A1)', ' ＝HYPERLINK("x")'])
      expect(csvField(f).replace(/^"/, '')).toMatch(/^'/)
    // Control characters never reach the file: line breaks and tabs become a space, the rest goes.
    expect(csvField('a\nb')).toBe('a b')
    expect(csvField('An\u0000na\u001b[31m\u007f\u0085')).toBe('Anna[31m')
    expect(csvField('Anna\u202e\u2066evil')).toBe('Annaevil')
    expect(csvField('\u0000=1+1')).toBe(`'=1+1`)
    // Ordinary names are left as they are.
    for (const n of ['Ádám', 'Anna-Liisa', 'Jean-Luc', '山田', "O'Brien"]) expect(csvField(n)).toBe(n)
    expect(csvField(-2)).toBe('-2')
    expect(
      csv([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n')
  })
  it('standings and history exports have a header and one row per player (per game)', () => {
    const games = season(20)
    const records = games.map((g) => g.record)
    const st = standingsOf(records)
    const lines = standingsCsv(st).trimEnd().split('\r\n')
    expect(lines[0]).toBe('player,games,wins,town wins,mafia wins,survived,executed')
    expect(lines.length).toBe(st.players.length + 1)
    const history = historyCsv(records).trimEnd().split('\r\n')
    expect(history.length).toBe(1 + records.reduce((n, r) => n + r.players.length, 0))
  })

  it("speaks the window's language: headers in it, and a semicolon where its spreadsheets expect one (hu, et, sv)", () => {
    const records = season(4).map((g) => g.record)
    const st = standingsOf(records)
    expect(standingsCsv(st, 'hu').split('\r\n')[0]).toBe('játékos;játszmák;győzelmek;győzelmek a polgárokkal;győzelmek a maffiával;túlélte;kivégezték')
    expect(standingsCsv(st, 'ja').split('\r\n')[0]).toBe('プレイヤー,ゲーム数,勝利数,市民側の勝利,マフィア側の勝利,生存,処刑')
    expect(historyCsv(records, 'sv').split('\r\n')[0]?.split(';')).toHaveLength(13)
    expect(csv([['a;b', 1]], ';')).toBe('"a;b";1\r\n')
  })

  it('writes the games in the language too: the ruleset, the roles, the teams and yes/no (no English left in a Hungarian file)', () => {
    const records = season(6).map((g) => g.record)
    const rows = historyCsv(records, 'hu')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(';'))
    const english = new Set(['yes', 'no', 'town', 'mafia', 'citizen', 'investigator', 'doctor', 'MaffiaSIG Budapest', 'Swedish', 'Estonian'])
    for (const row of rows)
      for (const cell of [row[2], row[4], row[8], row[9], row[10], row[11], row[12]]) expect(english.has(cell!), `${cell} in ${row.join(';')}`).toBe(false)
    expect(new Set(rows.map((r) => r[10]))).toEqual(new Set(['igen', 'nem']))
    // The English file keeps its English words.
    expect(historyCsv(records).split('\r\n')[1]).toMatch(/,(yes|no),(yes|no),(yes|no)$/)
  })
})
