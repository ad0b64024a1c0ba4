import { setupProblems, suggestCounts } from '../../engine'
import { createEstimator, defaultWorkers } from '../../host/workers/estimator'
import { DEFAULT_SEED, POLICY_NAMES, simulate as runSimulation, type PolicyName, type Simulation } from '../../sim'
import type { EstimateRequest } from '../../shared/api'
import type { RoleCounts } from '../../shared/roles'
import type { Ruleset } from '../../shared/ruleset'
import { cliText, EXIT, flag, int, str, UsageError, type CliCommand, type OptionValues, type Params } from '../command'
import { num, LANGUAGE_CODES } from '../i18n'
import { wordsIn } from '../../shared/messages'
import { checkText } from '../../shared/text/check'
import { listOf } from '../../shared/phrasing'
import type { Language } from '../../shared/languages'
import { rulesetName, teamName } from '../../shared/role-names'
import { json, roleLabel, table } from '../format'
import { presetById } from '../presets-data'
import { bundledEstimatorWorker } from '../worker-bundle'

/** `simulate`: the balance estimator — each side's odds before the deal, by Monte Carlo through the engine. */
export const simulate: CliCommand = {
  name: 'simulate',
  help: () => MANUAL,
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
  async run({ values, lang }, io) {
    const ruleset = presetById(str(values, 'preset'))
    const players = int(values, 'players', 1, 60)
    if (players === undefined) throw new UsageError('howMany')
    const counts = parseRoles(str(values, 'roles'), ruleset, players)
    const policy = parsePolicy(values)
    const games = int(values, 'games', 1, 10_000_000) ?? 10_000
    const seed = int(values, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? DEFAULT_SEED
    const precision = parsePrecision(str(values, 'precision'))
    const workers = int(values, 'workers', 1, 256) ?? defaultWorkers()
    const asJson = flag(values, 'json')

    const problemLines = setupProblems(
      ruleset,
      Array.from({ length: players }, (_, i) => `P${i + 1}`),
      counts,
    )
    const problems = problemLines.map((p) => p.message)
    if (problems.length) {
      if (asJson) io.out(json({ ok: false, preset: ruleset.id, players, counts, problems }))
      for (const p of problemLines) io.err(cliText(lang, 'error', { message: checkText(wordsIn(lang), p, ruleset.names) }))
      return EXIT.usage
    }

    const request: EstimateRequest = { ruleset, players, counts, policy, games, ...(precision === undefined ? {} : { precision }) }
    const { result, seconds, bundled } = await play(request, seed, workers)
    const ok = result.errors === 0

    if (asJson) io.out(json({ ok, preset: ruleset.id, players, counts, seconds: round(seconds, 3), workers, bundled, ...result }))
    else printResult(io.out, ruleset, players, counts, result, seconds, bundled ? workers : 0, lang)
    if (!ok) {
      io.err(cliText(lang, 'error', { message: cliText(lang, 'simulate.notEnded', { errors: result.errors, games }) }))
      if (result.firstError) io.err(result.firstError)
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
  if (!(p >= 0.001 && p <= 0.5)) throw new UsageError('precision', { value: raw })
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
      if (!m) throw new UsageError('roleCount', { value: part.trim() })
      const name = (m[1] as string).toLowerCase()
      if (name === 'citizen' || name === 'citizens') throw new UsageError('citizensFill')
      const key = ROLE_KEYS[name]
      if (!key) throw new UsageError('unknownRole', { value: m[1] as string, roles: 'mafia, investigator, doctor' })
      if (over[key] !== undefined) throw new UsageError('roleTwice', { role: key })
      const n = Number(m[2])
      if (n > 60) throw new UsageError('roleMore', { value: `${key}=${n}`, max: 60 })
      over[key] = n
    }
  }
  const mafia = over.mafia ?? c.mafia
  const investigator = over.investigator ?? c.investigator
  const doctor = over.doctor ?? c.doctor
  const citizen = players - mafia - investigator - doctor
  if (citizen < 0) throw new UsageError('rolesFit', { n: mafia + investigator + doctor, players })
  return { mafia, investigator, doctor, citizen }
}

function parsePolicy(values: OptionValues): PolicyName {
  const raw = str(values, 'policy')
  if (raw === undefined) return 'informed'
  const name = raw.trim().toLowerCase()
  if (!(POLICY_NAMES as readonly string[]).includes(name)) throw new UsageError('unknownPolicy', { value: raw, policies: POLICY_NAMES.join(', ') })
  return name as PolicyName
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits))

function printResult(
  out: (s: string) => void,
  r: Ruleset,
  players: number,
  counts: RoleCounts,
  s: Simulation,
  seconds: number,
  workers: number,
  lang: Language,
): void {
  const say = (key: string, params?: Params, count?: number) => cliText(lang, `simulate.${key}`, params, count)
  const n = (x: number, digits?: number) => num(lang, x, digits)
  /** One decimal; a small but non-zero bound shows as "<0.1%" rather than a misleading 0.0%. */
  const pct = (x: number): string => (x > 0 && x < 0.0005 ? `<${say('percent', { n: n(0.1, 1) })}` : say('percent', { n: n(100 * x, 1) }))
  const roles = (['mafia', 'investigator', 'doctor', 'citizen'] as const)
    .filter((role) => counts[role] > 0)
    .map((role) => `${counts[role]} ${roleLabel(role, r, lang)}`)
  out(say('header', { ruleset: rulesetName(r.name, lang), players, roles: listOf(lang, roles, 'short') }))
  const played = s.games + s.errors
  const games =
    s.precision === null
      ? say('games', { games: n(s.requested) }, s.requested)
      : say('gamesPrecision', { games: n(played), precision: pct(s.precision), most: n(s.requested) }, played)
  out(say('policy', { policy: s.policy, description: say(`policies.${s.policy}`), games, seed: s.seed }))
  out('')
  const row = (label: string, side: 'town' | 'mafia' | 'draw') => {
    const i = s.intervals[side]
    return [label, pct(s[side]), `${pct(i.lo)} – ${pct(i.hi)}`, n(s.wins[side])]
  }
  out(
    table(
      [say('columns.winner'), say('columns.chance'), say('columns.interval'), say('columns.games')],
      [row(teamName(r, 'town', lang), 'town'), row(teamName(r, 'mafia', lang), 'mafia'), row(say('draw'), 'draw')],
    ),
  )
  out('')
  out(say('meanDays', { days: n(s.meanDays, 2) }))
  const how = workers > 0 ? say('workers', { workers }) : say('inThread')
  out(say('took', { seconds: n(seconds, 3), rate: n(Math.round(played / Math.max(seconds, 1e-9))), how }))
}

/** The full help, in English (a translation of the manuals is still to come: docs/i18n.md). */
const MANUAL = `Usage: nightfall simulate --preset PRESET --players N [options]

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
  --lang LANG       ${cliText('en', 'lang', { codes: LANGUAGE_CODES })}
  -h, --help        Show this help

Examples:
  npm run cli -- simulate --preset maffiasig --players 12
  npm run cli -- simulate --preset swedish --players 9 --roles mafia=2 --policy random --games 50000 --json`
