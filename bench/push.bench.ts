/**
 * The cost of one referee view: over whole random games at 12 and 18 players, how many times the
 * rules are asked (`decide`) to build the view's legal actions, and the time to build it.
 * Then what the referee window receives after every click in a long game: the RefereeAppView's size and
 * the time to build it, at 1,000 and 10,000 log lines. Before paging, the view carried the whole
 * described log; now it carries the newest LOG_TAIL lines and the total (older lines: logLines).
 * `npm run bench -- push`.
 */
import { loadavg, tmpdir } from 'node:os'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describeHistory, preset, refereeView, suggestCounts, dealFromOrder } from '../src/engine'
import { decide } from '../src/engine/decide'
import { blindLegalActions, legalActions, type Ask } from '../src/engine/views/legal'
import { playRandom, Rng, seatNames } from '../src/engine/testing'
import { createFileHost } from '../src/host'
import type { GameHost } from '../src/host/game-host'
import { LOG_TAIL } from '../src/host/table'
import { nextCall, perform } from '../test/support/host'

const PLAYERS = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre', 'Jani', 'Kati', 'Laci']

function atMafiaCall(host: GameHost): { shooter: number; target: number } {
  const r = host.invoke('startGame', {
    ruleset: preset('maffiasig'),
    players: PLAYERS,
    counts: { mafia: 3, investigator: 1, doctor: 0, citizen: 8 },
    dealMode: 'digital',
  })
  if (!r.ok) throw new Error(r.error.message)
  // Play the test referee's moves until the mafia may shoot.
  for (let i = 0; i < 200; i++) {
    const v = host.refereeAppView()
    const shooters = Object.keys(v.game?.legal.shoot ?? {}).map(Number)
    if (shooters.length) return { shooter: shooters[0]!, target: v.game!.legal.shoot[shooters[0]!]![0]! }
    const call = nextCall(v)
    if (!call || !perform(host, call).ok) break
  }
  throw new Error('no mafia call reached')
}

/** decide calls and build time per referee view, over every state of 20 random Estonian games of `n` players. */
function viewCost(n: number): void {
  let views = 0
  let calls = 0
  let most = 0
  const times: number[] = []
  for (let seed = 1; seed <= 20; seed++) {
    const ruleset = preset('estonian')
    const players = seatNames(n)
    const counts = suggestCounts(ruleset, n)
    const rng = new Rng(seed)
    const deal = dealFromOrder(counts, rng.shuffle(players.map((_, i) => i)))
    const run = playRandom(
      { ruleset, players, deal },
      deal.roles.map((r) => r!),
      rng,
    )
    for (const s of run.states) {
      const t0 = performance.now()
      refereeView(s, { undoable: 0, last: null })
      times.push(performance.now() - t0)
      // Every decide call a view makes is its legal actions': asked again, with a decide that counts.
      let k = 0
      const counting: Ask = (state, c) => (k++, decide(state, c))
      if (s.operatorBlind) blindLegalActions(s, counting)
      else legalActions(s, counting)
      calls += k
      most = Math.max(most, k)
      views++
    }
  }
  times.sort((a, b) => a - b)
  console.log(
    `${n} players: decide calls per view: ${most} at most (${(calls / views).toFixed(1)} on average, ${views} views); build ${times[Math.floor(times.length / 2)]!.toFixed(3)} ms median, ${times[Math.floor(times.length * 0.99)]!.toFixed(3)} ms p99`,
  )
}

export default function bench(): void {
  console.log(
    `Node ${process.version}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  )
  for (const n of [12, 18]) viewCost(n)
  const dir = mkdtempSync(join(tmpdir(), 'nightfall-push-'))
  const host = createFileHost(dir, { estimate: null, durable: false })
  try {
    const { shooter, target } = atMafiaCall(host)
    console.log(`lines   view now (bytes)   whole log as before (bytes)   build view median (ms)`)
    for (const lines of [1000, 10_000]) {
      while (host.refereeAppView().logTotal < lines) {
        host.play({ type: 'shoot', shooter, target })
        host.play({ type: 'clearShot', shooter })
      }
      const times: number[] = []
      let view = host.refereeAppView()
      for (let i = 0; i < 21; i++) {
        const t0 = performance.now()
        view = host.refereeAppView()
        times.push(performance.now() - t0)
      }
      times.sort((a, b) => a - b)
      const now = Buffer.byteLength(JSON.stringify(view))
      type Open = { state: Parameters<typeof describeHistory>[0]; log: Parameters<typeof describeHistory>[1] }
      const game = (host as unknown as { parts: { table: { game: Open } } }).parts.table.game
      const whole = Buffer.byteLength(JSON.stringify({ ...view, log: describeHistory(game.state, game.log) }))
      console.log(`${String(view.logTotal).padStart(6)}   ${String(now).padStart(16)}   ${String(whole).padStart(27)}   ${times[10]!.toFixed(2).padStart(22)}`)
    }
    console.log(`(the view carries the newest ${LOG_TAIL} lines; the window asks for older ones a page at a time)`)
  } finally {
    host.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}
