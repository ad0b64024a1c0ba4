/**
 * Resuming a long game: a game of 1,000 accepted commands (an informed table of 16, with the referee
 * starting and pausing the day clock and re-recording shots in between) is written as the host's
 * journal; then the time to read and replay it (`recoverJournal`: read, check every line's checksum,
 * replay every command through the engine), and to start a host on that folder and resume — what the
 * app does at launch and on "Resume". Goal: resume ≤ 50 ms. `npm run bench -- resume`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Command } from '../src/shared/commands'
import { createGame, dealFromOrder, dispatch, preset, suggestCounts, toGameFile, type Game } from '../src/engine'
import { createFileHost } from '../src/host'
import { JournalWriter, recoverJournal } from '../src/host/persistence/journal'
import { createRng, POLICIES } from '../src/sim'

const COMMANDS = 1000
const RUNS = process.argv.includes('--quick') ? 5 : 21

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}

/** Extra commands a referee might enter that leave the game where it was: clock start/pause, a shot entered and cleared. */
function padding(g: Game, at: number): Command[] {
  const s = g.state
  if (s.phase === 'day' && s.dayTimer && !s.dayTimer.expired && s.dayTimer.deadline === null)
    return [
      { type: 'startTimer', at, timer: 'day' },
      { type: 'pauseTimer', at: at + 400, timer: 'day' },
    ]
  const n = s.night
  if (s.phase === 'night' && n && n.steps[n.stepIndex] === 'mafia') {
    const shooter = s.roles.findIndex((r, p) => r === 'mafia' && s.alive[p])
    const target = s.roles.findIndex((r, p) => r !== 'mafia' && s.alive[p])
    if (shooter >= 0 && target >= 0)
      return [
        { type: 'shoot', shooter, target },
        { type: 'clearShot', shooter },
      ]
  }
  return []
}

/** An unfinished game of exactly COMMANDS accepted commands. */
export function longGame(): Game {
  const ruleset = preset('maffiasig')
  const players = 16
  const counts = suggestCounts(ruleset, players)
  for (let seed = 1; ; seed++) {
    const rng = createRng(seed)
    const created = createGame({
      ruleset,
      players: Array.from({ length: players }, (_, i) => `Player ${i + 1}`),
      deal: dealFromOrder(counts, rng.permutation(players)),
    })
    if (!created.ok) throw new Error(created.error.message)
    let g = created.value
    const play = POLICIES.informed.start(rng)
    let at = 1_000_000
    const accept = (c: Command): boolean => {
      const r = dispatch(g, c)
      if (r.ok) g = r.value
      return r.ok
    }
    // accept() replaces g, which the compiler cannot see through the closure: ask afresh each time.
    const over = (): boolean => g.state.phase === 'over'
    while (!over() && g.log.length < COMMANDS) {
      for (let k = 0; k < 30 && g.log.length < COMMANDS - 2; k++) {
        const pad = padding(g, (at += 1000))
        if (pad.length === 0 || !pad.every(accept)) break
      }
      for (const c of play(g.state)) {
        if (g.log.length >= COMMANDS || over()) break
        if (!accept(c)) throw new Error(`refused ${JSON.stringify(c)}`)
      }
    }
    if (!over() && g.log.length === COMMANDS) return g
  }
}

export default function bench(): void {
  console.log(
    `Node ${process.version}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (a loaded machine slows every figure)`,
  )
  const game = longGame()
  const dir = mkdtempSync(join(tmpdir(), 'nightfall-resume-'))
  try {
    const path = join(dir, 'journal', 'current.jsonl')
    const header = toGameFile({ ...game, log: [] }, { id: 'bench-game', createdAt: new Date(0).toISOString() })
    JournalWriter.create(
      path,
      header,
      game.log.map((e) => ({ command: e.command })),
      false,
    ).close()
    const bytes = readFileSync(path).length
    console.log(`A game of ${game.log.length} commands (${game.state.phase}, day ${game.state.dayNumber}); journal ${(bytes / 1024).toFixed(1)} kB\n`)

    const read: number[] = []
    const readCpu: number[] = []
    const resume: number[] = []
    const resumeCpu: number[] = []
    const cpuMs = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000
    for (let i = 0; i < RUNS; i++) {
      let c0 = process.cpuUsage()
      let t0 = performance.now()
      const rec = recoverJournal(path, false)
      read.push(performance.now() - t0)
      readCpu.push(cpuMs(process.cpuUsage(c0)))
      if (rec.recovered?.game.log.length !== COMMANDS) throw new Error(`recovered ${rec.recovered?.game.log.length} commands; ${rec.notices.join(' ')}`)
      c0 = process.cpuUsage()
      t0 = performance.now()
      const host = createFileHost(dir, { estimate: null, durable: false })
      const r = host.invoke('resumeGame')
      resume.push(performance.now() - t0)
      resumeCpu.push(cpuMs(process.cpuUsage(c0)))
      if (!r.ok) throw new Error(r.error.message)
      host.dispose()
    }
    const row = (label: string, xs: number[]) =>
      `${label.padEnd(46)} median ${quantile(xs, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(xs, 0.95).toFixed(1).padStart(6)} ms   min ${Math.min(...xs)
        .toFixed(1)
        .padStart(6)} ms`
    console.log(`${RUNS} runs each (the first includes warming up):`)
    console.log(row('journal read + replay (recoverJournal)', read))
    console.log(row('  CPU time', readCpu))
    console.log(row('host start on the folder + resumeGame', resume))
    console.log(row('  CPU time', resumeCpu))
    console.log('(Under tsx, as `npm run bench` runs; the app runs a bundle, which is faster. CPU time includes GC helper threads.)')
    console.log(`\nGoal: ≤ 50 ms. ${quantile(resume, 0.5) <= 50 ? 'Met' : 'Not met'} at the median (host start + resume).`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
