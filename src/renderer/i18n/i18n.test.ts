import { describe, expect, it } from 'vitest'
import type { Composer } from 'vue-i18n'
import { rulesetOptionsSchema } from '../../shared/ruleset'
import { pluralForm, SCRIPT_EN } from '../../shared/script-en'
import { OPTION_GROUPS } from '../referee/optionFields'
import { createAppI18n, groupLoaders, pickLocale, switchLanguage } from './index'
import { projectorMessages } from './projector-messages'
import { refereeMessages } from './referee-messages'

describe('i18n', () => {
  it('has every script line of SCRIPT_EN under script.*', () => {
    const { t, te } = createAppI18n(refereeMessages).global as unknown as Composer
    for (const [key, text] of Object.entries(SCRIPT_EN)) {
      expect(te(`script.${key}`), key).toBe(true)
      // With no count, vue-i18n reads a plural line as for one.
      expect(t(`script.${key}`, {})).toBe(pluralForm(text, 1).replace(/\{\w+\}/g, ''))
    }
  })

  it('has a label for every ruleset option, and the editor shows every option once', () => {
    const keys = Object.keys(rulesetOptionsSchema.shape).sort()
    const shown = OPTION_GROUPS.flatMap((g) => g.fields.map((f) => f.key)).sort()
    expect(shown).toEqual(keys)
    const i18n = { global: createAppI18n(refereeMessages).global as unknown as Pick<Composer, 'te'> }
    for (const key of keys) expect(i18n.global.te(`options.${key}.label`)).toBe(true)
    for (const g of OPTION_GROUPS)
      for (const f of g.fields)
        if (f.kind === 'enum' || f.kind === 'order')
          for (const v of f.values) expect(i18n.global.te(`options.${f.key}.values.${v}`), `${f.key}.${v}`).toBe(true)
  })

  it('picks a supported locale or falls back to English', () => {
    expect(pickLocale(['xx-XX', 'en-GB'])).toBe('en')
    expect(pickLocale(['de-DE', 'hu-HU', 'en-GB'])).toBe('hu')
    expect(pickLocale(['ja'])).toBe('ja')
    expect(pickLocale(['sv_FI'])).toBe('sv')
    expect(pickLocale(['en-US'])).toBe('en')
    expect(pickLocale([])).toBe('en')
  })

  it('interpolates named parameters and plurals, and finds keys with hyphens (error codes)', () => {
    const { t, te } = createAppI18n(refereeMessages).global as unknown as Composer
    expect(t('phase.night', { n: 2 })).toBe('Night 2')
    expect(t('setup.roster.count', { n: 1 }, 1)).toBe('one player')
    expect(t('setup.roster.count', { n: 7 }, 7)).toBe('7 players')
    expect(te('errors.nothing-to-undo')).toBe(true)
  })

  it('leaves the printed cards’ own words to the cards page and the command line’s to the CLI: the referee window does not load them', () => {
    const { te } = createAppI18n(refereeMessages).global as unknown as Composer
    expect(te('print.title')).toBe(true)
    expect(te('cards.title')).toBe(false)
    expect(te('cli.error')).toBe(false)
    // every Hungarian area file but cards.json and cli.json, and every feature file
    const files = Object.keys(import.meta.glob(['../../shared/locales/hu/*.json', '../../shared/locales/hu/features/*.json']))
    expect(refereeMessages.loaders['hu']).toHaveLength(files.length - 2)
  })

  it('gives the projector only the areas it shows: no script, setup or options words', () => {
    const { te } = createAppI18n(projectorMessages).global as unknown as Composer
    expect(te('projector.idle')).toBe(true)
    expect(te('presets.maffiasig.description')).toBe(true)
    expect(te('script.night.begin')).toBe(false)
    expect(te('setup.title')).toBe(false)
  })

  it('groups lazy locale files by language and loads a language only when it is chosen', async () => {
    const loaded: string[] = []
    const loaders = groupLoaders({
      '../../shared/locales/hu/common.json': async () => (loaded.push('hu/common'), { default: { phase: { night: 'Éjszaka {n}' } } }),
      '../../shared/locales/hu/projector.json': async () => (loaded.push('hu/projector'), { default: { projector: { idle: 'Várakozás' } } }),
      '../../shared/locales/README.md': async () => ({ default: {} }),
    })
    expect(Object.keys(loaders)).toEqual(['hu'])
    const i18n = createAppI18n({ english: { phase: { night: 'Night {n}' }, projector: { idle: 'Waiting' } }, loaders })
    const c = i18n.global as unknown as Composer
    expect(loaded).toEqual([])
    await switchLanguage(c, 'hu')
    expect(loaded.sort()).toEqual(['hu/common', 'hu/projector'])
    expect(c.t('phase.night', { n: 2 })).toBe('Éjszaka 2')
    await switchLanguage(c, 'zz')
    expect(c.locale.value).toBe('en')
    expect(c.t('phase.night', { n: 2 })).toBe('Night 2')
  })

  it('loads each language of the referee window from its files, with the clubs’ own words', async () => {
    const c = createAppI18n(refereeMessages).global as unknown as Composer
    const expected: Record<string, [string, string]> = {
      hu: ['Mensa', 'aludjon'],
      et: ['Eesti reeglid', 'Sulgege kõik silmad'],
      sv: ['Svenska klubbregler', 'Staden somnar'],
      ja: ['ハンガリー', '眠って'],
    }
    for (const [lang, [preset, words]] of Object.entries(expected)) {
      await switchLanguage(c, lang)
      expect(c.locale.value).toBe(lang)
      expect([c.t('presets.maffiasig.description'), c.t('presets.estonian.description'), c.t('presets.swedish.description')].join(' ')).toContain(preset)
      expect(c.t('script.night.begin', { night: 1 })).toContain(words)
    }
  })

  it('keeps the language it had when a chunk fails to load', async () => {
    const i18n = createAppI18n({ english: { a: 'A' }, loaders: { hu: [() => Promise.reject(new Error('offline'))] } })
    const c = i18n.global as unknown as Composer
    await switchLanguage(c, 'hu')
    expect(c.locale.value).toBe('en')
  })
})
