import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { preset } from '../engine'
import { simulate } from '../sim'

/** `nightfall simulate` as a user runs it: `node --import tsx src/cli/index.ts simulate …` in a child process. */

const ROOT = resolve(import.meta.dirname, '..', '..')
const ENTRY = join(ROOT, 'src', 'cli', 'index.ts')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function cli(args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, 'simulate', ...args], { cwd: ROOT, env: { ...process.env, NIGHTFALL_DEBUG: '' } })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
  })
}

const noStack = (r: Run) => expect(r.stderr + r.stdout).not.toMatch(/\n\s+at .+:\d+:\d+/)

// Each run starts worker threads on a bundled engine: on a loaded shared machine that is slow, so
// these tests get more time than the default (no figure here is timed).
describe.concurrent('nightfall simulate', { timeout: 120_000 }, () => {
  test('--json: suggested counts, the estimate, reproducible and equal to simulate() in process', async () => {
    const args = ['--preset', 'maffiasig', '--players', '12', '--games', '3000', '--seed', '77', '--policy', 'random', '--json']
    const [a, b] = await Promise.all([cli(args), cli(args)])
    expect(a.code).toBe(0)
    const ja = JSON.parse(a.stdout) as Record<string, unknown>
    const jb = JSON.parse(b.stdout) as Record<string, unknown>
    delete ja.seconds
    delete jb.seconds
    expect(ja).toEqual(jb)
    expect(ja).toMatchObject({
      ok: true,
      preset: 'maffiasig',
      players: 12,
      counts: { mafia: 3, investigator: 1, doctor: 0, citizen: 8 },
      games: 3000,
      seed: 77,
      policy: 'random',
      errors: 0,
    })
    const here = simulate({
      ruleset: preset('maffiasig'),
      players: 12,
      counts: { mafia: 3, investigator: 1, doctor: 0, citizen: 8 },
      policy: 'random',
      games: 3000,
      seed: 77,
    })
    expect(ja).toMatchObject(JSON.parse(JSON.stringify(here)) as Record<string, unknown>)
  })

  test('--workers 1 and --workers 2 give the same figures (the bundled engine in worker threads); --precision stops early', async () => {
    const base = ['--preset', 'estonian', '--players', '12', '--games', '20000', '--precision', '0.02', '--seed', '5', '--json']
    const [one, two] = await Promise.all([cli([...base, '--workers', '1']), cli([...base, '--workers', '2'])])
    expect(one.code).toBe(0)
    expect(two.code).toBe(0)
    const [a, b] = [JSON.parse(one.stdout), JSON.parse(two.stdout)] as Record<string, unknown>[]
    expect(a).toMatchObject({ workers: 1, bundled: true, precision: 0.02, requested: 20_000 })
    expect(b).toMatchObject({ workers: 2, bundled: true })
    for (const j of [a, b]) {
      delete j!.seconds
      delete j!.workers
    }
    expect(a).toEqual(b)
    expect(a!.games as number).toBeLessThan(20_000)
    const bad = await cli(['--preset', 'estonian', '--players', '12', '--precision', '2'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--precision/)
  })

  test('human output: the three outcomes with intervals, mean days and speed; --roles overrides, citizens fill', async () => {
    const r = await cli(['--preset', 'swedish', '--players', '9', '--roles', 'mafia=2,doctor=0', '--games', '2000'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Swedish, 9 players: 2 Mafia (Maffia), 1 Constable (Konstapel), 6 Farmer (Bonde)')
    expect(r.stdout).toMatch(/Policy informed/)
    expect(r.stdout).toMatch(/^Town\s+\d+\.\d%\s+\d+\.\d% – \d+\.\d%\s+[\d,]+$/m)
    expect(r.stdout).toMatch(/^Mafia\s+\d+\.\d%/m)
    expect(r.stdout).toMatch(/^Draw\s+0\.0%\s+0\.0% – (<0\.1|0\.\d)%\s+0$/m) // no doctor, no draw
    expect(r.stdout).toMatch(/Mean game length: \d+\.\d\d days\./)
    expect(r.stdout).toMatch(/games\/s; worker threads: \d+, bundled engine\)/)
  })

  test('bad arguments and unplayable setups: exit 2 with a message, no stack trace', async () => {
    const runs = await Promise.all([
      cli(['--preset', 'swedish', '--players', '9', '--roles', 'citizen=3']),
      cli(['--preset', 'swedish', '--players', '9', '--roles', 'mafia:3']),
      cli(['--preset', 'swedish', '--players', '9', '--policy', 'clever']),
      cli(['--preset', 'maffiasig', '--players', '12', '--roles', 'mafia=6']),
      cli(['--preset', 'estonian']),
      cli(['--preset', 'maffiasig', '--players', '9', '--roles', 'doctor=1']),
    ])
    for (const r of runs) {
      expect(r.code).toBe(2)
      noStack(r)
    }
    const [citizen, syntax, policy, lost, noPlayers, noDoctor] = runs.map((r) => r!.stderr)
    expect(citizen).toMatch(/fills up by itself/)
    expect(syntax).toMatch(/not ROLE=COUNT/)
    expect(policy).toMatch(/Unknown policy "clever"/)
    expect(lost).toMatch(/mafia would win before the game starts/)
    expect(noPlayers).toMatch(/--players/)
    expect(noDoctor).toMatch(/MaffiaSIG has no Doctor/)
  })
})
