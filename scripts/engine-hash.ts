/**
 * Behaviour fingerprint of the engine, for refactors that must not change behaviour.
 *
 *   npx tsx scripts/engine-hash.ts record FILE   plays 1,200 random seeded games (400 per preset:
 *                                                 tweaked rules, digital and physical deals) and
 *                                                 writes every attempted command, accepted or not
 *   npx tsx scripts/engine-hash.ts hash FILE     replays FILE and prints the hashes
 *
 * The games are recorded once (the random command generator may itself change in the refactor) and
 * replayed through the public engine after each step. Per attempt it hashes the answer (the error's
 * code; its message apart), the state, the projector view, the referee view with the host's history
 * fields (undo count, last step, the log's newest lines), undo of the last step, and at the end the
 * story and undo to the start. Views while the operator is a blind player go to their own hash, so
 * a deliberate change to the blind view leaves the others comparable.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import type { Command } from '../src/shared/commands'
import { PRESET_IDS } from '../src/shared/ruleset'
import {
  buildStory,
  createGame,
  describeHistory,
  describeLastStep,
  dispatch,
  historySteps,
  projectorView,
  refereeView,
  undo,
  type Game,
  type GameSetup,
} from '../src/engine'
import { randomGame } from '../src/engine/testing'

/** JSON with every object's keys in name order: a view's field order is no behaviour. */
const canon = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )

interface Recorded {
  setup: GameSetup
  attempts: Command[]
}

const PER_PRESET = 400

function record(file: string): void {
  const games: Recorded[] = []
  for (const id of PRESET_IDS) {
    for (let i = 0; i < PER_PRESET; i++) {
      const attempts: Command[] = []
      // Every fourth game a physical deal; the rest as randomSetup draws them (tweaked rules 60 %).
      const run = randomGame(0x5eed0000 + i * 7919 + id.length, id, { physical: i % 4 === 0 ? 1 : 0.2, onAttempt: (_b, c) => attempts.push(c) })
      games.push({ setup: run.setup, attempts })
    }
  }
  writeFileSync(file, JSON.stringify(games))
  const n = games.reduce((k, g) => k + g.attempts.length, 0)
  console.log(`recorded ${games.length} games, ${n} attempted commands → ${file}`)
}

function hashAll(file: string): void {
  const games = JSON.parse(readFileSync(file, 'utf8')) as Recorded[]
  const h = { main: createHash('sha256'), blind: createHash('sha256'), messages: createHash('sha256') }
  let steps = 0
  let blindSteps = 0
  let blindGames = 0
  const t0 = performance.now()
  for (const rec of games) {
    const created = createGame(rec.setup)
    if (!created.ok) throw new Error(created.error.message)
    let g: Game = created.value
    let sawBlind = false
    const views = (game: Game) => {
      const s = game.state
      const n = historySteps(game.log).length
      const last = game.log.length ? game.log[game.log.length - 1]!.command : null
      const ref = refereeView(s, { undoable: n, last, lastStep: describeLastStep(s, game.log) })
      const log = describeHistory(s, game.log, Math.max(0, n - 50))
      const target = s.operatorBlind ? h.blind : h.main
      if (s.operatorBlind) {
        blindSteps++
        sawBlind = true
      }
      target.update(canon(ref))
      target.update(canon(log))
      h.main.update(canon(projectorView(s)))
      h.main.update(canon(s))
    }
    views(g)
    for (const c of rec.attempts) {
      const r = dispatch(g, c)
      if (!r.ok) {
        h.main.update(`refused ${r.error.code}`)
        h.messages.update(r.error.message)
        continue
      }
      const before = g
      g = r.value
      steps++
      views(g)
      const u = undo(g, 1)
      h.main.update(u.ok && JSON.stringify(u.value.state) === JSON.stringify(before.state) ? 'undo ok' : 'undo differs')
    }
    const story = buildStory(g)
    h.main.update(canon(story.ok ? story.value : story.error.code))
    const all = undo(g, g.log.length || 1)
    h.main.update(all.ok ? canon(all.value.state) : all.error.code)
    if (sawBlind) blindGames++
  }
  const digest = (x: ReturnType<typeof createHash>) => x.digest('hex').slice(0, 16)
  console.log(
    `${games.length} games, ${steps} accepted steps (${blindSteps} while blind, in ${blindGames} games), ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
  console.log(`main     ${digest(h.main)}   (states, answers, projector, referee views and log when not blind, undo, story)`)
  console.log(`blind    ${digest(h.blind)}   (referee view and log while the operator is a blind player)`)
  console.log(`messages ${digest(h.messages)}   (the refusals' English messages)`)
}

const [mode, file] = process.argv.slice(2)
if (mode === 'record' && file) record(file)
else if (mode === 'hash' && file) hashAll(file)
else {
  console.error('usage: npx tsx scripts/engine-hash.ts record|hash FILE')
  process.exitCode = 2
}
