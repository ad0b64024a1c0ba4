/**
 * The referee's private notes: kept with the game (replayed from its commands, undone like any
 * step), and never part of what the projector receives — a noninterference check: the same game
 * with and without notes gives the identical projector view at every step.
 */
import { describe, expect, it } from 'vitest'
import type { Command } from '../shared/commands'
import { replay, toGameFile } from './game'
import { Scripted, seatNames } from './testing'

const TABLE = 'MMMI CCCC CCCC'
const SECRET = 'Bence is MAFIA, claimed doctor day 2, Mafioso Inspector'

/** A MaffiaSIG game from night 0 to a town win, as a list of commands. */
function script(): Command[] {
  const g = Scripted.of('maffiasig', TABLE).endStep()
  g.execute(0).night({ shots: { 1: 5, 2: 5 }, investigate: 1 })
  g.execute(1).night({ shots: { 2: 6 }, investigate: 2 })
  g.execute(2)
  return g.game.log.map((e) => e.command)
}

describe('private notes', () => {
  it('never reach the projector: with or without notes, the projector view is identical at every step', () => {
    const commands = script()
    const plain = Scripted.of('maffiasig', TABLE)
    const noted = Scripted.of('maffiasig', TABLE)
    let i = 0
    for (const c of commands) {
      expect(noted.projector).toEqual(plain.projector)
      noted.do({ type: 'note', player: i % 12, text: `${SECRET} #${i}` })
      expect(noted.projector).toEqual(plain.projector)
      expect(JSON.stringify(noted.projector)).not.toContain('claimed doctor')
      plain.do(c)
      noted.do(c)
      i++
    }
    expect(plain.state.winner).toBe('town')
    expect(noted.projector).toEqual(plain.projector)
    expect(noted.referee.notes.filter(Boolean).length).toBeGreaterThan(0)
  })

  it('are kept with the game: shown to the referee, replayed from the game file, undone as a step', () => {
    const g = Scripted.of('maffiasig', TABLE).endStep()
    g.do({ type: 'note', player: 1, text: '  claimed doctor day 2 ' })
    expect(g.referee.notes[1]).toBe('claimed doctor day 2')
    expect(g.referee.lastStep).toEqual({ key: 'step.note', params: { type: 'note', player: seatNames(12)[1], text: '  claimed doctor day 2 ' } })
    g.refuse({ type: 'note', player: 1, text: 'claimed doctor day 2' }, 'not-allowed')
    g.refuse({ type: 'note', player: 40, text: 'x' })
    const file = toGameFile(g.game)
    const again = replay(g.game.setup, file.commands)
    expect(again.ok && again.value.state.notes[1]).toBe('claimed doctor day 2')
    g.do({ type: 'note', player: 1, text: '' })
    expect(g.referee.notes[1]).toBe('')
    g.undo()
    expect(g.referee.notes[1]).toBe('claimed doctor day 2')
    expect(g.referee.legal.note).toBe(true)
  })
})
