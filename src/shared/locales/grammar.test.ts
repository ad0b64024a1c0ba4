import { describe, expect, it } from 'vitest'
import { localeMessages } from '../../../test/support/locales'

/**
 * The grammar points of the translation review that a file can show (the case of a role word inside
 * a sentence is the window's: role-names.test.ts): a Japanese placeholder or number takes no space
 * before or after Japanese text ("第1夜", "{n}人", "各1票"); Hungarian calls a day "nappal" everywhere
 * and never puts a name after a verb and a colon ("Károly megvádolta: Bence") nor "a(z)" before a
 * placeholder (the sentence is worded so no article is needed: "a fájl 12. sora"); a Swedish role that
 * opens a sentence as its subject is in its definite form ("Konstapeln vaknar").
 */
const messages = localeMessages
const JA = '\\u3040-\\u30ff\\u3400-\\u9fff\\uff01-\\uff60\\u3001\\u3002\\u300c-\\u300f'
const offending = (m: Record<string, string>, re: RegExp, skip: RegExp = /^$/) =>
  Object.entries(m)
    .filter(([k, v]) => !skip.test(k) && re.test(v))
    .map(([k, v]) => `${k}: ${v}`)

describe('grammar the locale files can show', () => {
  it('ja: no space between a placeholder or a number and Japanese text', () => {
    const m = messages('ja')
    expect(offending(m, new RegExp(`\\}[ ]+[${JA}]|[${JA}][ ]+\\{`, 'u'))).toEqual([])
    expect(offending(m, /\d[ ]+(日目|人|票|秒)/u)).toEqual([])
    expect(offending(m, new RegExp(`[${JA}][ ]+\\d`, 'u'))).toEqual([])
  })

  it('ja: a night is 第N夜 (N日目の夜 puts night 1 before day 1 where the night comes first), and a colon after Japanese is full-width', () => {
    const m = messages('ja')
    expect(offending(m, /日目の夜/u)).toEqual([])
    expect(offending(m, new RegExp(`[${JA}][ ]?[:;]`, 'u'))).toEqual([])
  })

  it('hu: a day is "nappal" (the source text’s word), and a name never follows a verb and a colon', () => {
    const m = messages('hu')
    expect(offending(m, /(\{\w+\}|\d)\. nap(?!pal|ja|on)/u)).toEqual([])
    expect(offending(m, /megvádolta: \{/u)).toEqual([])
  })

  it('hu: no "a(z)" crutch — a sentence needs no article before a number, a name or a path', () => {
    expect(offending(messages('hu'), /\b[aA]\(z\)/u)).toEqual([])
  })

  it('sv: the investigator and the doctor wake in the definite form', () => {
    const m = messages('sv')
    for (const key of ['script.night.investigator.wake', 'script.night.doctor.wake']) expect(m[key], key).toMatch(/^\{theRole\} vaknar/)
  })
})
