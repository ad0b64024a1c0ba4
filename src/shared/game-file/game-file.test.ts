import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseGameFile, PRESETS, replay } from '../../engine'
import { commandSchema, SEAT_FIELDS } from '../commands'
import { GAME_FILE_VERSION, gameFileSchema, type GameFile } from '../game-file'
import { normalizeGameFile } from './normalize'
import { toShortForm } from './shorten'
import { closest } from './suggest'

/**
 * Game files a person can read, write and trust (docs/game-file.md). Each friction point a new user
 * hit has a test here that fails on the version 1 reader: typos dropped silently, no short form, no
 * names, one error code for everything.
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..')
const readJson = (...path: string[]): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, ...path), 'utf8')) as Record<string, unknown>
/** An example in its full form: as written (the options at their default left out, scripts/make-examples.ts), read by the schema. */
const example = (name: string): GameFile => gameFileSchema.parse(readJson('examples', name))
const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((n) => n.endsWith('.json'))
/** A file being broken on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

function refusal(input: unknown) {
  const r = parseGameFile(input)
  if (r.ok) throw new Error('expected a refusal')
  return r.error
}

function finalState(input: unknown) {
  const p = parseGameFile(input)
  if (!p.ok) throw new Error(p.error.message)
  const r = replay(p.value.setup, p.value.commands)
  const g = r.ok ? r.value : r.game
  return { state: g?.state, refusedAt: r.ok ? null : r.error.index }
}

/** A small MaffiaSIG game in the short form: night 0, then Anna accused by Bence. */
const SHORT = {
  format: 'nightfall-game',
  version: GAME_FILE_VERSION,
  ruleset: { preset: 'maffiasig', changes: { mafiaWinAtParity: false } },
  players: ['Anna', 'Bence', 'Csilla', 'Dani', 'Emese', 'Feri'],
  deal: { Anna: 'mafia', Dani: 'Inspector' },
  commands: [{ type: 'endNightStep' }, { type: 'accuse', accused: 'Anna', accuser: 'bence' }, { type: 'castVote', voter: 'Csilla', choice: true }],
}

describe('strict: an unknown key anywhere is refused with its path and the closest known key', () => {
  const swedish = () => clone(example('swedish-7-draw.json')) as unknown as Loose
  test.each([
    [
      'a typo in an optional command field',
      (f: Loose) => (f.commands[3] = { type: 'accuse', accused: 1, acuser: 2 }),
      'commands.3.acuser',
      'unknown key; did you mean accuser?',
    ],
    ['timer', (f: Loose) => (f.commands[0] = { type: 'startTimer', at: 0, timr: 'defence' }), 'commands.0.timr', 'unknown key; did you mean timer?'],
    ['draw', (f: Loose) => (f.commands[18] = { type: 'closeVote', darw: 7 }), 'commands.18.darw', 'unknown key; did you mean draw?'],
    [
      'a ruleset option',
      (f: Loose) => (f.ruleset.options.mafiaWinsAtParity = true),
      'ruleset.options.mafiaWinsAtParity',
      'unknown key; did you mean mafiaWinAtParity?',
    ],
    ['a role name', (f: Loose) => (f.ruleset.names.sv.roleNames.doktor = 'Doc'), 'ruleset.names.sv.roleNames.doktor', 'unknown key; did you mean doctor?'],
    ['the deal', (f: Loose) => (f.deal.moed = 'digital'), 'deal.moed', 'unknown key; did you mean mode?'],
    ['the counts', (f: Loose) => (f.deal.counts.citizens = 3), 'deal.counts.citizens', 'unknown key; did you mean citizen?'],
    ['the top level', (f: Loose) => (f.createAt = 'yesterday'), 'createAt', 'unknown key; did you mean createdAt?'],
    ['a key nothing is close to', (f: Loose) => (f.comment = 'a note'), 'comment', 'unknown key'],
    ['a command type', (f: Loose) => (f.commands[5] = { type: 'nominee', player: 3 }), 'commands.5.type', 'unknown type "nominee"; did you mean nominate?'],
  ])('%s', (_, change, path, message) => {
    const f = swedish()
    change(f)
    const e = refusal(f)
    expect(e.code).toBe('bad-file')
    expect(e.problems).toEqual([{ path, message }])
    expect(e.message).toBe(`${path}: ${message}`)
  })

  test('every problem is listed, each once, with its path', () => {
    const f = swedish()
    f.commands[3] = { type: 'accuse', accused: 1, acuser: 2 }
    f.commands[4].extra = true
    f.players[2] = 7
    f.ruleset.options.dayWarning = -1
    const e = refusal(f)
    expect(e.problems.map((p) => p.path)).toEqual(['commands.3.acuser', 'commands.4.extra', 'ruleset.options.dayWarning', 'players.2'])
    expect(e.message).toMatch(/\(and 1 more\)$/)
  })

  test('a missing field says so', () => {
    const f = swedish()
    delete f.deal
    expect(refusal(f).problems).toEqual([{ path: 'deal', message: 'missing (expected object)' }])
  })
})

describe('bad-setup: a well-formed game that cannot start has its own code and lists every problem', () => {
  test('too few players, and roles that do not add up', () => {
    const f = clone(example('swedish-7-draw.json'))
    f.players = ['A', 'B', 'C']
    const e = refusal(f)
    expect(e.code).toBe('bad-setup')
    expect(e.problems).toEqual([
      { path: 'players', message: 'Swedish needs at least 4 players; 3 given.' },
      { path: 'deal.counts', message: 'The roles add up to 7 but there are 3 players.' },
    ])
  })
  test('a deal that does not match its counts, a name used twice', () => {
    const f = clone(example('swedish-7-draw.json'))
    f.deal.roles[2] = 'mafia'
    expect(refusal(f)).toMatchObject({ code: 'bad-setup', problems: [{ path: 'deal.roles', message: 'The deal gives 3 mafia cards; the counts say 2.' }] })
    const g = clone(example('swedish-7-draw.json'))
    g.players[1] = ' alva'
    expect(refusal(g)).toMatchObject({ code: 'bad-setup', problems: [{ path: 'players', message: 'The name "alva" is used twice.' }] })
  })
  test('a file that is not a game file is bad-file, not bad-setup', () => {
    expect(refusal({ format: 'nightfall-game', version: GAME_FILE_VERSION }).code).toBe('bad-file')
  })
})

describe('the short form', () => {
  test('a preset with changes, a deal by name, players by name: read into the full form', () => {
    const p = parseGameFile(SHORT)
    if (!p.ok) throw new Error(p.error.message)
    const { file } = p.value
    expect(file.ruleset).toEqual({ ...PRESETS.maffiasig, options: { ...PRESETS.maffiasig.options, mafiaWinAtParity: false } })
    expect(file.deal).toEqual({
      mode: 'digital',
      counts: { mafia: 1, investigator: 1, doctor: 0, citizen: 4 },
      roles: ['mafia', 'citizen', 'citizen', 'investigator', 'citizen', 'citizen'],
    })
    expect(file.commands).toEqual([{ type: 'endNightStep' }, { type: 'accuse', accused: 0, accuser: 1 }, { type: 'castVote', voter: 2, choice: true }])
    expect(gameFileSchema.parse(file)).toEqual(file)
    expect(finalState(SHORT).refusedAt).toBeNull()
  })

  test('the short and the full form replay to the same state', () => {
    const p = normalizeGameFile(SHORT, PRESETS)
    if (!p.ok) throw new Error(p.error.message)
    expect(finalState(clone(p.file))).toEqual(finalState(SHORT))
  })

  test.each(EXAMPLES)('%s: its short form reads back into exactly the full form, and replays the same', (name) => {
    const full = example(name)
    const short = clone(toShortForm(full, PRESETS))
    expect(short.ruleset).toEqual({ preset: full.ruleset.base })
    expect(Object.values(short.deal as object).every((role) => role !== 'citizen')).toBe(true)
    const back = normalizeGameFile(short, PRESETS)
    if (!back.ok) throw new Error(back.error.message)
    expect(back.file).toEqual(full)
    expect(finalState(short)).toEqual(finalState(full))
  })

  test('mistakes in the short form are refused with paths and suggestions', () => {
    const bad = {
      ...SHORT,
      ruleset: { preset: 'mafiasig', changes: { mafiaWinAtParty: false, dayTimeLimit: 'long' } },
      deal: { Ana: 'mafia', Dani: 'inspektor', dani: 'mafia' },
      commands: [{ type: 'accuse', accused: 'Csila', accuser: '1' }],
    }
    expect(refusal(bad).problems).toEqual([
      { path: 'ruleset.preset', message: 'unknown preset "mafiasig"; one of maffiasig, estonian, swedish; did you mean maffiasig?' },
      { path: 'ruleset.changes.mafiaWinAtParty', message: 'unknown option; did you mean mafiaWinAtParity?' },
      { path: 'ruleset.changes.dayTimeLimit', message: 'expected number, received string' },
      { path: 'deal.Ana', message: 'unknown player "Ana"; did you mean Anna?' },
      {
        path: 'deal.Dani',
        message: 'unknown role "inspektor"; one of mafia, investigator, doctor, citizen (the ruleset has a mistake, so its role names are unknown)',
      },
      { path: 'deal.dani', message: 'Dani is dealt a second card (also as "Dani")' },
      { path: 'commands.0.accused', message: 'unknown player "Csila"; did you mean Csilla?' },
      { path: 'commands.0.accuser', message: 'unknown player "1"; a seat is a number (write 1 without quotes)' },
    ])
  })

  test('every command field that holds a seat can be written by name (SEAT_FIELDS matches the command schema)', () => {
    const seatFields = new Set<string>()
    for (const option of commandSchema.options)
      for (const [key, schema] of Object.entries(option.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>)) {
        const takes = (v: unknown) => schema.safeParse(v).success || schema.safeParse([v]).success
        if (takes(0) && takes(59) && !takes(60)) seatFields.add(key)
      }
    expect([...seatFields].sort()).toEqual([...SEAT_FIELDS].sort())
  })
})

describe('versions', () => {
  const FIXTURES = readdirSync(join(ROOT, 'test', 'fixtures', 'game-file-v1'))
  test('the version 1 fixtures are the examples as version 1 wrote them', () => {
    expect(FIXTURES.sort()).toEqual([...EXAMPLES].sort())
  })

  test.each(FIXTURES)('version 1 %s migrates to the current version and replays to the same state', (name) => {
    const v1 = readJson('test', 'fixtures', 'game-file-v1', name)
    expect(v1.version).toBe(1)
    const p = parseGameFile(v1)
    if (!p.ok) throw new Error(p.error.message)
    expect(p.value.notices).toEqual([])
    expect(p.value.file).toEqual(example(name))
    expect(finalState(v1)).toEqual(finalState(example(name)))
  })

  test('version 1 ignored unknown keys: a migrated file still does, and says so; the current version refuses them', () => {
    const v1 = readJson('test', 'fixtures', 'game-file-v1', 'swedish-7-draw.json') as Loose
    v1.commands[6].plyer = 2
    v1.note = 'club night 3'
    const p = parseGameFile(v1)
    if (!p.ok) throw new Error(p.error.message)
    expect(p.value.notices).toEqual([
      'commands.6.plyer: unknown key; did you mean player? — ignored, as version 1 files ignored unknown keys.',
      'note: unknown key — ignored, as version 1 files ignored unknown keys.',
    ])
    expect(p.value.file).toEqual(example('swedish-7-draw.json'))
    expect(refusal({ ...v1, version: GAME_FILE_VERSION }).problems.map((x) => x.path)).toEqual(['commands.6.plyer', 'note'])
  })

  test('a newer version is refused with its own code and a clear message; a nonsense version is a bad file', () => {
    const newer = refusal({ ...example('swedish-9.json'), version: GAME_FILE_VERSION + 1 })
    expect(newer.code).toBe('newer-version')
    expect(newer.problems).toEqual([
      {
        path: 'version',
        message: `this is a version ${GAME_FILE_VERSION + 1} game file, written by a newer Nightfall; this one reads versions 1 to ${GAME_FILE_VERSION}`,
      },
    ])
    for (const version of [0, 1.5, '2', null, undefined])
      expect(refusal({ ...example('swedish-9.json'), version })).toMatchObject({ code: 'bad-file', problems: [{ path: 'version' }] })
    expect(refusal({ ...example('swedish-9.json'), format: 'nightfall' }).problems).toEqual([
      { path: 'format', message: 'must be "nightfall-game"; got "nightfall"' },
    ])
    expect(refusal([1, 2]).problems).toEqual([{ path: '(root)', message: 'not a game file: expected a JSON object with "format": "nightfall-game"' }])
  })
})

describe('suggestions', () => {
  test.each([
    ['acuser', ['accused', 'accuser', 'type'], 'accuser'],
    ['Accuser', ['accuser'], 'accuser'],
    ['shooter', ['shooter'], 'shooter'],
    ['trget', ['target', 'type'], 'target'],
    ['mafaiWinAtParity', ['mafiaWinAtParity', 'minPlayers'], 'mafiaWinAtParity'],
    ['x', ['type'], undefined],
    ['comment', ['commands', 'createdAt'], undefined],
    ['', ['a'], undefined],
  ])('%s → %s', (word, known, expected) => {
    expect(closest(word, known)).toBe(expected)
  })
})
