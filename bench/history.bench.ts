/**
 * The club's history: listing and summarising 5,000 saved games (cold: no index, every file read
 * and replayed; warm: the index is fresh, no game file read; standings over all of them), and
 * the story of a 1,000-command game. Goals (issue "a club night"): warm ≤ 200 ms, cold ≤ 1 s.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildStory, createGame, dispatch, toGameFile, type Game } from '../src/engine'
import { randomGame } from '../src/engine/testing'
import { GameHistory } from '../src/host/club/history'
import { standingsOf } from '../src/host/club/standings'
import { PRESET_IDS } from '../src/shared/ruleset'

const GAMES = 5000

const ms = (t0: number) => (performance.now() - t0).toFixed(0)

/** A finished game of about 1,000 commands: clock presses between the real moves. */
function longGame(): Game {
  const run = randomGame(4242, 'maffiasig')
  const g = createGame(run.game.setup)
  if (!g.ok) throw new Error(g.error.message)
  let game = g.value
  let t = 1_000_000
  for (const e of run.game.log) {
    const r = dispatch(game, e.command)
    if (!r.ok) throw new Error(r.error.message)
    game = r.value
    if (game.state.phase === 'day') {
      for (let k = 0; k < 40 && game.log.length < 1000; k++) {
        const c = { type: 'addTime' as const, seconds: k % 2 === 0 ? 10 : -10, at: t }
        const a = dispatch(game, c)
        if (a.ok) game = a.value
        t++
      }
    }
  }
  return game
}

export default function bench(): void {
  const dir = mkdtempSync(join(tmpdir(), 'nightfall-bench-history-'))
  try {
    // A pool of real games, written 5,000 times under different ids.
    const pool = Array.from({ length: 60 }, (_, i) => randomGame(9000 + i, PRESET_IDS[i % 3]!)).filter((r) => r.ended)
    for (let i = 0; i < GAMES; i++) {
      const g = pool[i % pool.length]!.game
      writeFileSync(join(dir, `g${String(i).padStart(5, '0')}.json`), JSON.stringify(toGameFile(g, { id: `g${i}` })))
    }
    console.log(
      `${GAMES} saved games (${pool.length} distinct, ${(pool.reduce((n, r) => n + r.game.log.length, 0) / pool.length).toFixed(0)} commands each on average); load ${loadavg()[0]!.toFixed(1)}`,
    )
    let t0 = performance.now()
    const cold = new GameHistory(dir, false).list()
    const coldMs = ms(t0)
    t0 = performance.now()
    standingsOf(cold.records)
    console.log(`cold list (no index: read, replay, index): ${coldMs} ms; standings over all: ${ms(t0)} ms`)
    const warm: number[] = []
    for (let k = 0; k < 5; k++) {
      t0 = performance.now()
      const h = new GameHistory(dir, false)
      const l = h.list()
      standingsOf(l.records)
      warm.push(performance.now() - t0)
    }
    warm.sort((a, b) => a - b)
    console.log(
      `warm list + standings (index fresh, new process state): median ${warm[2]!.toFixed(0)} ms (min ${warm[0]!.toFixed(0)}, max ${warm[4]!.toFixed(0)})`,
    )
    const game = longGame()
    const times: number[] = []
    for (let k = 0; k < 20; k++) {
      t0 = performance.now()
      buildStory(game)
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    console.log(`story of a ${game.log.length}-command game (${game.state.phase}): median ${times[10]!.toFixed(2)} ms`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
