import { describe, expect, it } from 'vitest'
import { rulesetOptionsSchema } from '../../shared/ruleset'
import { SCRIPT_EN } from '../../shared/script-en'
import { OPTION_GROUPS } from '../referee/optionFields'
import en from './en'
import { createAppI18n, pickLocale } from './index'
import { lookupMessage, nestMessages } from './nest'

describe('i18n', () => {
  it('nests dotted keys and finds them again', () => {
    const nested = nestMessages({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' })
    expect(nested).toEqual({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })
    expect(lookupMessage(nested, 'a.c.d')).toBe('y')
    expect(lookupMessage(nested, 'a.c')).toBeUndefined()
    expect(lookupMessage(nested, 'nope.x')).toBeUndefined()
  })

  it('keeps a leaf that is also a prefix', () => {
    const nested = nestMessages({ 'a.b': 'leaf', 'a.b.c': 'deeper' })
    expect(lookupMessage(nested, 'a.b')).toBe('leaf')
    expect(lookupMessage(nested, 'a.b.c')).toBe('deeper')
  })

  it('has every script key of SCRIPT_EN under script.*', () => {
    for (const [key, text] of Object.entries(SCRIPT_EN)) expect(lookupMessage(en.script, key)).toBe(text)
  })

  it('has a label for every ruleset option, and the editor shows every option once', () => {
    const keys = Object.keys(rulesetOptionsSchema.shape).sort()
    const shown = OPTION_GROUPS.flatMap((g) => g.fields.map((f) => f.key)).sort()
    expect(shown).toEqual(keys)
    const i18n = createAppI18n('en')
    for (const key of keys) expect(i18n.global.te(`options.${key}.label`)).toBe(true)
    for (const g of OPTION_GROUPS)
      for (const f of g.fields)
        if (f.kind === 'enum' || f.kind === 'order')
          for (const v of f.values) expect(i18n.global.te(`options.${f.key}.values.${v}`), `${f.key}.${v}`).toBe(true)
  })

  it('picks a supported locale or falls back to English', () => {
    expect(pickLocale(['hu-HU', 'en-GB'])).toBe('en')
    expect(pickLocale(['en-US'])).toBe('en')
    expect(pickLocale([])).toBe('en')
  })

  it('interpolates named parameters and plurals', () => {
    const { t } = createAppI18n('en').global
    expect(t('phase.night', { n: 2 })).toBe('Night 2')
    expect(t('setup.roster.count', { n: 1 }, 1)).toBe('one player')
    expect(t('setup.roster.count', { n: 7 }, 7)).toBe('7 players')
  })
})
