import { setupProblems, suggestCounts } from '../../main/engine'
import { createEstimator, defaultWorkers } from '../../main/host/estimator'
import { DEFAULT_SEED, POLICIES, POLICY_NAMES, simulate as runSimulation, type PolicyName, type Simulation } from '../../main/sim'
import type { EstimateRequest } from '../../shared/api'
import type { RoleCounts } from '../../shared/roles'
import type { Ruleset } from '../../shared/ruleset'
import { EXIT, flag, int, str, UsageError, type CliCommand, type OptionValues } from '../command'
import { json, roleLabel, table } from '../format'
import { presetById } from '../presets-data'
import { bundledEstimatorWorker } from '../worker-bundle'

/** `simulate`: the balance estimator — each side's odds before the deal, by Monte Carlo through the engine. */
export const simulate: CliCommand = {
  name: 'simulate',
  help: `Usage: nightfall simulate --preset PRESET --players N [options]

Plays GAMES whole games of PRESET (maffiasig, estonian, swedish) at a table of
N players through the rules engine, each with a fresh random deal, and prints
the chance that the town wins, the mafia win, or the game is a draw, with 95%
intervals, and the mean game length in days. Seeded: the same arguments give
the same figures on any machine, whatever the number of workers.

The games run in worker threads on the engine bundled as the app bundles it
(not under tsx), so the time printed is the app's. They are played in fixed
chunks of 250, each with its own random stream, merged in order.

Policies (how the simulated table plays):
  random    The town executes a uniformly random living player each day; the
            mafia kill a uniformly random town player each night; investigators
            and doctors choose uniformly among whom they may choose.
  informed  Investigators check players nobody has checked and come out when they
            find a mafioso, who is executed next day; doctors protect a revealed
            investigator; the mafia hunt a revealed investigator. (default)

Options:
  --preset PRESET   Rule preset (required)
  --players N       Number of players (required)
  --roles LIST      Role counts, e.g. mafia=3,investigator=1,doctor=1; a role left
                    out takes the preset's suggestion, citizens fill the rest
  --policy NAME     random or informed (default informed)
  --games G         Number of games, or the most with --precision (default 10000)
  --precision P     Stop once every 95% interval is within ± P (e.g. 0.01 for
                    ±1 point), checked every 250 games; says how many it took
  --seed S          Seed of the random numbers (default ${DEFAULT_SEED})
  --workers N       Worker threads (default: one per core, here ${defaultWorkers()})
  --json            Machine-readable output
  -h, --help        Show this help

Examples:
  npm run cli -- simulate --preset maffiasig --players 12
  npm run cli -- simulate --preset swedish --players 9 --roles mafia=2 --policy random --games 50000 --json`,
  options: {
    preset: { type: 'string' },
    players: { type: 'string' },
    roles: { type: 'string' },
    policy: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    precision: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const ruleset = presetById(str(values, 'preset'))
    const players = int(values, 'players', 1, 60)
    if (players === undefined) throw new UsageError('How many players? Give --players N.')
    const counts = parseRoles(str(values, 'roles'), ruleset, players)
    const policy = parsePolicy(values)
    const games = int(values, 'games', 1, 10_000_000) ?? 10_000
    const seed = int(values, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? DEFAULT_SEED
    const precision = parsePrecision(str(values, 'precision'))
    const workers = int(values, 'workers', 1, 256) ?? defaultWorkers()
    const asJson = flag(values, 'json')

    const problems = setupProblems(
      ruleset,
      Array.from({ length: players }, (_, i) => `P${i + 1}`),
      counts,
    ).map((p) => p.message)
    if (problems.length) {
      if (asJson) io.out(json({ ok: false, preset: ruleset.id, players, counts, problems }))
      for (const p of problems) io.err(`error: ${p}`)
      return EXIT.usage
    }

    const request: EstimateRequest = { ruleset, players, counts, policy, games, ...(precision === undefined ? {} : { precision }) }
    const { result, seconds, bundled } = await play(request, seed, workers)
    const ok = result.errors === 0

    if (asJson) io.out(json({ ok, preset: ruleset.id, players, counts, seconds: round(seconds, 3), workers, bundled, ...result }))
    else printResult(io.out, ruleset, players, counts, result, seconds, bundled ? workers : 0)
    if (!ok) {
      io.err(`error: ${result.errors} of ${games} simulated games did not end — a bug in Nightfall. ${result.firstError ?? ''}`.trim())
      return EXIT.internal
    }
    return EXIT.ok
  },
}

/**
 * Plays the batch in `workers` warm worker threads running the bundled engine (a one-game batch
 * starts and warms them first, as the app's are kept warm, so the time is the batch's alone).
 * Without esbuild (a development dependency) it plays in this thread instead.
 */
async function play(request: EstimateRequest, seed: number, workers: number): Promise<{ result: Simulation; seconds: number; bundled: boolean }> {
  const workerUrl = await bundledEstimatorWorker()
  if (!workerUrl) {
    const started = performance.now()
    const result = runSimulation({ ...request, seed })
    return { result, seconds: (performance.now() - started) / 1000, bundled: false }
  }
  const est = createEstimator({ workerUrl, workers })
  try {
    const { ruleset, players, counts, policy } = request
    await est.run({ ruleset, players, counts, policy, games: workers }, { seed, keepErrors: true })
    const started = performance.now()
    const result = await est.run(request, { seed, keepErrors: true })
    return { result, seconds: (performance.now() - started) / 1000, bundled: true }
  } finally {
    est.dispose()
  }
}

function parsePrecision(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const p = Number(raw)
  if (!(p >= 0.001 && p <= 0.5)) throw new UsageError(`--precision: give a fraction from 0.001 to 0.5 (e.g. 0.01 for ±1 point); got "${raw}".`)
  return p
}

const ROLE_KEYS: Record<string, keyof RoleCounts> = {
  mafia: 'mafia',
  mafioso: 'mafia',
  investigator: 'investigator',
  investigators: 'investigator',
  doctor: 'doctor',
  doctors: 'doctor',
}

/** "mafia=3,investigator=1,doctor=0" over the preset's suggestion; citizens fill the rest. */
function parseRoles(raw: string | undefined, ruleset: Ruleset, players: number): RoleCounts {
  const c = suggestCounts(ruleset, players)
  const over: Partial<Record<keyof RoleCounts, number>> = {}
  if (raw !== undefined && raw.trim() !== '') {
    for (const part of raw.split(',')) {
      const m = part.trim().match(/^([a-z]+)\s*=\s*(\d+)$/i)
      if (!m) throw new UsageError(`--roles: "${part.trim()}" is not ROLE=COUNT (e.g. mafia=3,investigator=1,doctor=1).`)
      const name = (m[1] as string).toLowerCase()
      if (name === 'citizen' || name === 'citizens')
        throw new UsageError('--roles: citizens fill whatever the other roles leave; give mafia, investigator and doctor only.')
      const key = ROLE_KEYS[name]
      if (!key) throw new UsageError(`--roles: unknown role "${m[1]}". Roles: mafia, investigator, doctor.`)
      if (over[key] !== undefined) throw new UsageError(`--roles gives ${key} twice.`)
      const n = Number(m[2])
      if (n > 60) throw new UsageError(`--roles: ${key}=${n} is more than 60.`)
      over[key] = n
    }
  }
  const mafia = over.mafia ?? c.mafia
  const investigator = over.investigator ?? c.investigator
  const doctor = over.doctor ?? c.doctor
  const citizen = players - mafia - investigator - doctor
  if (citizen < 0) throw new UsageError(`--roles: ${mafia + investigator + doctor} special roles do not fit at a table of ${players}.`)
  return { mafia, investigator, doctor, citizen }
}

function parsePolicy(values: OptionValues): PolicyName {
  const raw = str(values, 'policy')
  if (raw === undefined) return 'informed'
  const name = raw.trim().toLowerCase()
  if (!(POLICY_NAMES as readonly string[]).includes(name)) throw new UsageError(`Unknown policy "${raw}". Policies: ${POLICY_NAMES.join(', ')}.`)
  return name as PolicyName
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits))
/** One decimal; a small but non-zero bound shows as "<0.1%" rather than a misleading 0.0%. */
const pct = (x: number): string => (x > 0 && x < 0.0005 ? '<0.1%' : `${(100 * x).toFixed(1)}%`)

function printResult(out: (s: string) => void, r: Ruleset, players: number, counts: RoleCounts, s: Simulation, seconds: number, workers: number): void {
  const roles = (['mafia', 'investigator', 'doctor', 'citizen'] as const)
    .filter((role) => counts[role] > 0)
    .map((role) => `${counts[role]} ${roleLabel(role, r)}`)
  out(`${r.name}, ${players} players: ${roles.join(', ')}`)
  const played = s.games + s.errors
  const games =
    s.precision === null
      ? `${s.requested.toLocaleString('en')} games`
      : `${played.toLocaleString('en')} games (until every interval was within ±${pct(s.precision)}, at most ${s.requested.toLocaleString('en')})`
  out(`Policy ${s.policy} (${POLICIES[s.policy].description}); ${games}, seed ${s.seed}`)
  out('')
  const row = (label: string, side: 'town' | 'mafia' | 'draw') => {
    const i = s.intervals[side]
    return [label, pct(s[side]), `${pct(i.lo)} – ${pct(i.hi)}`, s.wins[side].toLocaleString('en')]
  }
  out(table(['Outcome', 'Chance', '95% interval', 'Games'], [row('Town wins', 'town'), row('Mafia win', 'mafia'), row('Draw', 'draw')]))
  out('')
  out(`Mean game length: ${s.meanDays.toFixed(2)} days.`)
  const how = workers > 0 ? `${workers} worker thread${workers === 1 ? '' : 's'}, bundled engine` : 'in this thread, under tsx'
  out(`Took ${seconds.toFixed(3)} s (${Math.round(played / Math.max(seconds, 1e-9)).toLocaleString('en')} games/s; ${how}).`)
}
