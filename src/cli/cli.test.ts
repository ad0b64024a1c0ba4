import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseGameFile, PRESETS } from '../engine'
import { gameFileSchema } from '../shared/game-file'
import { rulesetOptionsSchema, rulesetSchema } from '../shared/ruleset'
import { translate } from '../shared/messages'

/**
 * The CLI as a user runs it: a child process per call, checking stdout, stderr and the exit code.
 *
 * Starting tsx costs about half a second of CPU per process, so src/cli/index.ts is first bundled
 * once with esbuild (the compiler tsx itself uses) and each call runs `node bundle.mjs …`: the same
 * source, the same process plumbing, a tenth of the start-up. One test runs the real entry
 * (`node --import tsx src/cli/index.ts`, what `npm run cli` does) to prove the two agree. Without
 * esbuild every call falls back to tsx.
 */

const ROOT = resolve(import.meta.dirname, '..', '..')
const ENTRY = join(ROOT, 'src', 'cli', 'index.ts')
const tmp = mkdtempSync(join(tmpdir(), 'nightfall-cli-'))
// The bundle leaves Playwright out (it cannot be bundled; only `cards` loads it), so it lives where node_modules resolves.
const bundleDir = join(ROOT, 'node_modules', '.cache', 'nightfall-cli-test')
let runner: string[] = ['--import', 'tsx', ENTRY]

beforeAll(async () => {
  try {
    const { build } = await import('esbuild')
    mkdirSync(bundleDir, { recursive: true })
    const outfile = join(mkdtempSync(join(bundleDir, 'run-')), 'cli.mjs')
    await build({
      entryPoints: [ENTRY],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      external: ['playwright', 'playwright-core'],
    })
    runner = [outfile]
  } catch {
    // No esbuild: run through tsx (slower, same result).
  }
})
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true })
  if (runner[0]?.endsWith('cli.mjs')) rmSync(dirname(runner[0]), { recursive: true, force: true })
})

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function cli(args: string[], stdin?: string, viaTsx = false): Promise<Run> {
  return new Promise((done, fail) => {
    const entry = viaTsx ? ['--import', 'tsx', ENTRY] : runner
    const child = spawn(process.execPath, [...entry, ...args], { cwd: ROOT, env: { ...process.env, NIGHTFALL_DEBUG: '' } })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
    child.stdin.end(stdin ?? '')
  })
}

const example = (name: string) => join(ROOT, 'examples', name)
const noStack = (r: Run) => expect(r.stderr + r.stdout).not.toMatch(/\n\s+at .+:\d+:\d+/)

describe.concurrent('nightfall CLI', () => {
  test('presets --json lists all three presets with every option and both sets of role names', async () => {
    const r = await cli(['presets', '--json'])
    expect(r.code).toBe(0)
    const { presets } = JSON.parse(r.stdout) as { presets: unknown[] }
    expect(presets.map((p) => rulesetSchema.parse(p).id)).toEqual(['maffiasig', 'estonian', 'swedish'])
    const optionKeys = Object.keys(rulesetOptionsSchema.shape).sort()
    for (const p of presets.map((x) => rulesetSchema.parse(x))) {
      expect(Object.keys(p.options).sort()).toEqual(optionKeys)
      expect(p).toEqual(PRESETS[p.base])
    }
    const [maffiasig, estonian, swedish] = presets.map((x) => rulesetSchema.parse(x))
    expect(maffiasig?.names.hu.roleNames.investigator).toBe('Felügyelő')
    expect(maffiasig?.options).toMatchObject({ firstPhase: 'night0', killResolution: 'individualShots', dayProcedure: 'accusation', hasDoctor: false })
    expect(estonian?.names.et.roleNames).toMatchObject({ mafia: 'Maffia', investigator: 'Politseinik', doctor: 'Arst' })
    expect(estonian?.options).toMatchObject({ maxNominees: 3, revealOnExecution: true, mafiaWinAtParity: false })
    expect(swedish?.names.en.roleNames).toMatchObject({ investigator: 'Constable', citizen: 'Farmer' })
    expect(swedish?.options).toMatchObject({ firstPhase: 'night', parityNeedsDeadDoctor: true, doctorMafiaDraw: true })
  })

  test('presets prints a table with every option and the native role names', async () => {
    const r = await cli(['presets'])
    expect(r.code).toBe(0)
    // Each option on a row of its own, labelled as the rules editor labels it (a label naming a role is the ruleset's to fill).
    for (const key of Object.keys(rulesetOptionsSchema.shape)) {
      const label = translate('en', `options.${key}.label`)
      if (!label.includes('{')) expect(r.stdout).toContain(`\n${label} `)
    }
    for (const name of ['MaffiaSIG', 'Estonian', 'Swedish', 'Maffiózó', 'Külaelanik', 'Konstapel', 'Bonde']) expect(r.stdout).toContain(name)
  })

  test('deal: the Swedish table for 7–15 players', async () => {
    const r = await cli(['deal', '--preset', 'swedish', '--players', '7-15', '--json'])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { tables: { players: number; counts: Record<string, number>; problems: string[] }[] }
    const rows = out.tables.map((t) => [t.players, t.counts.mafia, t.counts.investigator, t.counts.doctor, t.counts.citizen])
    // players: mafia, constables, doctors, farmers — the Swedish text's table. For 15 the text says
    // 5, 2, 1, 8, which adds up to 16 cards; the engine deals 7 farmers so that 15 players get 15 cards.
    expect(rows).toEqual([
      [7, 2, 1, 1, 3],
      [8, 2, 1, 1, 4],
      [9, 3, 1, 1, 4],
      [10, 3, 1, 1, 5],
      [11, 3, 1, 1, 6],
      [12, 4, 1, 1, 6],
      [13, 4, 1, 1, 7],
      [14, 4, 1, 1, 8],
      [15, 5, 2, 1, 7],
    ])
    expect(out.tables.every((t) => t.problems.length === 0)).toBe(true)
  })

  test('deal: one table size, human output', async () => {
    const r = await cli(['deal', '--preset', 'swedish', '--players', '12'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Mafia \(Maffia\)\s+4\n/)
    expect(r.stdout).toMatch(/Constable \(Konstapel\)\s+1\n/)
    expect(r.stdout).toMatch(/Farmer \(Bonde\)\s+6\n/)
  })

  test('deal: Swedish with 3 players cannot be played (exit 2, clear message)', async () => {
    const r = await cli(['deal', '--preset', 'swedish', '--players', '3'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('Swedish needs at least 4 players; 3 given.')
    noStack(r)
  })

  test('deal --shuffle deals every role to the named players', async () => {
    const names = ['Anna', 'Bence', 'Csilla', 'Dani', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Ivan', 'Jani']
    const out = join(tmp, 'dealt.json')
    const r = await cli(['deal', '--preset', 'maffiasig', '--names', names.join(','), '--shuffle', '--out', out, '--json'])
    expect(r.code).toBe(0)
    const res = JSON.parse(r.stdout) as { counts: Record<string, number>; seats: { name: string; role: string }[] }
    expect(res.seats.map((s) => s.name)).toEqual(names)
    const dealt = (role: string) => res.seats.filter((s) => s.role === role).length
    expect([dealt('mafia'), dealt('investigator'), dealt('citizen')]).toEqual([res.counts.mafia, res.counts.investigator, res.counts.citizen])
    const file = gameFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')))
    expect(file.deal.roles).toEqual(res.seats.map((s) => s.role))
    expect(file.commands).toEqual([])
  })

  test('bad arguments: exit 2 with a message, no stack trace', async () => {
    const [unknown, missing, noCommand] = await Promise.all([
      cli(['deal', '--preset', 'swedish', '--players', '9', '--bogus']),
      cli(['deal', '--preset', 'chess', '--players', '9']),
      cli(['frobnicate']),
    ])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown option --bogus.')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Unknown preset "chess"')
    expect(noCommand.code).toBe(2)
    expect(noCommand.stderr).toContain('unknown command "frobnicate"')
    for (const r of [unknown, missing, noCommand]) noStack(r)
  })

  test('the real entry (node --import tsx src/cli/index.ts) behaves like the bundle', async () => {
    const args = ['replay', example('illegal-command.json'), '--json']
    const [real, bundled] = await Promise.all([cli(args, undefined, true), cli(args)])
    expect(real.code).toBe(1)
    expect(real).toEqual(bundled)
  })

  test('help and --help', async () => {
    const [general, deal] = await Promise.all([cli(['help']), cli(['deal', '--help'])])
    expect(general.code).toBe(0)
    for (const c of ['presets', 'deal', 'replay']) expect(general.stdout).toContain(`  ${c} `)
    expect(deal.code).toBe(0)
    expect(deal.stdout).toMatch(/^Usage: nightfall deal/)
  })

  test('under --lang the CLI frames its output in that language: the command list, errors, the replay’s headings and table; --lang help lists the codes', async () => {
    const [hu, ja, wrong, replayHelp, replay, projector] = await Promise.all([
      cli(['help', '--lang', 'hu']),
      cli(['--help', '--lang=ja']),
      cli(['nope', '--lang', 'sv']),
      cli(['replay', '--help']),
      cli(['replay', example('maffiasig-12.json'), '--lang', 'hu']),
      cli(['replay', example('estonian-8.json'), '--lang', 'et', '--view', 'projector']),
    ])
    expect(hu.code).toBe(0)
    expect(hu.stdout).toMatch(/^Nightfall – a Maffia társasjáték levezetése\./)
    expect(hu.stdout).toContain('Parancsok:')
    expect(hu.stdout).toContain('  replay    Egy játékfájl visszajátszása')
    expect(hu.stdout).toContain('--lang LANG (en, hu, et, sv, ja)')
    expect(hu.stdout).not.toMatch(/\b(Usage|Commands|Show|Exit codes|Estimate|List)\b/)
    expect(ja.stdout).toContain('コマンド：')
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toMatch(/^fel: okänt kommando "nope"\. Kommandon: presets, deal, replay, simulate, cards, help\./)
    expect(replayHelp.stdout).toMatch(/--lang LANG {2}.*: en, hu, et, sv, ja \(default en\)/)
    expect(replay.code).toBe(0)
    for (const w of [
      'Szakasz: vége',
      'Győztes: Polgárok',
      'Bejelentések (amit a kivetítő mutat):',
      'Rákérdezések (csak a játékvezetőnek):',
      'Hely',
      'Szerep (játékvezető)',
    ])
      expect(replay.stdout).toContain(w)
    expect(replay.stdout).not.toMatch(/\b(Phase|Winner|Seat|Name|Alive|alive|dead|Announcements|Investigations|Replayed|players|deal|MAFIA)\b/)
    expect(projector.code).toBe(0)
    expect(projector.stdout).toContain('mida projektor näitab')
    expect(projector.stdout).toMatch(/Faas: läbi \(\d+\. päev, \d+\. öö\)/)
    expect(projector.stdout).not.toMatch(/\b(Phase|Winner|Seat|Name|Alive|alive|dead|Announcements|Replayed|players|what the projector)\b/)
  })

  test.each([
    ['maffiasig-12.json', 'town', 12],
    ['estonian-8.json', 'mafia', 8],
    ['swedish-9.json', 'mafia', 9],
    ['swedish-7-draw.json', 'draw', 7],
  ])('replay %s ends with winner %s', async (name, winner, players) => {
    const r = await cli(['replay', example(name), '--json'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as {
      ok: boolean
      winner: string
      steps: number
      projector: { phase: string; seats: unknown[]; winner: string }
      referee: { winner: string }
    }
    const file = gameFileSchema.parse(JSON.parse(readFileSync(example(name), 'utf8')))
    expect(out).toMatchObject({ ok: true, winner, steps: file.commands.length })
    expect(out.projector).toMatchObject({ phase: 'over', winner })
    expect(out.projector.seats).toHaveLength(players)
    expect(out.referee.winner).toBe(winner)
  })

  test('replay prints the end of the game for people', async () => {
    const r = await cli(['replay', example('maffiasig-12.json')])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Winner: Town')
    expect(r.stdout).toContain('\n  Hajnalka was executed\n')
    expect(r.stdout).toContain('Night 1: Károly — MAFIA')
    expect(r.stdout).toMatch(/10\s+Károly\s+dead\s+Mafioso/)
  })

  test('replay names who tied, in every language, with the projector’s words', async () => {
    const [en, hu, ja] = await Promise.all(['en', 'hu', 'ja'].map((lang) => cli(['replay', example('estonian-8.json'), '--lang', lang])))
    expect(en?.stdout).toContain('\n  Day 1: a tie between Toomas and Liis, 3 votes each — nobody is executed\n')
    expect(hu?.stdout).toContain('\n  1. nappal: szavazategyenlőség (Toomas és Liis), fejenként 3 szavazattal — senkit sem végeznek ki\n')
    expect(ja?.stdout).toContain('\n  1日目：Toomas、Liisが同数（各3票） — 処刑なし\n')
  })

  test('replay --story tells the finished game night by night, in the chosen language; refused before the end', async () => {
    const unfinished = join(tmp, 'unfinished.json')
    const whole = JSON.parse(readFileSync(example('maffiasig-12.json'), 'utf8')) as { commands: unknown[] }
    writeFileSync(unfinished, JSON.stringify({ ...whole, commands: whole.commands.slice(0, 8) }))
    const [en, hu, asJson, early] = await Promise.all([
      cli(['replay', example('maffiasig-12.json'), '--story']),
      cli(['replay', example('maffiasig-12.json'), '--story', '--lang', 'hu']),
      cli(['replay', example('maffiasig-12.json'), '--story', '--json']),
      cli(['replay', unfinished, '--story']),
    ])
    expect(en.code).toBe(0)
    expect(en.stdout).toMatch(/^The story of the game — MaffiaSIG/)
    expect(en.stdout).toContain('Introduction night\n  The mafia met for the first time: Csilla, Hajnalka, and Károly.')
    expect(en.stdout).toContain('  Csilla shot at Anna.\n  Károly shot at Anna.\n  The Inspector checked Károly: mafia.\n  Anna (Citizen) was killed.')
    expect(en.stdout).toContain('  Hajnalka was executed: Mafioso.')
    expect(en.stdout).toMatch(/The end\n {2}Winner: Town/)
    expect(en.stdout).toMatch(/11\. Károly\s+Mafioso †/)
    expect(en.stdout).not.toContain('Referee')
    expect(hu.code).toBe(0)
    expect(hu.stdout).toContain('Nulladik éjszaka\n  A maffia először találkozott: Csilla, Hajnalka és Károly.')
    expect(hu.stdout).toMatch(/11\. Károly\s+Maffiózó †/)
    const story = JSON.parse(asJson.stdout) as { ok: boolean; story: { chapters: { kind: string }[]; winner: string; players: string[] } }
    expect(story).toMatchObject({ ok: true, story: { winner: 'town' } })
    expect(story.story.chapters[0]).toMatchObject({ kind: 'night' })
    expect(story.story.players).toHaveLength(12)
    expect(early.code).toBe(2)
    expect(early.stdout).toBe('')
    expect(early.stderr).toMatch(/The story is told once the game is over/)
  })

  test('replay --lang prints the script, the announcements and the role names in that language; an unknown language is a usage error', async () => {
    const [hu, sv, ja, bad] = await Promise.all([
      cli(['replay', example('maffiasig-12.json'), '--lang', 'hu']),
      cli(['replay', example('swedish-9.json'), '--lang', 'sv']),
      cli(['replay', example('maffiasig-12.json'), '--lang', 'ja']),
      cli(['replay', example('maffiasig-12.json'), '--lang', 'xx']),
    ])
    expect(hu.code).toBe(0)
    expect(hu.stdout).toContain('Kivégezték: Hajnalka')
    expect(hu.stdout).toContain('Győztes: Polgárok — minden maffiózó halott.')
    expect(hu.stdout).toMatch(/10\s+Károly\s+halott\s+Maffiózó/)
    expect(sv.code).toBe(0)
    expect(sv.stdout).toMatch(/Konstapel|Bonde|Läkare/)
    expect(ja.code).toBe(0)
    expect(ja.stdout).toContain('市民の勝利')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('Unknown language "xx"')
  })

  test('replay of an illegal command: exit 1 with its index and the typed error', async () => {
    const [human, asJson] = await Promise.all([cli(['replay', example('illegal-command.json')]), cli(['replay', example('illegal-command.json'), '--json'])])
    expect(human.code).toBe(1)
    expect(human.stderr).toContain('command #7 (shoot) was refused: [not-alive] Bence is dead.')
    expect(human.stdout).toContain('The game as it stood before command #7')
    noStack(human)
    expect(asJson.code).toBe(1)
    const out = JSON.parse(asJson.stdout) as { ok: boolean; steps: number; error: { index: number; code: string; message: string } }
    expect(out).toMatchObject({ ok: false, steps: 7, error: { index: 7, code: 'not-alive' } })
    expect(out.error.message).toContain('Bence is dead')
  })

  test('replay of garbage, of JSON that is not a game file, of a missing file: exit 2, no stack trace', async () => {
    const garbage = join(tmp, 'garbage.json')
    writeFileSync(garbage, '\u0000\u0001not json {{{')
    const notGame = join(tmp, 'not-game.json')
    writeFileSync(notGame, JSON.stringify({ format: 'nightfall-game', version: 1, players: ['A'], commands: [{ type: 'explode' }] }))
    const runs = await Promise.all([cli(['replay', garbage]), cli(['replay', notGame]), cli(['replay', join(tmp, 'nope.json')])])
    const [g, n, m] = runs
    expect(g?.stderr).toContain('is not JSON')
    expect(n?.stderr).toContain('not a valid game file')
    expect(m?.stderr).toContain('no such file')
    for (const r of runs) {
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      noStack(r)
    }
  })

  test('replay reads a game file from standard input and refuses a file from a newer version', async () => {
    const text = readFileSync(example('swedish-7-draw.json'), 'utf8')
    const newer = JSON.stringify({ ...JSON.parse(text), version: 99 })
    const [stdin, future] = await Promise.all([cli(['replay', '-', '--json'], text), cli(['replay', '-'], newer)])
    expect(stdin.code).toBe(0)
    expect(JSON.parse(stdin.stdout)).toMatchObject({ winner: 'draw' })
    expect(future.code).toBe(2)
    expect(future.stderr).toContain('version 99')
  })
})

describe.concurrent('nightfall CLI: game files a person can read, write and trust', () => {
  const write = (name: string, value: unknown) => {
    const path = join(tmp, name)
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
    return path
  }
  /** MaffiaSIG, 6 players, short form: night 0, then Emese accuses Anna and the guilty vote is open. */
  const SHORT = {
    format: 'nightfall-game',
    version: 2,
    ruleset: { preset: 'maffiasig' },
    players: ['Anna', 'Bence', 'Csilla', 'Dani', 'Emese', 'Feri'],
    deal: { Anna: 'mafia', Dani: 'inspector' },
    commands: [{ type: 'endNightStep' }, { type: 'accuse', accused: 'Anna', accuser: 'Emese' }],
  }

  test('replay --view projector shows what the room saw and nothing secret; --view referee and both', async () => {
    const path = write('short.json', SHORT)
    const [projector, referee, both, pj, rj, bj, bad] = await Promise.all([
      cli(['replay', path, '--view', 'projector']),
      cli(['replay', path, '--view', 'referee']),
      cli(['replay', path]),
      cli(['replay', path, '--view', 'projector', '--json']),
      cli(['replay', path, '--view', 'referee', '--json']),
      cli(['replay', path, '--json']),
      cli(['replay', path, '--view', 'room']),
    ])
    expect(projector.code).toBe(0)
    expect(projector.stdout).toContain('what the projector shows')
    expect(projector.stdout).toContain('Phase: day 1, vote, Anna accused')
    expect(projector.stdout).toMatch(/^0\s+Anna\s+alive\s+—$/m)
    for (const secret of ['Mafioso', 'Inspector', 'referee', 'script']) expect(projector.stdout).not.toContain(secret)
    expect(referee.stdout).toMatch(/^0\s+Anna\s+alive\s+Mafioso$/m)
    expect(referee.stdout).not.toContain('Public role')
    expect(both.stdout).toMatch(/^0\s+Anna\s+alive\s+Mafioso\s+—$/m)
    expect(Object.keys(JSON.parse(pj.stdout) as object)).toEqual(['ok', 'projector', 'winner', 'steps'])
    expect(Object.keys(JSON.parse(rj.stdout) as object)).toEqual(['ok', 'referee', 'winner', 'steps'])
    expect(Object.keys(JSON.parse(bj.stdout) as object)).toEqual(['ok', 'projector', 'referee', 'winner', 'steps'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--view must be one of projector, referee, both; got "room".')
  })

  test('an unknown key: exit 2, bad-file, every problem with its path and a suggestion', async () => {
    const path = write('typo.json', { ...SHORT, commands: [{ type: 'endNightStep' }, { type: 'accuse', accused: 'Anna', acuser: 'Emese' }] })
    const [human, asJson, hu] = await Promise.all([cli(['replay', path]), cli(['replay', path, '--json']), cli(['replay', path, '--lang', 'hu'])])
    expect(human.code).toBe(2)
    expect(human.stderr).toContain('not a valid game file:\n  commands.1.acuser: unknown key; did you mean accuser?')
    // Under --lang the framing is that language's (the problem's own words stay as the parser says them).
    expect(hu.code).toBe(2)
    expect(hu.stderr).toMatch(/^hiba: .*typo\.json: nem érvényes játékfájl:\n {2}commands\.1\.acuser: /)
    noStack(human)
    expect(JSON.parse(asJson.stdout)).toEqual({
      ok: false,
      error: {
        code: 'bad-file',
        index: -1,
        message: 'commands.1.acuser: unknown key; did you mean accuser?',
        problems: [{ path: 'commands.1.acuser', message: 'unknown key; did you mean accuser?' }],
      },
    })
  })

  test('a game that cannot start: exit 2, bad-setup, the setup problems listed', async () => {
    const path = write('setup.json', {
      ...SHORT,
      players: ['Anna', 'Bence', 'Csilla', 'Dani'],
      deal: { Anna: 'mafia', Bence: 'mafia', Dani: 'inspector' },
      commands: [],
    })
    const r = await cli(['replay', path, '--json'])
    expect(r.code).toBe(2)
    const out = JSON.parse(r.stdout) as { error: { code: string; problems: { path: string; message: string }[] } }
    expect(out.error.code).toBe('bad-setup')
    expect(out.error.problems).toEqual([
      { path: 'players', message: 'MaffiaSIG needs at least 5 players; 4 given.' },
      { path: 'deal.counts', message: 'With 2 mafia and 2 town the mafia would win before the game starts.' },
    ])
    expect(r.stderr).toContain('the game cannot start:\n  players: MaffiaSIG needs at least 5 players; 4 given.\n  deal.counts: With 2 mafia')
  })

  test('deal --roles --out --short writes a short header; replay reads it and --out writes the full form', async () => {
    const header = join(tmp, 'fixed.json')
    const names = 'Anna,Bence,Csilla,Dani,Emese,Feri'
    const d = await cli(['deal', '--preset', 'maffiasig', '--names', names, '--roles', 'Anna=mafia, Dani=Inspector', '--out', header, '--short'])
    expect(d.code).toBe(0)
    expect(d.stdout).toContain('Dealt as given:')
    const written = JSON.parse(readFileSync(header, 'utf8')) as Record<string, unknown>
    expect(written).toMatchObject({
      version: 2,
      ruleset: { preset: 'maffiasig' },
      players: names.split(','),
      deal: { Anna: 'mafia', Dani: 'investigator' },
      commands: [],
    })
    const full = join(tmp, 'fixed-full.json')
    const [r, again, typo] = await Promise.all([
      cli(['replay', header, '--out', full, '--json']),
      cli(['replay', header, '--out', header]),
      cli(['deal', '--preset', 'maffiasig', '--names', names, '--roles', 'Ana=mafia', '--out', join(tmp, 'never.json')]),
    ])
    expect(r.code).toBe(0)
    const parsed = parseGameFile(JSON.parse(readFileSync(full, 'utf8')))
    expect(parsed.ok && parsed.value.file).toEqual(JSON.parse(readFileSync(full, 'utf8')))
    expect(parsed.ok && parsed.value.file.ruleset).toEqual(PRESETS.maffiasig)
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('already exists; not overwriting it.')
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain('--roles: unknown player "Ana"; did you mean "Anna"?')
  })

  test('a version 1 file with an unknown key replays, and the ignored key is named', async () => {
    const v1 = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'game-file-v1', 'swedish-7-draw.json'), 'utf8')) as {
      commands: Record<string, unknown>[]
    }
    ;(v1.commands[0] as Record<string, unknown>).targte = 3
    const r = await cli(['replay', write('v1.json', v1), '--json'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('note: commands.0.targte: unknown key; did you mean target? — ignored, as version 1 files ignored unknown keys.\n')
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, winner: 'draw', notices: [expect.stringContaining('commands.0.targte')] })
  })
})
