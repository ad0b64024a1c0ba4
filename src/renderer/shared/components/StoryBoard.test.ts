// @vitest-environment happy-dom
/** The story's pages as the referee and the room read them: each night's shots, checks and outcome, each day's votes, the end. */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { buildStory } from '../../../engine'
import { Scripted } from '../../../engine/testing'
import { createAppI18n } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { standingsOf } from '../../../host/club/standings'
import { recordOf } from '../../../host/club/record'
import StandingsTable from './StandingsTable.vue'
import StoryBoard from './StoryBoard.vue'

function finished() {
  const g = Scripted.of('maffiasig', 'MMI CCCC CCC').endStep()
  g.execute(9)
  g.night({ shots: { 0: 5, 1: 6 }, investigate: 0 })
  g.execute(0)
  g.night({ shots: { 1: 7 }, investigate: 3 })
  g.execute(1)
  const s = buildStory(g.game)
  if (!s.ok) throw new Error(s.error.message)
  return { game: g.game, story: s.value }
}

const page = (index: number) => mount(StoryBoard, { props: { story: finished().story, index }, global: { plugins: [createAppI18n(refereeMessages)] } })

describe('StoryBoard', () => {
  it('the introduction night (night 0, no number) names the mafia who met, as a list', () => {
    const w = page(0)
    expect(w.get('.story-title').text()).toBe('Introduction night')
    expect(w.text()).toContain('The mafia met for the first time: Anna and Bence.')
  })
  it('a day tells the accusation, both votes with their counts and the execution with the role', () => {
    const text = page(1).text()
    expect(text).toContain('Day 1')
    expect(text).toContain('Judit was accused.')
    expect(text).toMatch(/Guilty\? Judit: 9 votes, 5 needed — passed\./)
    expect(text).toContain('Judit was executed: Citizen.')
  })
  it('a split night names every shot and says nobody died; the check and its answer', () => {
    const text = page(2).text()
    expect(text).toContain('Anna shot at Feri.')
    expect(text).toContain('Bence shot at Gabi.')
    expect(text).toContain('no target had a majority')
    expect(text).toContain('The Inspector checked Anna: mafia.')
  })
  it('a killing night names the victim with the role', () => {
    expect(page(4).text()).toContain('Hanna (Citizen) was killed.')
  })
  it('the last page is the winner and every role', () => {
    const { story } = finished()
    const w = page(story.chapters.length)
    expect(w.get('.winner').text()).toBe('Winner: Town')
    expect(w.findAll('.story-roles li')).toHaveLength(10)
    expect(w.text()).toContain('Mafioso')
  })
})

describe('StandingsTable', () => {
  it('one row per player, most wins first, and the team wins', () => {
    const { game } = finished()
    const st = standingsOf([recordOf(game, 'a', '2026-01-01T20:00:00.000Z')])
    const w = mount(StandingsTable, { props: { standings: st, title: 'Tonight' }, global: { plugins: [createAppI18n(refereeMessages)] } })
    const rows = w.findAll('[data-test="standing-row"]')
    expect(rows).toHaveLength(10)
    expect(rows[0]!.find('th').text()).not.toBe('Anna')
    expect(w.text()).toContain('Town 1 — Mafia 0 — Draws 0')
  })
})
