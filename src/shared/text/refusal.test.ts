import { describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../languages'
import { translate, wordsIn } from '../messages'
import { REFUSAL_REASONS, type RefusalParams, type RefusalReason } from '../refusals'
import { presetNames } from '../role-names'
import { ROLE_IDS } from '../roles'
import { refusalEnglish, refusalLine, refusalText } from './refusal'

/**
 * Every refusal is a line put in words by lineText: a sample of each reason, typed by its
 * parameters (a reason without one does not compile), reads in every language with nothing left
 * unfilled, no role id and no stage or clock id where a word belongs.
 */
const SAMPLES: { readonly [R in RefusalReason]: RefusalParams<R> } = {
  'game-over': {},
  'not-day': {},
  'not-night': {},
  'clocks-by-day': {},
  'bad-command': {},
  'setup-invalid': {},
  'won-at-start': {},
  'bad-undo': {},
  'listed-twice': { name: 'Anna' },
  'no-seat': { seat: 12 },
  dead: { name: 'Bence' },
  'uses-nominations': {},
  'uses-accusations': {},
  'executed-today': {},
  'already-nominated': { name: 'Anna' },
  'max-nominees': { count: 3 },
  'not-nominated': { name: 'Anna' },
  'self-accusation': {},
  'no-accusation': {},
  'nominees-only-defend': {},
  'last-nominee': {},
  'day-ends-with-death': {},
  'no-random-death': {},
  'no-fouls': {},
  'died-today': {},
  'day-clock-running': {},
  'day-stage': { stage: 'vote' },
  'day-cannot-end': { stage: 'defence' },
  'last-words': {},
  'no-vote': {},
  'no-nominee': {},
  'may-not-vote': { name: 'Csilla' },
  'vote-for-nominee': {},
  'not-candidate': { name: 'Csilla' },
  'vote-yes-no': {},
  'count-over': { count: 7 },
  'count-which': {},
  'count-no-candidate': {},
  'votes-over': { total: 9, count: 8 },
  'tie-draw': {},
  'death-draw': {},
  'no-clock': { clock: 'day' },
  'clock-out': { clock: 'defence' },
  'clock-running': { clock: 'day' },
  'clock-stopped': { clock: 'defence' },
  'clock-left': { clock: 'day' },
  'zero-time': {},
  'no-time-left': {},
  'other-call': { role: 'doctor' },
  'identify-first': { role: 'investigator' },
  'all-identified': { role: 'mafia' },
  'call-identified': {},
  'has-role': { name: 'Dénes' },
  'mafia-count': { role: 'mafia', count: 2, given: 3 },
  'too-many-identified': { role: 'doctor', count: 1 },
  'names-not-read': {},
  'uses-shots': {},
  'uses-group-target': {},
  'target-own': { role: 'mafia' },
  'not-shooter': { name: 'Anna', role: 'mafia' },
  'no-shot': { name: 'Anna' },
  'already-no-shot': { name: 'Anna' },
  'self-shot': {},
  'role-dead-call': { role: 'doctor' },
  'investigated-tonight': { role: 'investigator' },
  'investigation-skipped': { role: 'investigator' },
  'investigator-self': { role: 'investigator' },
  'already-investigated': { name: 'Bence' },
  'doctor-self': { role: 'doctor' },
  'shots-missing': { names: 'Anna, Bence' },
  'no-target': {},
  'no-investigation': { role: 'investigator' },
  'no-heal': { role: 'doctor' },
  'undo-too-many': { count: 4 },
  'note-unchanged': {},
  'story-before-end': {},
  'blind-night': {},
}

const sample = (reason: RefusalReason) => ({ reason, params: SAMPLES[reason] as Record<string, string | number> })
const names = presetNames('maffiasig')
const IDS = new RegExp(`\\b(${[...ROLE_IDS, 'discussion', 'lastWords', 'nominating'].join('|')})\\b`)

describe('refusals as lines', () => {
  it('the samples are every reason', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...REFUSAL_REASONS].sort())
  })

  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: every reason reads, its parameters filled, its roles, stages and clocks in words`, () => {
      const words = wordsIn(lang)
      const bad = REFUSAL_REASONS.flatMap((r) => {
        const text = refusalText(words, sample(r), names)
        if (text === null) return [`${r}: no text`]
        if (/[{}[\]]/.test(text)) return [`${r}: ${text}`]
        // English's own words may be a role's ("the doctor"): ids are checked where they are not words.
        if (lang !== 'en' && IDS.test(text)) return [`${r}: ${text}`]
        return []
      })
      expect(bad).toEqual([])
    })
  }

  it('a role is named as the ruleset names it, cased for its place in the sentence; a stage and a clock by their words', () => {
    const hu = refusalText(wordsIn('hu'), sample('no-investigation'), names)
    expect(hu).toBe(translate('hu', 'refusals.no-investigation', { role: names.hu.roleNames.investigator }))
    expect(hu).toContain('Felügyelő')
    // Inside a sentence, running text: lower case in Hungarian.
    expect(refusalText(wordsIn('hu'), sample('identify-first'), names)).toContain(`(${names.hu.roleNames.investigator.toLowerCase()})`)
    expect(refusalText(wordsIn('ja'), sample('day-stage'), names)).toContain(translate('ja', 'stage.vote'))
    expect(refusalText(wordsIn('sv'), sample('clock-out'), null)).toContain(translate('sv', 'clock.defence'))
  })

  it("without the game's names a role cannot be named: no line rather than an id", () => {
    expect(refusalLine(sample('no-heal'), null)).toBeNull()
    expect(refusalText(wordsIn('et'), sample('no-heal'), null)).toBeNull()
    expect(refusalText(wordsIn('et'), { reason: 'no-such-reason', params: {} }, names)).toBeNull()
    expect(refusalText(wordsIn('et'), { reason: 'dead', params: {} }, names)).toBeNull()
  })

  it('the English message is filled from the English file (ids for roles, as logs read them)', () => {
    expect(refusalEnglish({ reason: 'dead', params: { name: 'Bence' } })).toBe('Bence is dead.')
    expect(refusalEnglish({ reason: 'no-heal', params: { role: 'doctor' } })).toBe('Choose whom the doctor heals first.')
  })
})
