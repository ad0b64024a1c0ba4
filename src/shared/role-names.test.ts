import { describe, expect, it } from 'vitest'
import { fillTemplate } from './script-en'
import { namedText, presetNames } from './role-names'

/** A role word opens a sentence as a label and stands inside one in running text's case. */
describe('namedText: role words cased for their place in the sentence', () => {
  const fill = (template: string) => (p: Record<string, string | number>) => fillTemplate(template, p)
  const hu = presetNames('maffiasig')
  const sv = presetNames('swedish')

  it('keeps the label where a sentence starts (also after a stage note or a full stop), lower case inside one (hu, sv, et)', () => {
    expect(namedText(fill('{mafia}: a társára is lőhet ({mafia} is lehet célpont)'), { mafia: 'mafia' }, hu, 'hu')).toBe(
      'Maffiózó: a társára is lőhet (maffiózó is lehet célpont)',
    )
    expect(namedText(fill('Egy {mafia} lőhet egy másik {mafia} játékosra.'), { mafia: 'mafia' }, hu, 'hu')).toBe(
      'Egy maffiózó lőhet egy másik maffiózó játékosra.',
    )
    expect(namedText(fill('(Csendben) {role}: senkire. Aztán {theRole} alszik.'), { role: 'investigator' }, hu, 'hu')).toBe(
      '(Csendben) Felügyelő: senkire. Aztán a felügyelő alszik.',
    )
    expect(namedText(fill('{theRole} vaknar. Väck {theRole} tidigare.'), { role: 'investigator' }, sv, 'sv')).toBe(
      'Konstapeln vaknar. Väck konstapeln tidigare.',
    )
    expect(namedText(fill('Kaks viimast on {doctor} ja {mafia}.'), { doctor: 'doctor', mafia: 'mafia' }, presetNames('estonian'), 'et')).toBe(
      'Kaks viimast on arst ja maffia.',
    )
  })

  it('English keeps its capitals, with a small "the" inside a sentence; Japanese is as written', () => {
    expect(namedText(fill('{theRole} checks. The mafia hunt {theRole}.'), { role: 'investigator' }, hu, 'en')).toBe(
      'The Inspector checks. The mafia hunt the Inspector.',
    )
    expect(namedText(fill('{doctor}は{investigator}を守ります。'), { doctor: 'doctor', investigator: 'investigator' }, hu, 'ja')).toBe(
      '医者は検査官を守ります。',
    )
  })

  it('a club’s acronym keeps its capitals; parameters that are not role ids pass as they are', () => {
    const club = presetNames('maffiasig')
    club.hu.roleNames.investigator = 'KGB'
    expect(namedText(fill('Nincs {role}, csak {n} {name}.'), { role: 'investigator', n: 3, name: 'Anna' }, club, 'hu')).toBe('Nincs KGB, csak 3 Anna.')
  })
})
