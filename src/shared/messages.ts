import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages'
import { CATALOG } from './locales/catalog'

/**
 * The locale files read without vue-i18n, for the CLI and the tests: look a key up in a language
 * (English when missing there), pick a plural form and fill the {placeholders}. The windows use
 * vue-i18n with the same files, precompiled.
 */
type Params = Record<string, string | number>

const merged = new Map<string, Record<string, unknown>>()

/** One language's areas merged into one tree ({} for a language we do not have). */
export function messageTree(lang: string): Record<string, unknown> {
  let tree = merged.get(lang)
  if (!tree) {
    tree = Object.assign({}, ...Object.values(CATALOG[lang] ?? {})) as Record<string, unknown>
    merged.set(lang, tree)
  }
  return tree
}

export function lookup(lang: string, key: string): string | undefined {
  let node: unknown = messageTree(lang)
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** vue-i18n's default choice: with three forms 0 | 1 | n, with two 1 | n, with one always it. */
export function pluralForm(message: string, count: number): string {
  const forms = message.split(/\s*\|\s*/)
  if (forms.length === 1) return message
  const n = Math.abs(count)
  const index = forms.length === 2 ? (n === 1 ? 0 : 1) : Math.min(n, 2)
  return forms[Math.min(index, forms.length - 1)] as string
}

export function fill(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole))
}

/** The message in `lang`, else English, else the key in brackets. */
export function translate(lang: string, key: string, params: Params = {}, count?: number): string {
  const l: Language = isLanguage(lang) ? lang : FALLBACK_LANGUAGE
  const message = lookup(l, key) ?? lookup(FALLBACK_LANGUAGE, key)
  if (message === undefined) return `[${key}]`
  return fill(count === undefined ? message : pluralForm(message, count), { n: count ?? '', ...params })
}
