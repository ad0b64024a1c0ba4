import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProjectorScreen, RefereeAppView, StartGameRequest } from '../shared/api'
import { REFEREE_METHODS } from '../shared/api'
import { PRESETS, preset } from '../engine'
import { pick } from '../engine/queries'
import { FakeClock } from './clock'
import { GameHost } from './game-host'
import { createFileHost } from './index'
import { MemoryStore } from './persistence/kv-store'
import { PLAYERS9, nextCall, perform, savedGames, seeded, seededRandom, stable, tempDir } from '../../test/support/host'

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})

function makeHost(opts: { dir?: string; seed?: number; identity?: boolean; clock?: FakeClock } = {}) {
  const dir = opts.dir ?? tempDir()
  const clock = opts.clock ?? new FakeClock()
  const host = createFileHost(dir, { durable: false, clock, random: seededRandom(opts.seed ?? 1, { identity: opts.identity ?? true }) })
  hosts.push(host)
  const referee: RefereeAppView[] = []
  const projector: ProjectorScreen[] = []
  host.onRefereeView((v) => referee.push(v))
  host.onProjectorScreen((v) => projector.push(v))
  return { host, dir, clock, referee, projector }
}

const maffiasigRequest = (over: Partial<StartGameRequest> = {}): StartGameRequest => ({
  ruleset: preset('maffiasig'),
  players: [...PLAYERS9],
  counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
  dealMode: 'digital',
  ...over,
})

const ok = (r: unknown) => expect(r).toMatchObject({ ok: true })

/** Arguments no method accepts. */
const GARBAGE: unknown[][] = [
  ['x', 'y', 'z', 'w', 'v'],
  [{ __proto__: { polluted: true } }, Symbol.iterator, 1n],
  [NaN, Infinity, -1],
  [[[[[]]]], { type: 'shoot' }, 'DROP TABLE', null, null],
]

/** A 9-player MaffiaSIG game whose first executed player becomes the blind referee; day 1 first. */
function blindGame() {
  const made = makeHost()
  const r = preset('maffiasig')
  const options = { ...r.options, firstDeadBecomesReferee: true, firstPhase: 'day' as const, dayMustEndWithDeath: false }
  ok(made.host.invoke('startGame', maffiasigRequest({ ruleset: { ...r, options } })))
  const roles = PLAYERS9.map((_, seat) => made.host.invoke('revealRole', seat)).map((x) => (x.ok ? x.value : null))
  const mafia = roles.flatMap((role, seat) => (role === 'mafia' ? [seat] : []))
  const town = roles.findIndex((role) => role === 'citizen')
  return { ...made, roles, mafia, town }
}

describe('GameHost: validation', () => {
  it('refuses garbage arguments to every method with a typed error, changing and pushing nothing', async () => {
    const { host, referee, projector } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    const before = stable(host.refereeAppView())
    const pushes = [referee.length, projector.length]
    for (const m of REFEREE_METHODS) {
      for (const args of GARBAGE) {
        const r = await host.call(m, args)
        expect(r, `${m}(${String(args.map(String))})`).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
      }
    }
    // Method-specific near misses.
    const play = (command: Record<string, unknown>): [string, unknown[]] => ['play', [command]]
    const nearMisses: [string, unknown[]][] = [
      play({ type: 'shoot', shooter: 0, target: 60 }),
      play({ type: 'shoot', shooter: 0.5, target: 1 }),
      play({ type: 'shoot', shooter: '0', target: '1' }),
      play({ type: 'shoot', shooter: 0 }),
      play({ type: 'castVote', voter: 1, choice: 'yes' }),
      play({ type: 'castVote', voter: 1 }),
      play({ type: 'setVoteCount', count: -1 }),
      play({ type: 'addTime', seconds: 1.5 }),
      play({ type: 'addTime', seconds: 99999 }),
      play({ type: 'identifyRole', role: 'god', players: [1] }),
      play({ type: 'accuse', accused: 1, accuser: null }),
      play({ type: 'shoot', shooter: 0, target: 1, extra: 1 }),
      // What the host supplies (its clock, its draw) and what only the host sends are refused from a window.
      play({ type: 'drawRandomDeath', draw: 0 }),
      play({ type: 'closeVote', draw: 7 }),
      play({ type: 'startTimer', at: 0 }),
      play({ type: 'timerExpired', timer: 'day' }),
      play({ type: 'nope' }),
      ['play', ['shoot', 0, 1]],
      ['play', []],
      ['undo', [0]],
      ['undo', [-1]],
      ['undo', ['1']],
      ['dismissNotice', [-1]],
      ['saveRoster', [['Anna', '']]],
      ['saveRoster', ['Anna']],
      ['saveRuleset', [{ ...PRESETS.maffiasig, id: 'Bad Id' }]],
      ['startGame', [{ ...maffiasigRequest(), dealMode: 'psychic' }]],
      ['startGame', [{}]],
      ['checkSetup', [{}, []]],
      ['estimate', [{ players: 9 }]],
      ['deleteRuleset', [42]],
    ]
    for (const [m, args] of nearMisses)
      expect(await host.call(m, args), `${m}(${JSON.stringify(args)})`).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(stable(host.refereeAppView())).toEqual(before)
    expect([referee.length, projector.length]).toEqual(pushes)
  })

  it('allows only RefereeApi methods and argument lists', async () => {
    const { host, referee } = makeHost()
    for (const m of ['onView', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'gameCommand', 'push', 'dispose', 42, null, undefined])
      expect(await host.call(m, [])).toMatchObject({ ok: false, error: { code: 'unknown-method' } })
    for (const a of [null, undefined, 'x', { 0: 1 }, 5]) expect(await host.call('undo', a)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(referee).toHaveLength(0)
  })

  it('passes engine refusals through as typed errors with no change', () => {
    const { host, referee, projector } = makeHost()
    expect(host.play({ type: 'shoot', shooter: 0, target: 1 })).toMatchObject({ ok: false, error: { code: 'no-game' } })
    ok(host.invoke('startGame', maffiasigRequest()))
    const before = stable(host.refereeAppView())
    const n = [referee.length, projector.length]
    expect(host.play({ type: 'shoot', shooter: 0, target: 5 })).toMatchObject({ ok: false, error: { code: 'wrong-step' } }) // night 0: the mafia only meet
    expect(host.play({ type: 'accuse', accused: 3 })).toMatchObject({ ok: false, error: { code: 'wrong-phase' } })
    expect(host.play({ type: 'startTimer' })).toMatchObject({ ok: false, error: { code: 'wrong-phase' } })
    expect(host.invoke('undo')).toMatchObject({ ok: false, error: { code: 'nothing-to-undo' } })
    expect(host.invoke('startGame', maffiasigRequest())).toMatchObject({ ok: false, error: { code: 'game-in-progress' } })
    expect(host.invoke('rematch')).toMatchObject({ ok: false, error: { code: 'game-in-progress' } })
    expect(host.invoke('resumeGame')).toMatchObject({ ok: false, error: { code: 'nothing-to-resume' } })
    expect(host.invoke('dismissNotice', 0)).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(stable(host.refereeAppView())).toEqual(before)
    expect([referee.length, projector.length]).toEqual(n)
  })

  it('a step the disk refuses is refused: nothing changes, nothing is pushed', () => {
    const { host, referee, projector } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    const before = stable(host.refereeAppView())
    const n = [referee.length, projector.length]
    ;(host as unknown as { parts: { table: { current: { journal: { close(): void } } } } }).parts.table.current.journal.close()
    expect(host.play({ type: 'endNightStep' })).toMatchObject({ ok: false, error: { code: 'storage-failed' } })
    expect(host.invoke('undo')).toMatchObject({ ok: false, error: { code: 'nothing-to-undo' } })
    expect(stable(host.refereeAppView())).toEqual(before)
    expect([referee.length, projector.length]).toEqual(n)
  })

  it('refuses a start with setup problems', () => {
    const { host, referee } = makeHost()
    expect(host.invoke('startGame', maffiasigRequest({ counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 5 } }))).toMatchObject({
      ok: false,
      // The problems as lines too, for the window's language.
      error: { code: 'setup-problems', lines: [{ key: 'problem.countsTotal', params: { total: 8, n: 9 } }] },
    })
    expect(host.invoke('startGame', maffiasigRequest({ counts: { mafia: 2, investigator: 0, doctor: 1, citizen: 6 } }))).toMatchObject({
      ok: false,
      error: { code: 'setup-problems', lines: [{ key: 'problem.roleNotInRuleset', params: { role: 'doctor' } }] },
    })
    expect(host.invoke('startGame', maffiasigRequest({ players: [...PLAYERS9.slice(0, 8), 'anna '] }))).toMatchObject({
      ok: false,
      error: { code: 'setup-problems' },
    })
    expect(host.invoke('startGame', maffiasigRequest({ dealMode: 'physical', knownRoles: ['mafia'] }))).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments' },
    })
    expect(referee).toHaveLength(0)
    expect(host.refereeAppView().screen).toBe('setup')
  })
})

describe('GameHost: library', () => {
  it('saves the roster and custom rulesets, protects presets, and checks setups', () => {
    const { host, referee } = makeHost()
    ok(host.invoke('saveRoster', [' Anna ', 'Bence']))
    expect(host.refereeAppView().roster).toEqual(['Anna', 'Bence'])
    expect(host.invoke('saveRoster', ['Anna', 'anna'])).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(host.invoke('saveRuleset', PRESETS.maffiasig)).toMatchObject({ ok: false, error: { code: 'preset-readonly' } })
    const mine = { ...preset('swedish'), id: 'club-swedish', name: 'Club Swedish' }
    ok(host.invoke('saveRuleset', mine))
    ok(host.invoke('saveRuleset', { ...mine, name: 'Club Swedish 2' }))
    expect(host.refereeAppView().customRulesets.map((r) => r.name)).toEqual(['Club Swedish 2'])
    expect(host.invoke('deleteRuleset', 'nope')).toMatchObject({ ok: false, error: { code: 'not-found' } })
    ok(host.invoke('deleteRuleset', 'club-swedish'))
    expect(host.refereeAppView().customRulesets).toEqual([])
    expect(referee).toHaveLength(4)
    const check = host.invoke('checkSetup', PRESETS.swedish, PLAYERS9.slice(0, 8))
    expect(check).toEqual({
      ok: true,
      value: { suggested: { mafia: 2, investigator: 1, doctor: 1, citizen: 4 }, problems: [], warnings: [], problemLines: [], warningLines: [] },
    })
    const bad = host.invoke('checkSetup', PRESETS.swedish, PLAYERS9.slice(0, 8), { mafia: 5, investigator: 1, doctor: 1, citizen: 1 })
    expect(bad.ok && bad.value.problems.length).toBeGreaterThan(0)
    expect(referee).toHaveLength(4) // checkSetup pushes nothing
  })

  it('estimates through the worker-thread estimator; none wired → unavailable; a given one is used', async () => {
    const { host } = makeHost()
    const req = { ruleset: PRESETS.maffiasig, players: 9, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, policy: 'random' as const, games: 200 }
    const real = await host.invoke('estimate', req)
    expect(real).toMatchObject({ ok: true, value: { games: 200 } })
    expect(real.ok && Math.abs(real.value.town + real.value.mafia + real.value.draw - 1)).toBeLessThan(1e-9)
    expect(await host.invoke('estimate', { ...req, counts: { mafia: 9, investigator: 0, doctor: 0, citizen: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'setup-problems' },
    })
    const none = new GameHost({ settings: new MemoryStore(), dataDir: tempDir(), durable: false, estimate: null })
    hosts.push(none)
    expect(await none.invoke('estimate', req)).toMatchObject({ ok: false, error: { code: 'unavailable' } })
    const withEst = new GameHost({
      settings: new MemoryStore(),
      dataDir: tempDir(),
      durable: false,
      estimate: async (r) => ({ games: r.games, town: 0.5, mafia: 0.5, draw: 0, townCi: 0.1, mafiaCi: 0.1, drawCi: 0, meanDays: 3 }),
    })
    hosts.push(withEst)
    expect(await withEst.invoke('estimate', req)).toMatchObject({ ok: true, value: { games: 200, meanDays: 3 } })
  })

  it('toggles the projector full screen through the hook', () => {
    const seen: boolean[] = []
    const host = new GameHost({ settings: new MemoryStore(), dataDir: tempDir(), durable: false, onProjectorFullscreen: (on) => seen.push(on) })
    hosts.push(host)
    ok(host.invoke('toggleProjectorFullscreen'))
    expect(host.refereeAppView().projectorFullscreen).toBe(true)
    ok(host.invoke('toggleProjectorFullscreen'))
    expect(seen).toEqual([true, false])
  })
})

describe('GameHost: room settings (voters on the projector, the chimes)', () => {
  it('names raised hands on the projector by default; off, neither the projector nor the preview names them; kept over a restart', () => {
    const dir = tempDir()
    const { host, projector } = makeHost({ dir })
    expect(host.refereeAppView().room).toEqual({ showVoters: true, sound: { volume: 70, muted: false } })
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'accuse', accused: 5 }))
    ok(host.play({ type: 'castVote', voter: 2, choice: true }))
    ok(host.play({ type: 'castVote', voter: 0, choice: true }))
    const shown = () => {
      const screen = projector.at(-1)!
      return screen.kind === 'game' ? screen.view.vote?.candidates[0]?.voters : 'no game'
    }
    expect(shown()).toEqual([0, 2])
    expect(host.refereeAppView().game!.projector.vote?.candidates[0]?.voters).toEqual([0, 2])

    ok(host.invoke('setRoomSettings', { showVoters: false, sound: { volume: 30, muted: true } }))
    expect(shown()).toBeNull()
    expect(host.refereeAppView().game!.projector.vote?.candidates[0]?.voters).toBeNull()
    expect(projector.at(-1)!.sound).toEqual({ volume: 30, muted: true })
    expect(host.refereeAppView().room).toEqual({ showVoters: false, sound: { volume: 30, muted: true } })
    host.dispose()

    const again = makeHost({ dir })
    expect(again.host.refereeAppView().room).toEqual({ showVoters: false, sound: { volume: 30, muted: true } })
    expect(again.host.projectorScreen().sound).toEqual({ volume: 30, muted: true })
  })

  it('refuses a volume outside 0–100 or a missing field', async () => {
    const { host } = makeHost()
    for (const bad of [
      { showVoters: true, sound: { volume: 101, muted: false } },
      { showVoters: true, sound: { volume: 2.5, muted: false } },
      { showVoters: true },
    ])
      expect(await host.call('setRoomSettings', [bad])).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(host.refereeAppView().room.sound.volume).toBe(70)
  })
})

/** Vote yes with the first eligible voters until the vote passes, then close it. */
function passVote(host: GameHost) {
  const vote = host.refereeAppView().game!.vote!
  for (const voter of vote.eligibleSeats.slice(0, vote.needed)) ok(host.play({ type: 'castVote', voter, choice: true }))
  ok(host.play({ type: 'closeVote' }))
}

function execute(host: GameHost, accused: number, accuser?: number) {
  ok(host.play({ type: 'accuse', accused, accuser }))
  passVote(host) // guilty
  expect(host.refereeAppView().game!.projector.stage).toBe('defence')
  ok(host.play({ type: 'endDefence' }))
  passVote(host) // execution
}

describe('GameHost: a full MaffiaSIG game', () => {
  it('plays night 0 to a town win, archives it, and offers a rematch', () => {
    const { host, dir, referee, projector } = makeHost({ identity: true })
    ok(host.invoke('startGame', maffiasigRequest()))
    let v = host.refereeAppView()
    expect(v.screen).toBe('game')
    expect(v.game!.seats.map((s) => s.role)).toEqual(['mafia', 'mafia', 'investigator', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen'])
    expect(existsSync(join(dir, 'journal', 'current.jsonl'))).toBe(true)

    ok(host.play({ type: 'endNightStep' })) // night 0: the mafia meet
    expect(host.refereeAppView().game!.projector.phase).toBe('day')
    execute(host, 3, 4) // Dóra executed on day 1
    v = host.refereeAppView()
    expect(v.game!.seats[3]!.alive).toBe(false)
    expect(v.game!.projector.phase).toBe('night')

    ok(host.play({ type: 'shoot', shooter: 0, target: 4 }))
    ok(host.play({ type: 'shoot', shooter: 1, target: 4 }))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'investigate', target: 0 }))
    expect(host.refereeAppView().game!.night!.investigation).toEqual({ target: 0, isMafia: true })
    ok(host.play({ type: 'endNightStep' }))
    v = host.refereeAppView()
    expect(v.game!.projector.announcements.at(-1)).toMatchObject({ kind: 'nightResult', deaths: [4] })

    execute(host, 0) // day 2
    ok(host.play({ type: 'shoot', shooter: 1, target: 5 }))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'investigate', target: 1 }))
    ok(host.play({ type: 'endNightStep' }))
    execute(host, 1) // day 3: the last mafioso
    v = host.refereeAppView()
    expect(v.game!.winner).toBe('town')
    expect(v.game!.projector.seats.every((s) => s.role !== null)).toBe(true) // revealed at game over
    expect(v.log.length).toBe(v.game!.undoable)
    expect(v.log[0]).toMatchObject({ key: 'step.nightEndedNoDeath' })

    // Every change pushed a view to the referee; the projector only when its screen changed.
    expect(projector.length).toBeGreaterThan(5)
    expect(projector.length).toBeLessThan(referee.length)
    for (let i = 1; i < projector.length; i++) expect(JSON.stringify(projector[i])).not.toBe(JSON.stringify(projector[i - 1]))
    expect(referee.length).toBe(1 + v.game!.undoable)

    const exported = host.invoke('exportGame')
    expect(exported.ok && exported.value.commands.length).toBe(v.game!.undoable)

    ok(host.invoke('closeGame'))
    v = host.refereeAppView()
    expect(v.screen).toBe('setup')
    expect(savedGames(host)).toHaveLength(1)
    expect(savedGames(host)[0]).toMatchObject({ winner: 'town', rulesetName: 'MaffiaSIG', players: PLAYERS9 })
    expect(existsSync(join(dir, 'journal', 'current.jsonl'))).toBe(false)
    const file = JSON.parse(readFileSync(join(dir, 'games', `${savedGames(host)[0]!.id}.json`), 'utf8'))
    expect(file).toMatchObject({ format: 'nightfall-game', version: 2, players: PLAYERS9 })
    expect(projector.at(-1)).toMatchObject({ kind: 'idle' })

    ok(host.invoke('rematch'))
    v = host.refereeAppView()
    expect(v.screen).toBe('game')
    expect(v.game!.seats.map((s) => s.name)).toEqual(PLAYERS9)
    expect(v.game!.undoable).toBe(0)
  })

  it('rematch straight from a finished game archives it first', () => {
    const { host } = makeHost({ seed: 3, identity: false })
    ok(host.invoke('startGame', maffiasigRequest()))
    for (let i = 0; i < 500; i++) {
      const c = nextCall(host.refereeAppView())
      if (!c) break
      ok(perform(host, c))
    }
    expect(host.refereeAppView().game!.winner).not.toBeNull()
    ok(host.invoke('rematch'))
    const v = host.refereeAppView()
    expect(savedGames(host)).toHaveLength(1)
    expect(v.game!.winner).toBeNull()
  })
})

describe('GameHost: undo', () => {
  it('takes back steps, journals the undo, and refuses too many', () => {
    const { host, dir } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'accuse', accused: 3 }))
    ok(host.play({ type: 'castVote', voter: 0, choice: true }))
    const atVote = stable(host.refereeAppView())
    ok(host.play({ type: 'castVote', voter: 1, choice: true }))
    expect(host.refereeAppView().game!.lastStep).toMatchObject({ key: 'step.castVote', params: { voter: 'Bence', choice: 'true' } })
    ok(host.invoke('undo'))
    expect(stable(host.refereeAppView()).game).toEqual(atVote.game)
    expect(host.invoke('undo', 4)).toMatchObject({ ok: false, error: { code: 'nothing-to-undo' } })
    ok(host.invoke('undo', 3))
    expect(host.refereeAppView().game!.undoable).toBe(0)
    const lines = readFileSync(join(dir, 'journal', 'current.jsonl'), 'utf8')
      .trim()
      .split('\n')
    expect(lines.slice(-2).map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ undo: 1 }), expect.objectContaining({ undo: 3 })])
  })
})

describe('GameHost: the history the referee sees', () => {
  it('consecutive clock presses are one log line and one undo step; the journal keeps each press', () => {
    const { host, dir } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.invoke('play', { type: 'endNightStep' }))
    const before = host.refereeAppView().game!.projector.clock!.remainingMs
    ok(host.invoke('play', { type: 'startTimer' }))
    ok(host.invoke('play', { type: 'pauseTimer' }))
    for (let i = 0; i < 3; i++) ok(host.invoke('play', { type: 'addTime', seconds: -30 }))
    ok(host.invoke('play', { type: 'addTime', seconds: 60 }))
    let v = host.refereeAppView()
    expect(v.log.at(-1)).toEqual({ key: 'step.addTimeGroup', params: { type: 'addTime', seconds: -30, count: 4 } })
    expect(v.log).toHaveLength(4) // end of night 0, start, pause, the clock presses
    expect(v.game!.undoable).toBe(4)
    expect(v.game!.lastStep).toEqual(v.log.at(-1))
    ok(host.invoke('undo'))
    v = host.refereeAppView()
    expect(v.game!.projector.clock!.remainingMs).toBe(before)
    expect(v.log.at(-1)).toMatchObject({ key: 'step.pauseTimer' })
    // A lone press is described as before.
    ok(host.invoke('play', { type: 'addTime', seconds: 30 }))
    expect(host.refereeAppView().log.at(-1)).toMatchObject({ key: 'step.addTime', params: { seconds: '30' } })
    const lines = readFileSync(join(dir, 'journal', 'current.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.filter((l) => (l.command as { type?: string } | undefined)?.type === 'addTime')).toHaveLength(5)
    expect(lines).toContainEqual(expect.objectContaining({ undo: 4 }))
  })

  it('a raised hand taken back is logged as taken back, not as a no', () => {
    const { host } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.invoke('play', { type: 'endNightStep' }))
    ok(host.invoke('play', { type: 'accuse', accused: 3 }))
    ok(host.invoke('play', { type: 'castVote', voter: 0, choice: true }))
    ok(host.invoke('play', { type: 'castVote', voter: 0, choice: false }))
    expect(host.refereeAppView().log.at(-1)).toMatchObject({ key: 'step.voteTakenBack', params: { voter: 'Anna' } })
    ok(host.invoke('play', { type: 'castVote', voter: 1, choice: false }))
    expect(host.refereeAppView().log.at(-1)).toMatchObject({ key: 'step.castVote', params: { voter: 'Bence', choice: 'false' } })
  })
})

describe('GameHost: clocks', () => {
  it('the day clock running out kills a random living player with a host draw', () => {
    const clock = new FakeClock()
    const { host, projector } = makeHost({ clock, seed: 7 })
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'startTimer' }))
    const clockView = host.refereeAppView().game!.projector.clock!
    expect(clockView).toMatchObject({ kind: 'day', deadline: clock.now() + 20 * 60_000, durationMs: 20 * 60_000 })
    clock.advance(10 * 60_000)
    ok(host.play({ type: 'pauseTimer' }))
    clock.advance(60 * 60_000) // paused: nothing happens
    expect(host.refereeAppView().game!.projector.stage).toBe('discussion')
    ok(host.play({ type: 'addTime', seconds: -60 }))
    ok(host.play({ type: 'startTimer' }))
    const pushed = projector.length
    clock.advance(9 * 60_000 - 1)
    expect(projector.length).toBe(pushed)
    clock.advance(1)
    const v = host.refereeAppView()
    expect(projector.length).toBe(pushed + 1)
    const lastCommand = host.invoke('exportGame')
    const cmds = lastCommand.ok ? lastCommand.value.commands : []
    const expired = cmds.at(-1)!
    expect(expired).toMatchObject({ type: 'timerExpired', timer: 'day', at: clock.now() })
    // The same draw the seeded generator gave (after the deal's permutation draws) picks the victim.
    const draw = (expired as { draw: number }).draw
    const victim = pick(draw, 9)
    expect(v.game!.seats[victim]!.alive).toBe(false)
    expect(v.game!.projector).toMatchObject({ stage: 'lastWords', speaker: victim })
    expect(v.game!.projector.announcements.at(-1)).toMatchObject({ kind: 'randomDeath', player: victim })
  })

  it('taking back an expiry does not fire it again; adding time re-arms it', () => {
    const clock = new FakeClock()
    const { host } = makeHost({ clock })
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'startTimer' }))
    clock.advance(20 * 60_000)
    expect(host.refereeAppView().game!.projector.stage).toBe('lastWords')
    ok(host.invoke('undo'))
    clock.advance(60_000)
    const v = host.refereeAppView()
    expect(v.game!.projector.stage).toBe('discussion')
    expect(v.game!.seats.every((s) => s.alive)).toBe(true)
    expect(clock.pending).toBe(0)
    ok(host.play({ type: 'addTime', seconds: 30 }))
    ok(host.play({ type: 'pauseTimer' }))
    ok(host.play({ type: 'startTimer' }))
    clock.advance(31_000)
    expect(host.refereeAppView().game!.projector.stage).toBe('lastWords')
  })

  it('the defence clock expiring only marks it run out', () => {
    const clock = new FakeClock()
    const { host } = makeHost({ clock })
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'accuse', accused: 3 }))
    passVote(host)
    ok(host.play({ type: 'startTimer' })) // the defence clock during a defence
    clock.advance(2 * 60_000)
    const p = host.refereeAppView().game!.projector
    expect(p.clock).toMatchObject({ kind: 'defence', expired: true })
    expect(p.stage).toBe('defence')
  })

  it('closing the game stops its clocks', () => {
    const clock = new FakeClock()
    const { host } = makeHost({ clock })
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'startTimer' }))
    expect(clock.pending).toBe(1)
    ok(host.invoke('closeGame'))
    expect(clock.pending).toBe(0)
  })
})

describe('GameHost: the projector never learns a secret', () => {
  const SECRET_KEYS = ['roles', 'investigation', 'investigations', 'shots', 'heal', 'ballots', 'tally', 'blind', 'legal', 'script', 'deal']

  function checkScreens(screens: ProjectorScreen[]) {
    for (const s of screens) {
      expect(Object.keys(s).sort()).toEqual(s.kind === 'idle' ? ['kind', 'lang', 'sentAt', 'sound'] : ['kind', 'lang', 'sentAt', 'sound', 'view'])
      expect(Object.keys(s.sound!).sort()).toEqual(['muted', 'volume'])
      if (s.kind !== 'game') continue
      const json = JSON.stringify(s)
      for (const k of SECRET_KEYS) expect(json).not.toContain(`"${k}"`)
      if (s.view.phase === 'over') continue
      for (const seat of s.view.seats) if (seat.alive) expect(seat.role, `${seat.name} on a projector screen`).toBeNull()
    }
  }

  for (const [presetId, counts, mode] of [
    ['maffiasig', { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, 'digital'],
    ['estonian', { mafia: 2, investigator: 1, doctor: 1, citizen: 5 }, 'digital'],
    ['swedish', { mafia: 2, investigator: 1, doctor: 1, citizen: 5 }, 'physical'],
  ] as const) {
    it(`${presetId} (${mode}): every pushed ProjectorScreen over many games`, () => {
      for (let seed = 1; seed <= 8; seed++) {
        const clock = new FakeClock()
        const { host, projector } = makeHost({ seed, identity: false, clock })
        const rnd = seeded(seed)
        ok(host.invoke('startGame', { ruleset: preset(presetId), players: [...PLAYERS9], counts: { ...counts }, dealMode: mode }))
        host.projectorReady()
        for (let i = 0; i < 600; i++) {
          const c = nextCall(host.refereeAppView(), rnd)
          if (!c) break
          ok(perform(host, c))
          if (rnd() < 0.05) clock.advance(5 * 60_000)
        }
        expect(host.refereeAppView().game!.winner).not.toBeNull()
        expect(projector.length).toBeGreaterThan(5)
        checkScreens(projector)
      }
    })
  }
})

describe('GameHost: the projector hears only what changes on its screen', () => {
  it('a night sends the projector nothing until its result: not the shots, not the calls, not the investigation', () => {
    const { host, projector } = makeHost() // identity deal: seats 0–1 mafia, 2 inspector
    ok(host.invoke('startGame', maffiasigRequest()))
    host.projectorReady()
    ok(host.play({ type: 'endNightStep' })) // night 0 → day 1: visible
    ok(host.play({ type: 'accuse', accused: 5 }))
    ok(host.play({ type: 'setVoteCount', count: 8 }))
    ok(host.play({ type: 'closeVote' }))
    ok(host.play({ type: 'endDefence' }))
    ok(host.play({ type: 'setVoteCount', count: 8 }))
    ok(host.play({ type: 'closeVote' })) // executed → night 1: visible
    const before = projector.length
    ok(host.play({ type: 'shoot', shooter: 0, target: 6 }))
    ok(host.play({ type: 'shoot', shooter: 1, target: 7 }))
    ok(host.play({ type: 'clearShot', shooter: 1 }))
    ok(host.play({ type: 'shoot', shooter: 1, target: 6 }))
    ok(host.play({ type: 'endNightStep' }))
    ok(host.play({ type: 'investigate', target: 0 }))
    expect(projector.length).toBe(before) // six secret steps, no projector traffic at all
    ok(host.play({ type: 'endNightStep' })) // the night's end: Gabi died
    expect(projector.length).toBe(before + 1)
    const last = projector.at(-1)!
    expect(last.kind === 'game' && last.view.seats[6]!.alive).toBe(false)
    // A screen asked for by the page is always answered, changed or not.
    host.projectorReady()
    expect(projector.length).toBe(before + 2)
  })
})

describe('GameHost: the blind-operator variant (first dead becomes referee)', () => {
  const blindRequest = () => {
    const r = preset('maffiasig')
    return maffiasigRequest({ ruleset: { ...r, options: { ...r.options, firstDeadBecomesReferee: true } } })
  }

  it('the view carries no roles, but each player can see their own role once, before the first step', () => {
    const { host, referee, projector } = makeHost()
    ok(host.invoke('startGame', blindRequest()))
    const view = host.refereeAppView().game!
    expect(view.blind).toBe(true)
    expect(view.seats.every((s) => s.role === null)).toBe(true)
    const pushes = [referee.length, projector.length]
    const roles = PLAYERS9.map((_, seat) => host.invoke('revealRole', seat))
    for (const r of roles) expect(r).toMatchObject({ ok: true })
    const dealt = roles.map((r) => (r.ok ? r.value : null))
    expect(dealt.filter((x) => x === 'mafia')).toHaveLength(2)
    expect(dealt.filter((x) => x === 'investigator')).toHaveLength(1)
    expect([referee.length, projector.length]).toEqual(pushes) // read-only: nothing pushed
    expect(host.invoke('revealRole', 99)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    // The game file holds the deal: no export while the operator is blind.
    expect(host.invoke('exportGame')).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    ok(host.play({ type: 'endNightStep' }))
    expect(host.invoke('revealRole', 0)).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
  })

  it('at a blind night the pushed view offers every living seat and its log names no night actor (issue 19.1)', () => {
    const { host, referee, roles, mafia, town } = blindGame()
    ok(host.play({ type: 'endDay' })) // day 1 closes without a death: night 1 is run blind
    ok(host.play({ type: 'shoot', shooter: mafia[0]!, target: town }))
    const pushed = referee.at(-1)!
    expect(pushed).toEqual(host.refereeAppView())
    const v = pushed.game!
    expect(v.blind).toBe(true)
    const all = PLAYERS9.map((_, seat) => seat)
    expect(Object.keys(v.legal.shoot).map(Number)).toEqual(all)
    expect(v.legal.noShot).toEqual(all)
    expect(v.legal.investigate).toEqual(all)
    expect(v.lastStep).toEqual({ key: 'step.hidden', params: {} })
    expect(pushed.log.at(-1)).toEqual({ key: 'step.hidden', params: {} })
    expect(v.script.map((l) => l.key)).toEqual(['blind.note', 'day.noExecution', 'day.nightFalls', 'night.begin', 'blind.night'])
    // Refusals come as typed errors, and change nothing.
    const citizen = roles.findIndex((role, seat) => role === 'citizen' && seat !== town)
    expect(host.play({ type: 'shoot', shooter: citizen, target: town })).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
  })

  it('a blind night refusal names no secret: the engine says "not mafia" or waits for a named shooter, the operator reads one generic reason', () => {
    const { host, roles, mafia, town } = blindGame()
    const citizen = roles.findIndex((role, seat) => role === 'citizen' && seat !== town)
    // By day nothing the engine checks reads a role: the reason stays, with its public parameters.
    expect(host.play({ type: 'endLastWords' })).toMatchObject({
      ok: false,
      error: { code: 'wrong-step', reason: 'day-stage', params: { stage: 'discussion' } },
    })
    ok(host.play({ type: 'endDay' }))
    ok(host.play({ type: 'shoot', shooter: mafia[0]!, target: town }))
    const generic = { code: 'not-allowed', reason: 'blind-night', params: {} }
    const notMafia = host.play({ type: 'shoot', shooter: citizen, target: town })
    const waiting = host.play({ type: 'endNightStep' }) // the engine waits for the other mafioso's shot
    const otherCall = host.play({ type: 'investigate', target: town }) // the engine would name the call the night is at
    for (const answer of [notMafia, waiting, otherCall]) expect(answer).toMatchObject({ ok: false, error: generic })
    const words = JSON.stringify([notMafia, waiting, otherCall])
    expect(words).not.toContain(PLAYERS9[mafia[1]!]!)
    expect(words).not.toMatch(/mafi|inspector|investigat|citizen|doctor/i)
  })

  it('without the variant the reveal simply answers from the referee view', () => {
    const { host } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    ok(host.play({ type: 'endNightStep' }))
    const seats = host.refereeAppView().game!.seats
    expect(host.invoke('revealRole', 3)).toEqual({ ok: true, value: seats[3]!.role })
  })
})

describe('GameHost: small findings of the fault review', () => {
  it('call() answers a typed error for any method value, even an object whose toString throws', async () => {
    const { host } = makeHost()
    const hostile = {
      toString: () => {
        throw new Error('boom')
      },
      valueOf: () => {
        throw new Error('boom')
      },
    }
    await expect(host.call(hostile, [])).resolves.toMatchObject({ ok: false, error: { code: 'unknown-method' } })
    await expect(host.call(Symbol('x'), [])).resolves.toMatchObject({ ok: false, error: { code: 'unknown-method' } })
    await expect(host.call('saveRoster', [hostile])).resolves.toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
  })

  it('a projector that connects without ready() gets no stale duplicate after a step it cannot see', () => {
    const host = createFileHost(tempDir(), { durable: false, clock: new FakeClock(), random: seededRandom(1, { identity: true }) })
    hosts.push(host)
    ok(host.invoke('startGame', maffiasigRequest())) // no projector yet
    const screens: ProjectorScreen[] = []
    host.onProjectorScreen((s) => screens.push(s)) // connects, never asks ready()
    ok(host.invoke('saveRoster', ['Anna'])) // nothing the room can see changes
    expect(screens).toEqual([])
    ok(host.invoke('closeGame')) // the room sees this one
    expect(screens.map((s) => s.kind)).toEqual(['idle'])
  })
})

describe('GameHost: player names', () => {
  it('are normalised: NFC, zero-width and control characters removed, spaces collapsed', () => {
    const { host } = makeHost()
    const decomposed = 'Do\u0301ra' // "Dóra" with a combining accent
    ok(host.invoke('startGame', maffiasigRequest({ players: ['An\u200Bna', decomposed, 'Csa\u0007ba', ' Emese  Kiss ', ...PLAYERS9.slice(4)] })))
    const f = host.invoke('exportGame')
    expect(f.ok && f.value.players.slice(0, 4)).toEqual(['Anna', 'Dóra', 'Csaba', 'Emese Kiss'])
    ok(host.invoke('saveRoster', ['Bé\u200Dla', 'Dezs\u00F6']))
    expect(host.refereeAppView().roster).toEqual(['Béla', 'Dezsö'])
  })

  it('look-alike names at one table are refused with a clear message', () => {
    const { host } = makeHost()
    const players = [...PLAYERS9]
    players[4] = '\u0410nna' // Cyrillic А + "nna": looks exactly like "Anna"
    const r = host.invoke('startGame', maffiasigRequest({ players }))
    expect(r).toMatchObject({ ok: false, error: { code: 'setup-problems' } })
    expect(!r.ok && r.error.message).toMatch(/"Аnna" \(seat 5\) looks the same as "Anna" \(seat 1\)/)
    const fullwidth = [...PLAYERS9]
    fullwidth[4] = 'Ｂｅｎｃｅ'
    expect(host.invoke('startGame', maffiasigRequest({ players: fullwidth }))).toMatchObject({ ok: false, error: { code: 'setup-problems' } })
    expect(host.invoke('checkSetup', preset('maffiasig'), players)).toMatchObject({
      ok: true,
      value: { problems: [expect.stringMatching(/looks the same as "Anna"/)] },
    })
    expect(host.invoke('saveRoster', ['Anna', '\u0410nna'])).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(host.refereeAppView().screen).toBe('setup')
  })
})

describe('GameHost: languages', () => {
  it("keeps the referee's language and the projector's own, pushes the room's language to the projector, and survives a restart", () => {
    const { host, dir, projector, referee } = makeHost()
    ok(host.invoke('startGame', maffiasigRequest()))
    host.projectorReady()
    expect(projector.at(-1)?.lang).toBeNull()
    const journal = host.refereeAppView().game!.undoable
    ok(host.invoke('setLanguage', 'hu', null))
    expect(referee.at(-1)).toMatchObject({ language: 'hu', projectorLanguage: null })
    expect(projector.at(-1)).toMatchObject({ kind: 'game', lang: 'hu' })
    ok(host.invoke('setLanguage', 'en', 'sv'))
    expect(projector.at(-1)).toMatchObject({ kind: 'game', lang: 'sv' })
    // Changing the language is no game step: nothing to undo, the same game.
    expect(host.refereeAppView().game!.undoable).toBe(journal)
    const pushes = projector.length
    ok(host.invoke('setLanguage', 'en', 'sv'))
    expect(projector.length).toBe(pushes)
    host.dispose()
    const again = createFileHost(dir, { durable: false })
    hosts.push(again)
    expect(again.refereeAppView()).toMatchObject({ language: 'en', projectorLanguage: 'sv' })
    expect(again.projectorScreen().lang).toBe('sv')
  })

  it('refuses what is not a language tag, and starts from the system language until one is chosen', () => {
    const { host } = makeHost()
    expect(host.invoke('setLanguage', '<script>', null)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(host.invoke('setLanguage', 42 as unknown as string, null)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    const sys = createFileHost(tempDir(), { durable: false, systemLanguages: ['xx-XX', 'en-US'] })
    hosts.push(sys)
    expect(sys.refereeAppView().language).toBe('en')
    expect(sys.projectorScreen().lang).toBe('en')
    const none = createFileHost(tempDir(), { durable: false, systemLanguages: ['xx-XX'] })
    hosts.push(none)
    expect(none.refereeAppView().language).toBeNull()
  })
})
