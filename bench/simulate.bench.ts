/**
 * The balance estimator's speed: games per second on one thread, 12 and 18 players, each preset,
 * random and informed play; the headline (10,000 games of 12 players); where a game's time goes.
 *
 * Two builds of the same source are measured:
 * - bundled: the simulator bundled by esbuild and run by plain node — how the app runs it (its
 *   worker is bundled by electron-vite) — including a CPU profile of where the time goes;
 * - tsx: in this process, as `npm run bench` / `npm run cli` run it. tsx compiles with esbuild's
 *   keepNames, which wraps every closure the engine creates per call in a defineProperty, so it is
 *   noticeably slower; the bundled figure is the one that matters for the app.
 *
 * `npm run bench -- simulate --quick` measures fewer games.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { measureGrid, measureTenThousand, runAll, type GridRow, type RunnerReport, type Split } from './simulate-runner'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = join(ROOT, '.tmp', 'bench')

const fmt = (x: number, d = 0): string => x.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d })

function table(headers: string[], rows: string[][]): string {
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i] ?? 0) : c.padStart(w[i] ?? 0))).join('  ')
  return [line(headers), w.map((x) => '-'.repeat(x)).join('  '), ...rows.map(line)].join('\n')
}

const gridTable = (rows: GridRow[]): string =>
  table(
    ['preset', 'players', 'policy', 'games/s', 'µs/game', 'CPU µs/game', 'commands/game', 'mean days'],
    rows.map((r) => [
      r.preset,
      String(r.players),
      r.policy,
      fmt(r.gamesPerSecond),
      fmt((r.wallMs * 1000) / r.games, 1),
      fmt((r.cpuMs * 1000) / r.games, 1),
      fmt(r.commandsPerGame, 1),
      fmt(r.meanDays, 2),
    ]),
  )

const tenTable = (rows: RunnerReport['tenThousand']): string =>
  table(
    ['preset', 'policy', 'wall s', 'CPU s', 'under 1 s?'],
    rows.map((r) => [r.preset, r.policy, fmt(r.wallMs / 1000, 3), fmt(r.cpuMs / 1000, 3), r.wallMs < 1000 ? 'yes' : 'no']),
  )

const splitTable = (rows: Split[]): string =>
  table(
    ['preset (12, random)', 'decide µs', 'apply µs', 'policy µs', 'deal µs', 'commands', 'events'],
    rows.map((r) => [
      r.preset,
      fmt(r.decideUs, 1),
      fmt(r.applyUs, 1),
      fmt(r.policyUs, 1),
      fmt(r.dealUs, 1),
      fmt(r.commandsPerGame, 1),
      fmt(r.eventsPerGame, 1),
    ]),
  )

/** Bundle simulate-runner.ts like the app bundles its worker (no keepNames). null when esbuild is missing. */
async function bundleRunner(): Promise<string | null> {
  try {
    const { build } = await import('esbuild')
    const outfile = join(OUT, 'simulate-runner.mjs')
    mkdirSync(OUT, { recursive: true })
    await build({
      entryPoints: [join(import.meta.dirname, 'simulate-runner.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
    })
    return outfile
  } catch {
    return null
  }
}

function runBundled(file: string, args: string[], nodeArgs: string[] = []): RunnerReport {
  const r = spawnSync(process.execPath, [...nodeArgs, file, '--runner', ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })
  if (r.status !== 0) throw new Error(`bundled runner failed: ${r.stderr}`)
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as RunnerReport
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** The functions with the most self time in a V8 CPU profile. */
function topFunctions(profile: Profile, n: number): [string, number][] {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]))
  const self = new Map<string, number>()
  let total = 0
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0
    total += dt
    const f = byId.get(id)?.callFrame
    const name = f ? f.functionName || '(anonymous)' : '?'
    self.set(name, (self.get(name) ?? 0) + dt)
  })
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => [k, (100 * v) / total])
}

function profileBundled(file: string): [string, number][] | null {
  const dir = join(OUT, 'profile')
  rmSync(dir, { recursive: true, force: true })
  runBundled(file, ['--ten-thousand'], ['--cpu-prof', `--cpu-prof-dir=${dir}`])
  const f = readdirSync(dir).find((x) => x.endsWith('.cpuprofile'))
  return f ? topFunctions(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Profile, 14) : null
}

export default async function bench(): Promise<void> {
  const quick = process.argv.includes('--quick')
  const games = quick ? 2000 : 10_000
  console.log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  )
  console.log('Single thread. "games/s" is wall time; CPU time includes V8\'s GC helper threads.\n')

  const file = await bundleRunner()
  if (file) {
    const b = runBundled(file, [`--games=${games}`])
    console.log('Bundled (as the app runs it): 10,000 games of 12 players')
    console.log(tenTable(b.tenThousand) + '\n')
    console.log(`Bundled: ${fmt(games)} games per row`)
    console.log(gridTable(b.grid) + '\n')
    console.log("Bundled: where a game's time goes (each part timed alone over 2,000 recorded games; µs per game)")
    console.log(splitTable(b.split) + '\n')
    const top = profileBundled(file)
    if (top) {
      console.log('Bundled: CPU profile of the 10,000-game runs, self time by function')
      console.log(
        table(
          ['function', 'self %'],
          top.map(([k, v]) => [k, fmt(v, 1)]),
        ) + '\n',
      )
    }
  } else console.log('(esbuild not found: the bundled figures are skipped)\n')

  const tsxGames = quick ? 1000 : Math.round(games / 2)
  console.log('tsx (in this process, as `npm run cli` runs it): 10,000 games of 12 players')
  console.log(tenTable(measureTenThousand()) + '\n')
  console.log(`tsx: ${fmt(tsxGames)} games per row`)
  console.log(gridTable(measureGrid(tsxGames)))
  if (!file) console.log('\n' + splitTable(runAll(tsxGames).split))
}
