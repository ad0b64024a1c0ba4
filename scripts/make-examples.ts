/**
 * Builds the example game files in examples/ by driving the real engine, then checks each one by
 * replaying it. Deterministic: fixed deals, fixed clocks and draws, so the files only change when
 * the engine or the format does.
 *
 *   npx tsx scripts/make-examples.ts          write examples/*.json
 *   npx tsx scripts/make-examples.ts --check  only check that the files on disk are what it would write
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createGame, dealFromOrder, dispatch, parseGameFile, physicalDeal, preset, replay, suggestCounts, toGameFile, type Game } from '../src/engine'
import type { Command } from '../src/shared/commands'
import type { GameFile } from '../src/shared/game-file'
import type { RoleCounts, RoleId, Winner } from '../src/shared/roles'
import { withoutDefaultOptions, type PresetId, type RulesetOptions } from '../src/shared/ruleset'

const DIR = join(import.meta.dirname, '..', 'examples')
const CREATED = '2025-01-01T19:00:00.000Z'

/** A digital deal with the roles at the given seats; every other seat is a citizen. */
function dealAt(counts: RoleCounts, seats: Partial<Record<Exclude<RoleId, 'citizen'>, number[]>>, n: number) {
  const order: number[] = []
  for (const role of ['mafia', 'investigator', 'doctor'] as const) {
    const at = seats[role] ?? []
    if (at.length !== counts[role]) throw new Error(`${role}: ${at.length} seats for ${counts[role]} cards`)
    order.push(...at)
  }
  for (let p = 0; p < n; p++) if (!order.includes(p)) order.push(p)
  return dealFromOrder(counts, order)
}

/** A game driven command by command; any refusal stops the script with the engine's message. */
class Table {
  game: Game
  constructor(
    readonly label: string,
    base: PresetId,
    players: string[],
    deal: (counts: RoleCounts) => ReturnType<typeof dealFromOrder>,
  ) {
    const ruleset = preset(base)
    const g = createGame({ ruleset, players, deal: deal(suggestCounts(ruleset, players.length)) })
    if (!g.ok) throw new Error(`${label}: ${g.error.message}`)
    this.game = g.value
  }
  do(...commands: Command[]): this {
    for (const c of commands) {
      const r = dispatch(this.game, c)
      if (!r.ok) throw new Error(`${this.label}: command #${this.game.log.length} ${JSON.stringify(c)} refused: [${r.error.code}] ${r.error.message}`)
      this.game = r.value
    }
    return this
  }
  /** Yes votes by the listed voters, no by the rest of the eligible. */
  yesNo(yes: number[]): this {
    const v = this.game.state.day?.vote
    if (!v) throw new Error(`${this.label}: no vote open`)
    return this.do(...v.eligible.map((voter): Command => ({ type: 'castVote', voter, choice: yes.includes(voter) })))
  }
  /** The game's file, its ruleset without the options at their default (absent reads as the default: an option added later changes no example). */
  file(id: string): GameFile {
    const f = toGameFile(this.game, { id, createdAt: CREATED })
    return { ...f, ruleset: { ...f.ruleset, options: withoutDefaultOptions(f.ruleset.options) as RulesetOptions } }
  }
}

const end: Command = { type: 'endNightStep' }
const close: Command = { type: 'closeVote' }

/** MaffiaSIG, 12 players: a failed accusation, two executions, the clock's random death, a dead inspector still called. Town wins. */
function maffiasig12(): GameFile {
  const names = ['Anna', 'Bence', 'Csilla', 'Dániel', 'Emese', 'Ferenc', 'Gábor', 'Hajnalka', 'István', 'Judit', 'Károly', 'Lilla']
  // 3 mafia (Csilla, Hajnalka, Károly), 1 inspector (Ferenc), 8 citizens.
  const t = new Table('maffiasig-12', 'maffiasig', names, (c) => dealAt(c, { mafia: [2, 7, 10], investigator: [5] }, names.length))
  const MIN = 60_000
  t.do(end) // night 0: the mafia meet
  // Day 1
  t.do({ type: 'startTimer', at: 0 }, { type: 'accuse', accused: 3, accuser: 0 }, { type: 'setVoteCount', count: 4 }, close)
  t.do({ type: 'accuse', accused: 7, accuser: 5 }).yesNo([0, 1, 3, 4, 5, 6, 8, 9, 11])
  t.do(close, { type: 'startTimer', at: 4 * MIN }, { type: 'endDefence' }).yesNo([0, 1, 3, 4, 5, 6, 8, 11])
  t.do(close) // Hajnalka executed; night 1
  // Night 1: Csilla and Károly both shoot Anna; the inspector checks Károly.
  t.do({ type: 'setReadingStart', player: 4 }, { type: 'shoot', shooter: 2, target: 0 }, { type: 'shoot', shooter: 10, target: 0 }, end)
  t.do({ type: 'investigate', target: 10 }, end)
  // Day 2: Ferenc accuses Károly.
  t.do({ type: 'startTimer', at: 100 * MIN }, { type: 'accuse', accused: 10, accuser: 5 }, { type: 'setVoteCount', count: 7 }, close)
  t.do({ type: 'endDefence' }, { type: 'setVoteCount', count: 6 }, close)
  // Night 2: Csilla alone shoots the inspector, who checks her first.
  t.do({ type: 'shoot', shooter: 2, target: 5 }, end, { type: 'investigate', target: 2 }, end)
  // Day 3: a guilty vote on Csilla fails, then the 20-minute clock runs out: the draw picks Bence.
  t.do({ type: 'startTimer', at: 200 * MIN }, { type: 'pauseTimer', at: 205 * MIN }, { type: 'resumeTimer', at: 206 * MIN })
  t.do({ type: 'accuse', accused: 2, accuser: 9 }).yesNo([9, 11, 4])
  t.do(close, { type: 'timerExpired', at: 221 * MIN, draw: 0 }, { type: 'endLastWords' })
  // Night 3: Csilla shoots Dániel; the dead inspector's call is still made.
  t.do({ type: 'shoot', shooter: 2, target: 3 }, end, end)
  // Day 4: Emese accuses Csilla; both votes pass. Town wins.
  t.do({ type: 'startTimer', at: 300 * MIN }, { type: 'accuse', accused: 2, accuser: 4 }).yesNo([4, 6, 8, 9, 11])
  t.do(close, { type: 'endDefence' }).yesNo([4, 6, 8, 9, 11])
  t.do(close)
  return t.file('example-maffiasig-12')
}

/** Estonian, 8 players, dealt with real cards: roles are recorded as players wake. A tie, a revote, executions with roles shown. Mafia win. */
function estonian8(): GameFile {
  const names = ['Mari', 'Jaan', 'Kadri', 'Toomas', 'Liis', 'Andres', 'Piret', 'Mart']
  // Cards: aces (mafia) Jaan and Liis, king (police) Piret, queen (doctor) Kadri.
  const t = new Table('estonian-8', 'estonian', names, (c) =>
    physicalDeal(
      c,
      names.map(() => null),
    ),
  )
  // Night 1
  t.do({ type: 'identifyRole', role: 'mafia', players: [1, 4] }, { type: 'chooseTarget', target: 0 }, end)
  t.do({ type: 'identifyRole', role: 'investigator', players: [6] }, { type: 'investigate', target: 3 }, end)
  t.do({ type: 'identifyRole', role: 'doctor', players: [2] }, { type: 'heal', target: 5 }, end)
  // Day 1: Toomas and Liis are the suspects; a tie, a revote, another tie: nobody is executed.
  t.do({ type: 'nominate', player: 3 }, { type: 'nominate', player: 4 }, { type: 'closeNominations' })
  t.do({ type: 'startTimer', at: 0 }, { type: 'endDefence' }, { type: 'endDefence' })
  t.do({ type: 'setVoteCount', candidate: 3, count: 3 }, { type: 'setVoteCount', candidate: 4, count: 3 }, close)
  t.do({ type: 'setVoteCount', candidate: 3, count: 3 }, { type: 'setVoteCount', candidate: 4, count: 3 }, close)
  // Night 2: the mafia kill the police officer, who first finds Jaan.
  t.do({ type: 'chooseTarget', target: 6 }, end, { type: 'investigate', target: 1 }, end, { type: 'heal', target: 2 }, end)
  // Day 2: Andres is the only suspect; the vote executes him: a villager.
  t.do({ type: 'nominate', player: 5 }, { type: 'closeNominations' }, { type: 'endDefence' })
  t.do(...[1, 2, 4, 7].map((voter): Command => ({ type: 'castVote', voter, choice: 5 })), { type: 'castVote', voter: 3, choice: null }, close)
  // Night 3: the doctor is killed; the dead police are still called.
  t.do({ type: 'chooseTarget', target: 2 }, end, end, { type: 'heal', target: 3 }, end)
  // Day 3: Toomas or Mart? Toomas is executed; two mafia against one villager: the mafia win.
  t.do({ type: 'nominate', player: 3 }, { type: 'nominate', player: 7 }, { type: 'closeNominations' }, { type: 'endDefence' }, { type: 'endDefence' })
  t.do(
    { type: 'castVote', voter: 1, choice: 3 },
    { type: 'castVote', voter: 4, choice: 3 },
    { type: 'castVote', voter: 7, choice: 3 },
    { type: 'castVote', voter: 3, choice: 7 },
    close,
  )
  return t.file('example-estonian-8')
}

/** Swedish, 9 players: the doctor saves herself, the clock closes the nominations, a lone nominee is executed. Mafia win at parity once the doctor is dead. */
function swedish9(): GameFile {
  const names = ['Astrid', 'Björn', 'Cecilia', 'David', 'Elin', 'Fredrik', 'Greta', 'Henrik', 'Ida']
  // 3 mafia (Astrid, Elin, Henrik), constable Cecilia, doctor Fredrik, 4 farmers.
  const t = new Table('swedish-9', 'swedish', names, (c) => dealAt(c, { mafia: [0, 4, 7], investigator: [2], doctor: [5] }, names.length))
  const MIN = 60_000
  // Night 1: the mafia choose Björn; the constable finds Elin; the doctor heals himself.
  t.do({ type: 'chooseTarget', target: 1 }, end, { type: 'investigate', target: 4 }, end, { type: 'heal', target: 5 }, end)
  // Day 1: five minutes; Elin and David nominated; the clock closes the nominations; David gets most votes.
  t.do({ type: 'startTimer', at: 0 }, { type: 'nominate', player: 4 }, { type: 'nominate', player: 3 }, { type: 'timerExpired', at: 5 * MIN })
  t.do(...[0, 4, 7, 6, 8].map((voter): Command => ({ type: 'castVote', voter, choice: 3 })))
  t.do(...[2, 3, 5].map((voter): Command => ({ type: 'castVote', voter, choice: 4 })), close)
  // Night 2: the constable is killed after finding Astrid.
  t.do({ type: 'chooseTarget', target: 2 }, end, { type: 'investigate', target: 0 }, end, { type: 'heal', target: 6 }, end)
  // Day 2: Elin is the only nominee and is executed without a vote.
  t.do({ type: 'startTimer', at: 60 * MIN }, { type: 'addTime', seconds: 120, at: 61 * MIN }, { type: 'nominate', player: 4 }, { type: 'closeNominations' })
  // Night 3: the doctor is killed; the dead constable is still called. 2 mafia, 2 town, no doctor: the mafia win.
  t.do({ type: 'chooseTarget', target: 5 }, end, end, { type: 'heal', target: 8 }, end)
  return t.file('example-swedish-9')
}

/** Swedish, 7 players: the last two alive are the doctor and a mafioso — a draw. */
function swedish7Draw(): GameFile {
  const names = ['Alva', 'Bo', 'Clara', 'Dag', 'Ebba', 'Filip', 'Gun']
  // 2 mafia (Alva, Dag), constable Bo, doctor Gun, 3 farmers.
  const t = new Table('swedish-7-draw', 'swedish', names, (c) => dealAt(c, { mafia: [0, 3], investigator: [1], doctor: [6] }, names.length))
  t.do({ type: 'chooseTarget', target: 1 }, end, { type: 'investigate', target: 3 }, end, { type: 'heal', target: 4 }, end)
  t.do({ type: 'nominate', player: 3 }, { type: 'closeNominations' })
  t.do({ type: 'chooseTarget', target: 2 }, end, end, { type: 'heal', target: 6 }, end)
  t.do({ type: 'nominate', player: 4 }, { type: 'nominate', player: 5 }, { type: 'closeNominations' })
  t.do({ type: 'setVoteCount', candidate: 4, count: 3 }, { type: 'setVoteCount', candidate: 5, count: 1 }, close)
  t.do({ type: 'chooseTarget', target: 5 }, end, end, { type: 'heal', target: 6 }, end)
  return t.file('example-swedish-7-draw')
}

/** MaffiaSIG, 9 players: a legal start, then the referee records a shot at a player executed that day. Replay stops at that command. */
function illegal(): GameFile {
  const names = ['Anna', 'Bence', 'Csilla', 'Dániel', 'Emese', 'Ferenc', 'Gábor', 'Hajnalka', 'István']
  const t = new Table('illegal-command', 'maffiasig', names, (c) => dealAt(c, { mafia: [2, 6], investigator: [4] }, names.length))
  t.do(end, { type: 'accuse', accused: 1, accuser: 2 }, { type: 'setVoteCount', count: 6 }, close, { type: 'endDefence' })
  t.do({ type: 'setVoteCount', count: 5 }, close) // Bence executed
  const f = t.file('example-illegal-command')
  // Bence is dead: the engine refuses this shot with not-alive. The commands after it are never reached.
  f.commands.push({ type: 'shoot', shooter: 2, target: 1 }, { type: 'shoot', shooter: 6, target: 1 }, end)
  return f
}

interface Example {
  name: string
  build: () => GameFile
  expect: { winner: Winner } | { refusedAt: number; code: string }
}

const EXAMPLES: Example[] = [
  { name: 'maffiasig-12.json', build: maffiasig12, expect: { winner: 'town' } },
  { name: 'estonian-8.json', build: estonian8, expect: { winner: 'mafia' } },
  { name: 'swedish-9.json', build: swedish9, expect: { winner: 'mafia' } },
  { name: 'swedish-7-draw.json', build: swedish7Draw, expect: { winner: 'draw' } },
  { name: 'illegal-command.json', build: illegal, expect: { refusedAt: 7, code: 'not-alive' } },
]

/** Replays a file and checks the stated outcome; returns a problem or null. */
function verify(ex: Example, file: GameFile): string | null {
  const parsed = parseGameFile(JSON.parse(JSON.stringify(file)))
  if (!parsed.ok) return parsed.error.message
  const r = replay(parsed.value.setup, parsed.value.commands)
  if ('winner' in ex.expect) {
    if (!r.ok) return `refused at #${r.error.index}: [${r.error.code}] ${r.error.message}`
    if (r.value.state.winner !== ex.expect.winner) return `winner ${r.value.state.winner}, expected ${ex.expect.winner}`
    return null
  }
  if (r.ok) return 'replayed cleanly; expected a refusal'
  if (r.error.index !== ex.expect.refusedAt || r.error.code !== ex.expect.code)
    return `refused at #${r.error.index} [${r.error.code}], expected #${ex.expect.refusedAt} [${ex.expect.code}]`
  return null
}

const check = process.argv.includes('--check')
let failed = false
for (const ex of EXAMPLES) {
  const file = ex.build()
  const problem = verify(ex, file)
  const text = JSON.stringify(file, null, 2) + '\n'
  const path = join(DIR, ex.name)
  if (problem) {
    failed = true
    console.error(`${ex.name}: ${problem}`)
    continue
  }
  if (check) {
    let old = ''
    try {
      old = readFileSync(path, 'utf8')
    } catch {
      /* missing */
    }
    if (old !== text) {
      failed = true
      console.error(`${ex.name}: differs from what scripts/make-examples.ts writes`)
    } else console.log(`${ex.name}: ok`)
  } else {
    writeFileSync(path, text)
    console.log(`${ex.name}: ${file.commands.length} commands, ${'winner' in ex.expect ? `winner ${ex.expect.winner}` : `refused at #${ex.expect.refusedAt}`}`)
  }
}
process.exitCode = failed ? 1 : 0
