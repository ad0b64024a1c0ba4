// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createI18n } from 'vue-i18n'
import { LANGUAGE_IDS } from '../../shared/languages'
import type { Words } from '../../shared/text/line'
import { PHONE_SECTIONS, phoneWords, switchLanguage, t } from './words'

type Tree = { [key: string]: string | Tree }
const file = (lang: string, area: string): Tree =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../shared/locales', lang, `${area}.json`), 'utf8')) as Tree
const messagesOf = (lang: string): Tree => Object.assign({}, ...['common', 'projector', 'room', 'club'].map((a) => file(lang, a))) as Tree
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)))

describe("the phone's words (no vue-i18n on the phone)", () => {
  it.each(LANGUAGE_IDS)('gives what vue-i18n gives for every message a phone shows, in %s', async (lang) => {
    const i18n = createI18n({ legacy: false, locale: lang, fallbackLocale: 'en', messages: { en: messagesOf('en'), [lang]: messagesOf(lang) } as never })
    const reference = i18n.global as unknown as Words
    await switchLanguage(lang)
    expect(phoneWords.locale.value).toBe(lang)
    expect(document.documentElement.lang).toBe(lang)
    const mine = messagesOf(lang)
    let compared = 0
    for (const section of PHONE_SECTIONS) {
      expect(mine[section], `${lang}: ${section}`).toBeTypeOf('object')
      for (const [key, text] of leaves(mine[section] as Tree, `${section}.`)) {
        // Every value a message names, given something recognisable (numbers where a count goes).
        const named = Object.fromEntries(
          [...text.matchAll(/\{\s*(\w+)\s*\}/g)].map(([, n]) => [n, /^(n|day|night|yes|needed|eligible|count|m|s)$/.test(n!) ? 7 : `<${n}>`]),
        )
        for (const plural of text.includes('|') ? [0, 1, 2, 5] : [undefined]) {
          const expected = plural === undefined ? reference.t(key, named) : reference.t(key, named, plural)
          expect(t(key, named, plural), `${lang}: ${key} (${String(plural)})`).toBe(expected)
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(60)
  })

  it('shows English for a language it does not have, and the key for an unknown message', async () => {
    await switchLanguage('xx')
    expect(phoneWords.locale.value).toBe('en')
    expect(t('phone.look')).toBe('Look again')
    expect(t('phone.nothing.here')).toBe('phone.nothing.here')
  })
})
