import { describe, expect, it } from 'vitest'
import { fold, localeMessages } from '../../test/support/locales'
import { LANGUAGE_IDS, type Language } from './languages'
import { pluralForm } from './messages'
import { COUNTED, NEVER_ONE, NOT_A_COUNT, NUMBER_PLACEHOLDERS, TERMS } from './terms'

/**
 * The term list (src/shared/terms.ts) against the locale files: one word per concept in each
 * language, and every count read with the noun form its number needs ("1 röst", "2 röster").
 */
const messages = localeMessages
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const excepted = (key: string, except: readonly string[] = []): boolean => except.some((e) => (e.endsWith('.') ? key.startsWith(e) : key === e))
const NUMERIC = new Set<string>(NUMBER_PLACEHOLDERS)

/** `message` as the room reads it when every count is `n`: its plural form for `n`, numbers filled in, other values left as a mark. */
function readAt(message: string, n: number): string {
  return fold(pluralForm(message, n).replace(/\{\s*(\w+)\s*\}/g, (_, k: string) => (NUMERIC.has(k) ? String(n) : '‹›')))
}

/** The lines of `lang` that use a word the term list replaces. */
export function replacedWords(lang: Language, m: Record<string, string>): string[] {
  return Object.entries(TERMS[lang]).flatMap(([id, c]) =>
    Object.entries(m).flatMap(([key, text]) => {
      if (excepted(key, c.except)) return []
      const t = fold(text)
      // A word matches at a word's start (a stem matches its inflected forms); Japanese has no spaces.
      const hit = c.not.filter((w) => (lang === 'ja' ? t.includes(w) : new RegExp(`(?<!\\p{L})${escape(w)}`, 'u').test(t)))
      return hit.length ? [`${key} (${id}: "${c.word}", not ${hit.join(', ')}): "${text}"`] : []
    }),
  )
}

/** The lines of `lang` that put a number before the wrong form of its noun ("1 röster", "2 hääl", "3 szavazatok"). */
export function wrongCounts(lang: Language, m: Record<string, string>): string[] {
  return Object.entries(m)
    .filter(([key]) => !NOT_A_COUNT.includes(key))
    .flatMap(([key, message]) =>
      (key in NEVER_ONE ? [2] : [1, 2]).flatMap((n) => {
        const text = readAt(message, n)
        const wrong = COUNTED[lang].flatMap(([one, many, never]) => {
          const bad = [n === 1 ? many : one].filter((w) => w !== (n === 1 ? one : many))
          if (never) bad.push(never)
          return bad.filter((w) => new RegExp(`(?<![\\d.,])${n}\\s${escape(w)}(?!\\p{L})`, 'u').test(text))
        })
        return wrong.length ? [`${key} at ${n}: "${wrong.map((w) => `${n} ${w}`).join('", "')}" in "${text}"`] : []
      }),
    )
}

describe('the term list', () => {
  for (const lang of LANGUAGE_IDS) {
    describe(lang, () => {
      const m = messages(lang)
      it('uses one word per concept: no locale line uses a word the list replaces', () => {
        expect(replacedWords(lang, m)).toEqual([])
      })
      it('writes each count with its noun’s form for that number (plural forms where the language has them)', () => {
        expect(wrongCounts(lang, m)).toEqual([])
      })
    })
  }

  it('fails on a planted error: a replaced word, and a plural after 1', () => {
    expect(replacedWords('hu', { 'projector.revoteReason': 'Holtverseny: {names}' })).toHaveLength(1)
    expect(replacedWords('hu', { 'winner.draw': 'Döntetlen' })).toEqual([])
    expect(replacedWords('ja', { 'phone.asking': '進行役に見せてください' })).toHaveLength(1)
    expect(wrongCounts('sv', { 'announce.voteResult.guilty': '{name} befanns skyldig ({yes} röster, {needed} behövdes)' })).toEqual([
      'announce.voteResult.guilty at 1: "1 röster" in "‹› befanns skyldig (1 röster, 1 behövdes)"',
    ])
    expect(wrongCounts('sv', { k: '1 röst | {n} röster' })).toEqual([])
    expect(wrongCounts('et', { k: 'kuni {count} mängijat' })).toHaveLength(1)
    expect(wrongCounts('hu', { k: '{n} szavazatok' })).toHaveLength(2)
  })
})
