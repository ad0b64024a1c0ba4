import { FALLBACK_LANGUAGE, isLanguage } from './languages'

/**
 * How each language puts pieces of text together, in one place: the name of a night (night 0 is the
 * introduction night, not a number), a list of names (`Intl.ListFormat`: "Anna, Bence and Csilla",
 * "Anna、Bence、Csilla"), a label and its value ("Suspects: …", 「被告：…」) and one sentence after
 * another (a space, none in Japanese). The separators are words of the locale files (`join.*` in the
 * common area), never ", " or ": " typed in code. `say` is the window's `t` (vue-i18n or the phone's
 * lookup) or the locale files' `translate` bound to a language.
 */
export type Say = (key: string, params?: Record<string, string | number>, plural?: number) => string

/** A night's name: `phase.nightIntro` for night 0 ("Tutvumisöö", 「特別な夜」), else `key` with `{n}` ("Night 3", 「第3夜」). */
export function nightName(say: Say, n: number, key = 'phase.night'): string {
  return n === 0 ? say('phase.nightIntro') : say(key, { n })
}

/** A line's parameters with a numeric `night` (from the engine) replaced by the night's name. */
export function withNightName<P extends Record<string, string | number>>(say: Say, params: P): P {
  return typeof params.night === 'number' ? { ...params, night: nightName(say, params.night) } : params
}

/**
 * Names as a list in `lang`'s own way. `and` (sentences: "Anna, Bence and Csilla died") or `short`
 * (a board's hands, a tally: "Anna, Bence, Csilla"; Japanese uses 、 in both). The format is made
 * for each call, never at load: a browser's first Intl.ListFormat costs it tens of milliseconds (its
 * locales' table), which a phone's first screen would pay even when it shows no list (docs/room.md,
 * "First render"); a later one costs microseconds.
 */
export function listOf(lang: string, items: readonly string[], style: 'and' | 'short' = 'and'): string {
  return new Intl.ListFormat(isLanguage(lang) ? lang : FALLBACK_LANGUAGE, { type: 'conjunction', style: style === 'and' ? 'long' : 'narrow' }).format(items)
}

/** A label and its value ("Suspects: Anna, Bence"; 「被告：Anna」): `join.label`. */
export const labelled = (say: Say, label: string, value: string): string => say('join.label', { label, value })

/** Sentences one after another (a space; none after Japanese 。): `join.sentences`. */
export const sentences = (say: Say, parts: readonly string[]): string =>
  parts.reduce((first, next) => (first === '' ? next : next === '' ? first : say('join.sentences', { first, next })), '')
