import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages'
import { CATALOG } from './locales/catalog'
import { pluralForm } from './script-en'
import type { Words } from './text/line'
import { mergeWords } from './text/merge-words'

/**
 * The locale files read without vue-i18n, for the CLI and the tests: look a key up in a language
 * (English when missing there), pick a plural form and fill the {placeholders}. The windows use
 * vue-i18n with the same files, precompiled.
 */
type Params = Record<string, string | number>

/** Each language's areas and feature files merged into one tree, once. */
const TREES: Readonly<Record<string, Record<string, unknown>>> = Object.fromEntries(
  Object.entries(CATALOG).map(([lang, areas]) => [lang, mergeWords(Object.values(areas ?? {}))]),
)

/** One language's areas merged into one tree ({} for a language we do not have). */
export function messageTree(lang: string): Record<string, unknown> {
  return Object.hasOwn(TREES, lang) ? (TREES[lang] as Record<string, unknown>) : {}
}

export function lookup(lang: string, key: string): string | undefined {
  let node: unknown = messageTree(lang)
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

export { pluralForm }

export function fill(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole))
}

/**
 * The message in `lang`, else English, else the key in brackets. As vue-i18n, the plural form is
 * chosen by `count`, else by a numeric `count` or `n` parameter.
 */
export function translate(lang: string, key: string, params: Params = {}, count?: number): string {
  const l: Language = isLanguage(lang) ? lang : FALLBACK_LANGUAGE
  const message = lookup(l, key) ?? lookup(FALLBACK_LANGUAGE, key)
  if (message === undefined) return `[${key}]`
  const by = count ?? [params.count, params.n].find((x): x is number => typeof x === 'number')
  return fill(by === undefined ? message : pluralForm(message, by), { n: count ?? '', ...params })
}

/** The locale files' words in `lang`, as src/shared/text renders lines with them (the CLI, the tests). */
export const wordsIn = (lang: Language): Words => ({
  t: (key, named, plural) => translate(lang, key, named as Params | undefined, plural),
  locale: { value: lang },
})
