/**
 * The rules for the room (issue 24): for every preset and language the text names the ruleset's
 * roles in that language, and an option the text describes changes the words when it changes.
 */
import { describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../../shared/languages'
import type { RoleId } from '../../shared/roles'
import { rulesetOptionsSchema, PRESET_IDS, type Ruleset, type RulesetOptions } from '../../shared/ruleset'
import { rulesetWords, rulesText, type RulesText } from '../../shared/rules-text'
import { preset } from '../rulesets'
import { rulesSheet } from './rules'

const textOf = (r: Ruleset, lang: string): RulesText => rulesText(rulesSheet(r), r, lang)
const flat = (t: RulesText): string => [t.title, ...t.pages.flatMap((p) => [p.heading, ...p.lines.map((l) => `${l.label ?? ''} ${l.text}`)])].join('\n')
const changed = (r: Ruleset, o: Partial<RulesetOptions>): Ruleset => ({ ...r, options: { ...r.options, ...o } })

/** Each option the text describes: a different value, and when the text must show it (its effect in the engine). */
const DESCRIBED: { [K in keyof RulesetOptions]?: { other: (o: RulesetOptions) => RulesetOptions[K]; when?: (o: RulesetOptions) => boolean } } = {
  firstPhase: { other: (o) => (o.firstPhase === 'night0' ? 'night' : 'night0') },
  hasInvestigator: { other: (o) => !o.hasInvestigator },
  hasDoctor: { other: (o) => !o.hasDoctor },
  nightOrder: { other: (o) => [...o.nightOrder].reverse(), when: (o) => o.nightOrder.length > 1 && o.hasInvestigator },
  killResolution: { other: (o) => (o.killResolution === 'groupTarget' ? 'individualShots' : 'groupTarget') },
  mafiaMayTargetMafia: { other: (o) => !o.mafiaMayTargetMafia },
  doctorSelfHeal: { other: (o) => !o.doctorSelfHeal, when: (o) => o.hasDoctor },
  investigatorMayRepeat: { other: (o) => !o.investigatorMayRepeat, when: (o) => o.hasInvestigator },
  callDeadRoles: { other: (o) => !o.callDeadRoles, when: (o) => o.hasInvestigator || o.hasDoctor },
  readNamesAtShots: { other: (o) => !o.readNamesAtShots, when: (o) => o.killResolution === 'individualShots' },
  dayProcedure: { other: (o) => (o.dayProcedure === 'accusation' ? 'nomination' : 'accusation') },
  maxNominees: { other: (o) => (o.maxNominees === null ? 2 : o.maxNominees + 1), when: (o) => o.dayProcedure === 'nomination' },
  nomineeDefence: { other: (o) => !o.nomineeDefence, when: (o) => o.dayProcedure === 'nomination' },
  singleNomineeExecuted: { other: (o) => !o.singleNomineeExecuted, when: (o) => o.dayProcedure === 'nomination' },
  tieRule: { other: (o) => (o.tieRule === 'random' ? 'noExecution' : 'random'), when: (o) => o.dayProcedure === 'nomination' },
  noNominationGoesToNight: { other: (o) => !o.noNominationGoesToNight, when: (o) => o.dayProcedure === 'nomination' },
  dayMustEndWithDeath: { other: (o) => !o.dayMustEndWithDeath },
  dayTimeLimit: { other: (o) => (o.dayTimeLimit === null ? 600 : o.dayTimeLimit + 60) },
  dayTimeoutAction: {
    other: (o) => (o.dayTimeoutAction === 'randomDeath' ? 'none' : 'randomDeath'),
    when: (o) => o.dayTimeLimit !== null,
  },
  defenceTimeLimit: {
    other: (o) => (o.defenceTimeLimit === null ? 90 : null),
    when: (o) => o.dayProcedure === 'accusation' || o.nomineeDefence,
  },
  lastWords: { other: (o) => !o.lastWords, when: (o) => o.dayTimeLimit !== null && o.dayTimeoutAction === 'randomDeath' },
  revealOnExecution: { other: (o) => !o.revealOnExecution },
  revealOnNightDeath: { other: (o) => !o.revealOnNightDeath },
  mafiaWinAtParity: { other: (o) => !o.mafiaWinAtParity },
  parityNeedsDeadDoctor: { other: (o) => !o.parityNeedsDeadDoctor, when: (o) => o.mafiaWinAtParity && o.hasDoctor },
  doctorMafiaDraw: { other: (o) => !o.doctorMafiaDraw, when: (o) => o.hasDoctor },
  firstDeadBecomesReferee: { other: (o) => !o.firstDeadBecomesReferee },
  recommendedMin: { other: (o) => o.recommendedMin + 1 },
  recommendedMax: { other: (o) => o.recommendedMax + 1 },
}
/**
 * What the room's rules leave to the referee's own tools (a warning before time runs out, the hard
 * player limits), and how the table plays them (on the phones or by signs: the rules are the same); the fouls, a club's discipline rather than a rule of play.
 */
const NOT_DESCRIBED: (keyof RulesetOptions)[] = ['dayWarning', 'minPlayers', 'maxPlayers', 'nightOnPhones', 'votesOnPhones', 'foulsToRemove']

describe('the rules text: every preset × language', () => {
  for (const id of PRESET_IDS)
    for (const lang of LANGUAGE_IDS)
      it(`${id} in ${lang}: every line filled, the ruleset's roles named in ${lang}`, () => {
        const r = preset(id)
        const text = textOf(r, lang)
        const all = flat(text)
        expect(all).not.toMatch(/\[rules\.|\{\w+\}/)
        expect(text.pages).toHaveLength(4)
        const words = rulesetWords(r, lang)
        const present: RoleId[] = [
          'mafia',
          'citizen',
          ...(r.options.hasInvestigator ? (['investigator'] as const) : []),
          ...(r.options.hasDoctor ? (['doctor'] as const) : []),
        ]
        const lower = all.toLocaleLowerCase(lang)
        for (const role of present) expect(lower, `${role}: ${words.roles[role]}`).toContain(words.roles[role].toLocaleLowerCase(lang))
        if (lang !== 'en')
          for (const role of present)
            if (words.roles[role] !== rulesetWords(r, 'en').roles[role]) expect(lower).not.toContain(rulesetWords(r, 'en').roles[role].toLocaleLowerCase('en'))
        // A role the ruleset does not have is not named as taking part.
        if (!r.options.hasDoctor) expect(text.pages[1]?.lines.map((l) => l.label)).not.toContain(words.roles.doctor)
        // Short enough to read from the back of the room: few lines a page.
        for (const p of text.pages) expect(p.lines.length).toBeLessThanOrEqual(8)
      })
})

describe('the rules text follows the options', () => {
  it('every option is either described or named as not described', () => {
    expect(Object.keys(rulesOptionsShape()).sort()).toEqual([...Object.keys(DESCRIBED), ...NOT_DESCRIBED].sort())
  })
  for (const id of PRESET_IDS)
    for (const [name, d] of Object.entries(DESCRIBED) as [keyof RulesetOptions, NonNullable<(typeof DESCRIBED)[keyof RulesetOptions]>][])
      it(`${id}: ${name} changes the words in every language`, () => {
        const r = preset(id)
        if (d.when && !d.when(r.options)) {
          // Where it has no effect, changing it must not pretend one: the text stays the same.
          for (const lang of LANGUAGE_IDS) expect(flat(textOf(changed(r, { [name]: d.other(r.options) }), lang))).toBe(flat(textOf(r, lang)))
          return
        }
        const other = changed(r, { [name]: d.other(r.options) })
        for (const lang of LANGUAGE_IDS) expect(flat(textOf(other, lang)), `${name} in ${lang}`).not.toBe(flat(textOf(r, lang)))
      })

  it('names the tie rule, the reveal and the parity rule as they are', () => {
    const sv = preset('swedish')
    expect(flat(textOf(changed(sv, { tieRule: 'random' }), 'en'))).toContain('drawn at random')
    expect(flat(textOf(changed(sv, { tieRule: 'noExecution' }), 'en'))).toContain('A tie: nobody is executed.')
    const ee = preset('estonian')
    expect(flat(textOf(ee, 'et'))).toContain('Kes sureb päeval, näitab oma rollikaarti.')
    expect(flat(textOf(changed(ee, { revealOnExecution: false }), 'et'))).toContain('Kes sureb päeval, selle roll jääb saladuseks.')
    const hu = preset('maffiasig')
    expect(flat(textOf(hu, 'hu'))).toContain('annyian vannak, mint a többiek, vagy többen')
    expect(flat(textOf(changed(hu, { mafiaWinAtParity: false }), 'hu'))).toContain('Csak akkor nyernek, ha többen vannak')
  })

  it('the answer gesture: thumb up = mafia (MaffiaSIG, Estonian), thumb down = evil (Swedish)', () => {
    expect(flat(textOf(preset('maffiasig'), 'en'))).toContain('thumb up = mafia')
    expect(flat(textOf(preset('estonian'), 'et'))).toContain('pöial üles = maffia')
    expect(flat(textOf(preset('swedish'), 'sv'))).toContain('tummen ner = ond')
  })

  it("a club's own copy: a renamed role is shown as typed, a preset's name in the language, the time limits as set", () => {
    const club: Ruleset = {
      ...changed(preset('maffiasig'), { dayTimeLimit: 25 * 60, defenceTimeLimit: 90 }),
      id: 'our-club',
      name: 'Our club',
      names: {
        ...preset('maffiasig').names,
        hu: { ...preset('maffiasig').names.hu, roleNames: { ...preset('maffiasig').names.hu.roleNames, mafia: 'Gangster' } },
      },
    }
    const hu = textOf(club, 'hu')
    expect(hu.title).toBe('Így játszunk: Our club')
    expect(flat(hu)).toContain('gangster')
    expect(flat(hu)).toContain('Felügyelő')
    expect(flat(hu)).toContain('25 perc')
    expect(flat(hu)).toContain('90 másodperc')
    expect(textOf(preset('maffiasig'), 'ja').title).toBe('遊び方：MaffiaSIG')
  })
})

function rulesOptionsShape(): Record<string, unknown> {
  return rulesetOptionsSchema.shape
}
