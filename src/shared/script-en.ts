import english from './locales/en/script.json'
import { FEATURES_EN } from './locales/features-en'

/**
 * The referee's words in English, keyed as the engine's script lines (see RefereeView.script):
 * flattened from src/shared/locales/en/script.json, the file translators copy, and the feature files' `script` sections. Placeholders use the
 * {name} syntax that vue-i18n also uses.
 */
export const SCRIPT_EN: Record<string, string> = Object.assign(flattenMessages(english.script), ...FEATURES_EN.map((f) => flattenMessages(f.script)))

/** 'night' → { shots: { read: '…' } } becomes { 'night.shots.read': '…' }. */
export function flattenMessages(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  if (tree === null || typeof tree !== 'object') return out
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out[key] = v
    else Object.assign(out, flattenMessages(v, key))
  }
  return out
}

/** vue-i18n's default choice: with three forms 0 | 1 | n, with two 1 | n, with one always it. */
export function pluralForm(message: string, count: number): string {
  const forms = message.split(/\s*\|\s*/)
  if (forms.length === 1) return message
  const n = Math.abs(count)
  const index = forms.length === 2 ? (n === 1 ? 0 : 1) : Math.min(n, 2)
  return forms[Math.min(index, forms.length - 1)] as string
}

/** Fill a template's {placeholders}; as vue-i18n, a numeric `count` (else `n`) parameter picks the plural form. */
export function fillTemplate(template: string, params: Record<string, string | number>): string {
  const by = [params.count, params.n].find((x): x is number => typeof x === 'number')
  const form = by === undefined ? template : pluralForm(template, by)
  return form.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
}
