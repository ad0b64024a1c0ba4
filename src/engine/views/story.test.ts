/**
 * The story of a finished game (issue: the club night). Scenario games cover every kind of night
 * outcome; random games of every preset check that the story accounts for every death, every check
 * and every vote; the example files tell their stories; and no story exists before the end.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../../shared/ruleset'
import type { StoryDay, StoryNight } from '../../shared/story'
import { parseGameFile, replay } from '../game'
import { Scripted, randomGame } from '../testing'
import { buildStory } from './story'

const nights = (g: Scripted) => story(g).chapters.filter((c): c is StoryNight => c.kind === 'night')
const days = (g: Scripted) => story(g).chapters.filter((c): c is StoryDay => c.kind === 'day')
function story(g: Scripted) {
  const r = buildStory(g.game)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('buildStory: MaffiaSIG (individual shots)', () => {
  // 10 players: seats 0–1 mafia, 2 the inspector, 3–9 citizens.
  const TABLE = 'MMI CCCC CCC'
  function played() {
    const g = Scripted.of('maffiasig', TABLE)
    g.endStep() // night 0: the mafia meet
    g.execute(9) // day 1: a citizen executed
    g.night({ shots: { 0: 5, 1: 6 }, investigate: 0 }) // night 2: split, the inspector finds a mafioso
    g.execute(0) // day 2: a mafioso executed
    g.night({ shots: { 1: 7 }, investigate: 3 }) // night 3: Hanna dies
    g.execute(1) // day 3: the last mafioso executed: town wins
    return g
  }

  it('is refused while the game can still be played, at every step before the end', () => {
    const g = Scripted.of('maffiasig', TABLE).endStep()
    expect(buildStory(g.game)).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    g.execute(9)
    expect(buildStory(g.game).ok).toBe(false)
    const over = played()
    expect(buildStory(over.game).ok).toBe(true)
    // Every earlier point of the finished game refuses: only the last state is over.
    for (let k = 1; k <= over.game.log.length; k++) expect(buildStory(over.undo(1).game).ok, `${k} steps back`).toBe(false)
  })

  it('tells night 0 as the introduction, a split vote, a kill, the checks and their answers', () => {
    const g = played()
    const ns = nights(g)
    expect(ns.map((n) => [n.number, n.outcome])).toEqual([
      [0, 'introduction'],
      [1, 'split'],
      [2, 'killed'],
    ])
    expect(ns[1]).toMatchObject({
      shots: [
        { shooter: 0, target: 5 },
        { shooter: 1, target: 6 },
      ],
      intended: null,
      deaths: [],
      checks: [{ target: 0, isMafia: true }],
    })
    // Night 2: only seat 1 lives among the mafia, and one shot is a majority of one.
    expect(ns[2]).toMatchObject({ shots: [{ shooter: 1, target: 7 }], intended: 7, deaths: [7], checks: [{ target: 3, isMafia: false }] })
  })

  it('tells each accusation, both votes with their counts, and each death with the role', () => {
    const g = played()
    const ds = days(g)
    expect(ds.map((d) => d.number)).toEqual([1, 2, 3])
    const d1 = ds[0]!.items
    expect(d1[0]).toEqual({ kind: 'accused', accused: 9, accuser: null })
    const votes = d1.filter((i) => i.kind === 'vote')
    expect(votes.map((v) => v.kind === 'vote' && [v.vote, v.yes, v.passed])).toEqual([
      ['guilty', 9, true],
      ['execute', 9, true],
    ])
    expect(d1.at(-1)).toEqual({ kind: 'death', player: 9, cause: 'execution', role: 'citizen' })
    expect(ds[2]!.items.at(-1)).toEqual({ kind: 'death', player: 1, cause: 'execution', role: 'mafia' })
    const s = story(g)
    expect(s.winner).toBe('town')
    expect(s.roles).toEqual(['mafia', 'mafia', 'investigator', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen'])
    expect(s.survivors).toEqual([2, 3, 4, 5, 6, 8])
    expect(s.players[0]).toBe('Anna')
  })

  it('two of three mafiosi on one target kill: every shot is told, the majority decides', () => {
    const g = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep()
    g.execute(11)
    // Two of three shoot the same target: a majority of the living mafia.
    g.night({ shots: { 0: 5, 1: 5, 2: 6 }, investigate: 4 })
    g.execute(0)
      .night({ shots: { 1: 7, 2: 7 }, investigate: 8 })
      .execute(1)
      .night({ shots: { 2: 9 }, investigate: 10 })
      .execute(2)
    const ns = nights(g)
    expect(ns[1]).toMatchObject({ outcome: 'killed', intended: 5, deaths: [5] })
    expect(ns[1]!.shots).toEqual([
      { shooter: 0, target: 5 },
      { shooter: 1, target: 5 },
      { shooter: 2, target: 6 },
    ])
    expect(story(g).winner).toBe('town')
  })
})

describe('buildStory: group kill and the doctor (Estonian)', () => {
  // 10 players: 0–1 mafia, 2 police, 3 doctor, 4–9 villagers.
  const TABLE = 'MM I D CCCCCC'
  it('tells a save by the doctor, a kill, the police answers, the nominations and the plurality vote', () => {
    const g = Scripted.of('estonian', TABLE)
    g.night({ target: 9, investigate: 4, heal: 9 }) // saved
    g.lynch(0) // the mafioso at seat 0 executed
    g.night({ target: 8, investigate: 1, heal: 3 }) // killed
    g.lynch(1) // the last mafioso: town wins
    expect(g.state.phase).toBe('over')
    const ns = nights(g)
    expect(ns.map((n) => n.outcome)).toEqual(['saved', 'killed'])
    expect(ns[0]).toMatchObject({ groupTarget: 9, intended: 9, heal: 9, deaths: [], checks: [{ target: 4, isMafia: false }] })
    expect(ns[1]).toMatchObject({ groupTarget: 8, deaths: [8], checks: [{ target: 1, isMafia: true }] })
    const d1 = days(g)[0]!.items
    expect(d1[0]).toEqual({ kind: 'nominated', player: 0 })
    const vote = d1.find((i) => i.kind === 'vote')
    expect(vote).toMatchObject({ vote: 'plurality', winner: 0, passed: true })
    expect(vote?.kind === 'vote' && vote.tally[0]).toEqual({ player: 0, votes: 10 })
    expect(d1.at(-1)).toEqual({ kind: 'death', player: 0, cause: 'execution', role: 'mafia' })
    expect(story(g).winner).toBe('town')
  })
})

describe('buildStory: random games of every preset', () => {
  it.each(PRESET_IDS)('%s: 300 games — every death, every check and every closed vote is told once, in order', (id) => {
    let told = 0
    for (let seed = 1; seed <= 300; seed++) {
      const run = randomGame(seed * 7919, id)
      if (!run.ended) continue
      const r = buildStory(run.game)
      expect(r.ok, `seed ${seed}`).toBe(true)
      if (!r.ok) continue
      const s = r.value
      const events = run.game.log.flatMap((e) => e.events)
      const deathsTold = s.chapters.flatMap((c) => (c.kind === 'night' ? c.deaths : c.items.flatMap((i) => (i.kind === 'death' ? [i.player] : []))))
      const deathsHappened = events.flatMap((e) => (e.type === 'nightEnded' ? e.deaths : e.type === 'playerDied' ? [e.player] : []))
      expect(deathsTold, `seed ${seed}`).toEqual(deathsHappened)
      const dead = run.game.state.alive.flatMap((a, i) => (a ? [] : [i]))
      expect([...deathsTold].sort((a, b) => a - b)).toEqual(dead)
      expect(s.survivors).toEqual(run.game.state.alive.flatMap((a, i) => (a ? [i] : [])))
      const checks = s.chapters.flatMap((c) => (c.kind === 'night' ? c.checks : []))
      expect(checks).toEqual(run.game.state.investigations.map(({ target, isMafia }) => ({ target, isMafia })))
      const votes = s.chapters.flatMap((c) => (c.kind === 'day' ? c.items.filter((i) => i.kind === 'vote') : []))
      expect(votes.length).toBe(events.filter((e) => e.type === 'voteClosed').length)
      for (const n of s.chapters) if (n.kind === 'night' && n.outcome === 'killed') expect(n.deaths).toEqual([n.intended])
      for (const n of s.chapters) if (n.kind === 'night' && n.outcome === 'saved') expect(n.heal).toBe(n.intended)
      expect(s.winner).toBe(run.game.state.winner)
      told++
    }
    expect(told).toBeGreaterThan(250)
  })
})

describe('buildStory: the example game files', () => {
  const dir = join(__dirname, '../../../examples')
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
  it.each(files)('%s: a finished game tells its story; an unfinished one refuses', (f) => {
    const parsed = parseGameFile(JSON.parse(readFileSync(join(dir, f), 'utf8')))
    if (!parsed.ok) throw new Error(parsed.error.message)
    const r = replay(parsed.value.setup, parsed.value.commands)
    const game = r.ok ? r.value : r.game
    if (!game) throw new Error('no game')
    const story = buildStory(game)
    expect(story.ok).toBe(game.state.phase === 'over')
    if (story.ok) expect(story.value.chapters.length).toBeGreaterThan(0)
  })
})
