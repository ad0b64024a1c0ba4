/**
 * The estimator's measurements, shared by bench/simulate.bench.ts. Runs in process (under tsx, as
 * `npm run bench` starts it) and, bundled, as its own program — the way the app's worker runs the
 * simulator: `node .tmp/bench/simulate-runner.mjs` prints one JSON report on stdout.
 */
import type { Command } from '../src/shared/commands'
import type { PresetId } from '../src/shared/ruleset'
import { apply, dealFromOrder, decide, preset, suggestCounts, type GameEvent, type GameState } from '../src/engine'
import { createRng, POLICIES, simulate, startingStates, type PolicyName } from '../src/sim'

export const PRESET_IDS: PresetId[] = ['maffiasig', 'estonian', 'swedish']
export const SIZES = [12, 18]
export const POLICY_LIST: PolicyName[] = ['random', 'informed']

export interface GridRow {
  preset: PresetId
  players: number
  policy: PolicyName
  games: number
  wallMs: number
  cpuMs: number
  gamesPerSecond: number
  meanDays: number
  commandsPerGame: number
}

const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000

/** Games per second, single thread, for each preset × size × policy. */
export function measureGrid(games: number): GridRow[] {
  const rows: GridRow[] = []
  for (const id of PRESET_IDS)
    for (const players of SIZES)
      for (const policy of POLICY_LIST) {
        const ruleset = preset(id)
        const counts = suggestCounts(ruleset, players)
        simulate({ ruleset, players, counts, policy, games: Math.max(200, games / 10), seed: 1 }) // warm up
        const c0 = process.cpuUsage()
        const t0 = performance.now()
        const s = simulate({ ruleset, players, counts, policy, games, seed: 2 })
        const wallMs = performance.now() - t0
        rows.push({
          preset: id,
          players,
          policy,
          games,
          wallMs,
          cpuMs: cpuMs(process.cpuUsage(c0)),
          gamesPerSecond: games / (wallMs / 1000),
          meanDays: s.meanDays,
          commandsPerGame: commandsPerGame(id, players, policy),
        })
      }
  return rows
}

function commandsPerGame(id: PresetId, players: number, policy: PolicyName): number {
  const t = trace(id, players, policy, 200, 3)
  return t.commands.length / 200
}

interface Trace {
  /** Every state a command was decided in, with the command. */
  commands: { s: GameState; c: Command }[]
  /** Every state an event was applied to, with the event. */
  events: { s: GameState; e: GameEvent }[]
  /** Every state the policy was asked about. */
  asks: GameState[]
}

/** Plays games recording every decide, apply and policy call, so each can be timed on its own. */
function trace(id: PresetId, players: number, policy: PolicyName, games: number, seed: number): Trace {
  const ruleset = preset(id)
  const counts = suggestCounts(ruleset, players)
  const start = startingStates(ruleset, players, counts)
  const rng = createRng(seed)
  const t: Trace = { commands: [], events: [], asks: [] }
  for (let g = 0; g < games; g++) {
    let s = start(dealFromOrder(counts, rng.permutation(players)))
    const play = POLICIES[policy].start(rng)
    while (s.phase !== 'over') {
      t.asks.push(s)
      for (const c of play(s)) {
        t.commands.push({ s, c })
        const r = decide(s, c)
        if (!r.ok) throw new Error(r.error.message)
        for (const e of r.value) {
          t.events.push({ s, e })
          s = apply(s, e)
        }
        if (s.phase === 'over') break
      }
    }
  }
  return t
}

export interface Split {
  preset: PresetId
  players: number
  policy: PolicyName
  /** Microseconds per game in each part. */
  decideUs: number
  applyUs: number
  policyUs: number
  dealUs: number
  commandsPerGame: number
  eventsPerGame: number
}

/** Where a game's time goes: decide, apply, the policy and the deal, each timed alone over recorded games. */
export function measureSplit(id: PresetId, players: number, policy: PolicyName, games = 2000): Split {
  const t = trace(id, players, policy, games, 5)
  const reps = 3
  const time = (f: () => void): number => {
    f() // warm up
    const t0 = performance.now()
    for (let i = 0; i < reps; i++) f()
    return ((performance.now() - t0) * 1000) / reps / games
  }
  let sink = 0
  const decideUs = time(() => {
    for (const { s, c } of t.commands) sink += decide(s, c).ok ? 1 : 0
  })
  const applyUs = time(() => {
    for (const { s, e } of t.events) sink += apply(s, e).dayNumber
  })
  const rng = createRng(9)
  const policyUs = time(() => {
    // A fresh player per state: the informed policy's memory only grows, so this costs at most as much.
    for (const s of t.asks) sink += POLICIES[policy].start(rng)(s).length
  })
  const ruleset = preset(id)
  const counts = suggestCounts(ruleset, players)
  const start = startingStates(ruleset, players, counts)
  const dealUs = time(() => {
    for (let g = 0; g < games; g++) sink += start(dealFromOrder(counts, rng.permutation(players))).dayNumber
  })
  if (sink === -1) console.log(sink)
  return {
    preset: id,
    players,
    policy,
    decideUs,
    applyUs,
    policyUs,
    dealUs,
    commandsPerGame: t.commands.length / games,
    eventsPerGame: t.events.length / games,
  }
}

/** The headline: 10,000 games of 12 players, per preset and policy. */
export function measureTenThousand(): { preset: PresetId; policy: PolicyName; wallMs: number; cpuMs: number }[] {
  const out: { preset: PresetId; policy: PolicyName; wallMs: number; cpuMs: number }[] = []
  for (const id of PRESET_IDS)
    for (const policy of POLICY_LIST) {
      const ruleset = preset(id)
      const counts = suggestCounts(ruleset, 12)
      simulate({ ruleset, players: 12, counts, policy, games: 1000, seed: 1 })
      const c0 = process.cpuUsage()
      const t0 = performance.now()
      simulate({ ruleset, players: 12, counts, policy, games: 10_000, seed: 2 })
      out.push({ preset: id, policy, wallMs: performance.now() - t0, cpuMs: cpuMs(process.cpuUsage(c0)) })
    }
  return out
}

export interface RunnerReport {
  grid: GridRow[]
  tenThousand: ReturnType<typeof measureTenThousand>
  split: Split[]
}

export function runAll(games: number): RunnerReport {
  return {
    tenThousand: measureTenThousand(),
    grid: measureGrid(games),
    split: PRESET_IDS.map((id) => measureSplit(id, 12, 'random')),
  }
}

// Run as a program (the bundled copy): print the report as JSON.
if (process.argv.includes('--runner')) {
  const gamesArg = process.argv.find((a) => a.startsWith('--games='))
  const games = gamesArg ? Number(gamesArg.slice('--games='.length)) : 10_000
  const only10k = process.argv.includes('--ten-thousand')
  const report: Partial<RunnerReport> = only10k ? { tenThousand: measureTenThousand() } : runAll(games)
  process.stdout.write(JSON.stringify(report) + '\n')
}
