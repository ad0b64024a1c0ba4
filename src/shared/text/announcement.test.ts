import { describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../languages'
import { wordsIn } from '../messages'
import { presetNames, roleName } from '../role-names'
import type { PublicAnnouncement } from '../views'
import { ANNOUNCEMENT_LINES, announcementLine, type AnnouncedSeats } from './announcement'
import { lineText } from './line'
import { announcementText } from './room'

/**
 * Every kind of announcement has its line, and every line reads in every language: the samples
 * are typed per kind, so a new kind of announcement does not compile here until it has samples
 * (and ANNOUNCEMENT_LINES, typed the same way, until it has a line).
 */
type Kind = PublicAnnouncement['kind']
const SAMPLES: { [K in Kind]: Extract<PublicAnnouncement, { kind: K }>[] } = {
  nightResult: [
    { kind: 'nightResult', night: 0, deaths: [] },
    { kind: 'nightResult', night: 2, deaths: [0] },
    { kind: 'nightResult', night: 3, deaths: [0, 1] },
  ],
  executed: [
    { kind: 'executed', day: 1, player: 1, role: null },
    { kind: 'executed', day: 1, player: 1, role: 'mafia' },
  ],
  randomDeath: [
    { kind: 'randomDeath', day: 2, player: 2, role: null },
    { kind: 'randomDeath', day: 2, player: 2, role: 'doctor' },
  ],
  noExecution: [
    ...(['voteFailed', 'tie', 'noNominees', 'noVotes', 'dayEnded'] as const).map((reason) => ({ kind: 'noExecution' as const, day: 3, reason })),
    { kind: 'noExecution', day: 3, reason: 'tie', tie: { seats: [1, 2], votes: 3 } },
    { kind: 'noExecution', day: 3, reason: 'tie', tie: { seats: [1, 2], votes: 1 } },
  ],
  voteResult: [
    { kind: 'voteResult', day: 1, vote: 'guilty', player: 2, yes: 4, needed: 5, passed: false },
    { kind: 'voteResult', day: 1, vote: 'guilty', player: 2, yes: 5, needed: 5, passed: true },
    { kind: 'voteResult', day: 1, vote: 'execute', player: 2, yes: 1, needed: 5, passed: false },
    { kind: 'voteResult', day: 1, vote: 'execute', player: 2, yes: 6, needed: 5, passed: true },
  ],
  refereeHandover: [{ kind: 'refereeHandover', player: 1 }],
  gameOver: [
    { kind: 'gameOver', winner: 'town' },
    { kind: 'gameOver', winner: 'mafia' },
    { kind: 'gameOver', winner: 'draw' },
  ],
}
const ALL = Object.values(SAMPLES).flat() as PublicAnnouncement[]

/** Anna's role is public (she died at night), Bence's and Csilla's are not. */
const SEATS: AnnouncedSeats = [
  { name: 'Anna', role: 'citizen' },
  { name: 'Bence', role: null },
  { name: 'Csilla', role: null },
]
const NAMES = presetNames('maffiasig')

describe('announcements as lines', () => {
  it('every kind has its line-maker', () => {
    expect(Object.keys(ANNOUNCEMENT_LINES).sort()).toEqual(Object.keys(SAMPLES).sort())
  })

  it.each(LANGUAGE_IDS)('%s: every announcement reads — no missing message, no unfilled placeholder, its names and roles named', (lang) => {
    const text = announcementText(wordsIn(lang))
    for (const a of ALL) {
      const out = text(a, SEATS, NAMES)
      expect(out, JSON.stringify(a)).not.toMatch(/[[\]{}]|announce\.|winner\./)
      if ('player' in a) expect(out).toContain(SEATS[a.player]!.name)
      if (a.kind === 'nightResult') for (const p of a.deaths) expect(out).toContain(SEATS[p]!.name)
      if ((a.kind === 'executed' || a.kind === 'randomDeath') && a.role) expect(out).toContain(roleName(NAMES, a.role, lang))
      if (a.kind === 'noExecution' && a.tie) for (const p of a.tie.seats) expect(out).toContain(SEATS[p]!.name)
    }
  })

  it('English, from the English locale file', () => {
    const en = wordsIn('en')
    expect(ALL.map((a) => lineText(en, announcementLine(a, SEATS), NAMES))).toEqual([
      'Introduction night: nobody died',
      'Night 2: Anna (Citizen) died',
      'Night 3: Anna (Citizen) and Bence died',
      'Bence was executed',
      'Bence was executed — Mafioso',
      'Csilla was drawn and dies',
      'Csilla was drawn and dies — Doctor',
      'Day 3: nobody is executed',
      'Day 3: a tie — nobody is executed',
      'Day 3: nobody was named',
      'Day 3: no votes — nobody is executed',
      'Day 3: nobody is executed',
      'Day 3: a tie between Bence and Csilla, 3 votes each — nobody is executed',
      'Day 3: a tie between Bence and Csilla, 1 vote each — nobody is executed',
      'Csilla not found guilty (4 votes, 5 needed)',
      'Csilla found guilty (5 votes, 5 needed)',
      'Execution of Csilla refused (1 vote, 5 needed)',
      'Execution of Csilla agreed (6 votes, 5 needed)',
      'Bence now runs the game as referee',
      'Winner: Town',
      'Winner: Mafia',
      'A draw',
    ])
  })

  it('a tie names who tied in every language, joined as the language joins names', () => {
    const tie = SAMPLES.noExecution.find((a) => a.tie?.votes === 3)!
    const said = Object.fromEntries(LANGUAGE_IDS.map((l) => [l, announcementText(wordsIn(l))(tie, SEATS, NAMES)]))
    expect(said.hu).toContain('Bence és Csilla')
    expect(said.ja).toContain('Bence、Csilla')
    expect(said.et).toContain('Bence ja Csilla')
    expect(said.sv).toContain('Bence och Csilla')
  })
})
