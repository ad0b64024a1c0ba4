/**
 * Fouls (`foulsToRemove`): not in the three source texts, but sports-mafia clubs give them — by
 * day the referee gives a living player a foul, and the last one removes the player (a death by
 * day: the role revealed where deaths by day reveal it, the day's vote off, night falls).
 * Table: Estonian, 10 players, seats 0–1 mafia, 2 police, 3 doctor, 4–9 villagers.
 */
import { describe, expect, it } from 'vitest'
import { announcementLine } from '../../shared/text/announcement'
import { lineText } from '../../shared/text/line'
import { chapterLines } from '../../shared/text/story'
import { translate, wordsIn } from '../../shared/messages'
import { preset, PRESETS } from '../rulesets'
import { buildStory, parseGameFile, toGameFile } from '../index'
import { Scripted } from '../testing'
import { blindLegalActions, legalActions } from '../views/legal'

const TABLE = 'MM I D CCCCCC'
const day1 = (options = {}) => Scripted.of('estonian', TABLE, { options }).night({ target: 9, investigate: 4, heal: 3 })
const en = wordsIn('en')

describe('fouls', () => {
  it('are off in the three presets: the command is refused with a typed error and never offered', () => {
    for (const r of Object.values(PRESETS)) expect(r.options.foulsToRemove).toBeNull()
    const g = day1()
    const e = g.refuse({ type: 'foul', player: 4 }, 'not-allowed')
    expect(e.reason).toBe('no-fouls')
    expect(e.message).toBe('This ruleset has no fouls.')
    expect(g.referee.legal.foul).toEqual([])
    expect(g.projector.rules.foulsToRemove).toBeNull()
  })

  it('four fouls remove a player: counted on the projector, logged, announced, and the day ends', () => {
    const g = day1({ foulsToRemove: 4 })
    expect(g.projector.rules).toEqual({ foulsToRemove: 4 })
    expect(g.referee.legal.foul).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]) // every living seat (9 died at night)
    g.refuse({ type: 'foul', player: 9 }, 'not-alive')
    for (let n = 1; n <= 3; n++) {
      g.do({ type: 'foul', player: 4 })
      expect(g.projector.seats[4]).toMatchObject({ alive: true, fouls: n })
      expect(g.referee.lastStep).toEqual({ key: 'step.foul', params: { type: 'foul', player: 'Eszter', n } })
    }
    expect(lineText(en, g.referee.lastStep!, g.projector.names, 'script.')).toBe('Foul: Eszter (3)')
    expect(g.state.phase).toBe('day')
    g.do({ type: 'foul', player: 4 })
    expect(g.projector.seats[4]).toMatchObject({ alive: false, fouls: 4, role: 'citizen' }) // Estonian reveals deaths by day
    expect(g.referee.lastStep?.key).toBe('step.foulRemoved')
    const a = g.projector.announcements.find((x) => x.kind === 'removed')
    expect(a).toEqual({ kind: 'removed', day: 1, player: 4, role: 'citizen', fouls: 4 })
    expect(lineText(en, announcementLine(a!, g.projector.seats), g.projector.names)).toBe('Eszter was removed after 4 fouls — Villager')
    expect(g.state.phase).toBe('night') // the removal is the day's death
    // The referee closes the day aloud with the removal (the role where deaths by day reveal it), then night falls.
    const closing = g.referee.script.map((l) => lineText(en, l, g.projector.names, 'script.'))
    expect(closing[0]).toBe('Eszter has had the last foul and leaves the game. Eszter was Villager.')
    expect(g.referee.script[1]?.key).toBe('day.nightFalls')
    expect(translate('ja', 'fouls.removed', { name: 'Eszter', n: 4 }, 4)).toBe('Eszterはファウル4回で退場')
  })

  it('a removal can end the game, and the story tells every foul and the removal', () => {
    const g = day1({ foulsToRemove: 1 }).do({ type: 'foul', player: 0 })
    g.night({ target: 8, investigate: 1, heal: 3 }).do({ type: 'foul', player: 1 })
    expect(g.state.winner).toBe('town')
    const story = buildStory(g.game)
    if (!story.ok) throw new Error(story.error.message)
    const text = story.value.chapters.flatMap((c) => chapterLines(story.value, c, en.t, 'en').map((l) => l.text))
    expect(text).toContain('Anna gets a foul (1)')
    expect(text.find((t) => t.startsWith('Anna was removed after 1 foul'))).toMatch(/Mafia$/)
    expect(text.find((t) => t.startsWith('Bence was removed'))).toBeDefined()
  })

  it('the blind operator is offered the same seats (the rule reads no role), and a removal hands the game over', () => {
    const g = Scripted.of('maffiasig', 'CCCC MCMC ICMC', { options: { firstDeadBecomesReferee: true, firstPhase: 'day', foulsToRemove: 2 } })
    expect(g.referee.blind).toBe(true)
    expect(blindLegalActions(g.state).foul).toEqual(legalActions(g.state).foul)
    g.do({ type: 'foul', player: 5 }, { type: 'foul', player: 5 })
    expect(g.state.alive[5]).toBe(false)
    expect(g.state.operatorBlind).toBe(false)
    expect(g.state.refereePlayer).toBe(5)
  })

  it('a game file with fouls replays; a ruleset written before the option reads as no fouls', () => {
    const g = day1({ foulsToRemove: 4 }).do({ type: 'foul', player: 2 })
    const file = toGameFile(g.game)
    const back = parseGameFile(JSON.parse(JSON.stringify(file)))
    expect(back.ok && back.value.commands.at(-1)).toEqual({ type: 'foul', player: 2 })
    const old = JSON.parse(JSON.stringify(file)) as { ruleset: { options: Record<string, unknown> }; commands: unknown[] }
    delete old.ruleset.options.foulsToRemove
    old.commands.pop()
    const read = parseGameFile(old)
    expect(read.ok && read.value.setup.ruleset.options.foulsToRemove).toBeNull()
    expect(preset('estonian').options.foulsToRemove).toBeNull()
  })
})
