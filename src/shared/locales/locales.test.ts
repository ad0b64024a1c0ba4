import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { baseCompile, createParser } from '@intlify/message-compiler'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../error-codes'
import { LANGUAGE_IDS } from '../languages'
import { flattenMessages } from '../script-en'
import { CATALOG } from './catalog'

/**
 * The locale files: one folder per language, one plain JSON file per area. English is the
 * reference: every language has exactly its files and keys, every message compiles, and each
 * message has English's placeholders and plural forms.
 */
const DIR = import.meta.dirname
const read = (lang: string, area: string): Record<string, string> => flattenMessages(JSON.parse(readFileSync(join(DIR, lang, `${area}.json`), 'utf8')))
/** A language's areas: its files, and its feature files as `features/<feature>`. */
const areasOf = (lang: string): string[] =>
  readdirSync(join(DIR, lang), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5).split(sep).join('/'))
    .sort()
const ENGLISH_AREAS = areasOf('en')
const OTHERS = LANGUAGE_IDS.filter((l) => l !== 'en')

/**
 * The named placeholders of a message ({name}), over all its plural forms. A role's definite form
 * (`{theRole}`, `{theDoctor}`: src/shared/role-names.ts) stands for the role, so a language may use
 * it where English has `{role}`.
 */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => (m[1] as string).replace(/^the([A-Z])/, (_, c: string) => c.toLowerCase()))
  return [...new Set(names)].sort()
}
/** NodeTypes.Plural of @intlify/message-compiler (a const enum: not exported at run time); a plain message is 2, Message. */
const PLURAL = 1
/** How many plural forms a message has: a plural message parses as a Plural node with one case per form. */
export const pluralForms = (message: string): number => {
  const body = createParser().parse(message).body as { type: number; cases?: unknown[] }
  return body.type === PLURAL ? (body.cases?.length ?? 1) : 1
}

describe('locale files', () => {
  it('has a folder for every language, and only those', () => {
    const folders = readdirSync(DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
    expect(folders).toEqual([...LANGUAGE_IDS].sort())
  })

  it('writes every key in one file of a language only (a feature file adds to the areas, never overrides them)', () => {
    for (const lang of LANGUAGE_IDS) {
      const seen = new Map<string, string>()
      const twice: string[] = []
      for (const area of areasOf(lang))
        for (const key of Object.keys(read(lang, area))) {
          if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${area}`)
          seen.set(key, area)
        }
      expect(twice, lang).toEqual([])
    }
  })

  it('lists every file in the catalog (npx tsx scripts/locales-catalog.ts)', () => {
    for (const lang of LANGUAGE_IDS) expect(Object.keys(CATALOG[lang] ?? {}).sort(), lang).toEqual(areasOf(lang))
  })

  for (const lang of OTHERS) {
    describe(lang, () => {
      it('has the same area files as English', () => {
        expect(areasOf(lang)).toEqual(ENGLISH_AREAS)
      })
      for (const area of ENGLISH_AREAS) {
        it(`${area}.json has every English key and no other`, () => {
          const en = read('en', area)
          let other: Record<string, string> = {}
          try {
            other = read(lang, area)
          } catch {
            // a missing file: every key is missing
          }
          const missing = Object.keys(en).filter((k) => !(k in other))
          const extra = Object.keys(other).filter((k) => !(k in en))
          expect({ missing, extra }, `${lang}/${area}.json`).toEqual({ missing: [], extra: [] })
        })
        it(`${area}.json has English's placeholders and plural forms`, () => {
          const en = read('en', area)
          const other = read(lang, area)
          const wrong = Object.keys(en)
            .filter((k) => k in other)
            .filter(
              (k) =>
                placeholders(other[k] as string).join() !== placeholders(en[k] as string).join() ||
                pluralForms(other[k] as string) !== pluralForms(en[k] as string),
            )
            .map((k) => `${k}: "${other[k]}"`)
          expect(wrong, `${lang}/${area}.json`).toEqual([])
        })
        it(`${area}.json is not English left untranslated`, () => {
          const en = read('en', area)
          const other = read(lang, area)
          // Words that are the same in both (names, symbols, "Mafia") are fine; a whole file is not.
          const same = Object.keys(en).filter((k) => other[k] === en[k] && /[a-z]{4,}\s+[a-z]{3,}/i.test(en[k] as string))
          expect(same.length, `${lang}/${area}.json copies English: ${same.slice(0, 5).join(', ')}`).toBeLessThanOrEqual(
            Math.ceil(Object.keys(en).length * 0.1),
          )
        })
      }
    })
  }

  it('counts plural forms as the message compiler parses them (a planted one-form translation of a two-form message fails)', () => {
    expect(pluralForms('one vote | {n} votes')).toBe(2)
    expect(pluralForms('no votes | 1 vote | {n} votes')).toBe(3)
    expect(pluralForms('{n} votes')).toBe(1)
    expect(pluralForms('({yes} röster, {needed} behövdes)')).not.toBe(pluralForms('(1 röst, {needed} behövdes) | ({yes} röster, {needed} behövdes)'))
  })

  it('compiles every message of every language', () => {
    const errors: string[] = []
    for (const lang of LANGUAGE_IDS)
      for (const area of areasOf(lang))
        for (const [key, message] of Object.entries(read(lang, area)))
          baseCompile(message, { onError: (e) => errors.push(`${lang}/${area}.json ${key}: ${e.message}`), jit: true })
    expect(errors).toEqual([])
  })

  it('has a message for every error code in every language', () => {
    for (const lang of LANGUAGE_IDS) {
      const errors = read(lang, 'errors')
      expect(
        ERROR_CODES.filter((c) => !errors[`errors.${c}`]),
        lang,
      ).toEqual([])
    }
  })
})
