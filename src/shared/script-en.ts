import english from './locales/en/script.json'

/**
 * The referee's words in English, keyed as the engine's script lines (see RefereeView.script):
 * flattened from src/shared/locales/en/script.json, the file translators copy. Placeholders use the
 * {name} syntax that vue-i18n also uses.
 */
export const SCRIPT_EN: Record<string, string> = flattenMessages(english.script)

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

/** Fill a template's {placeholders}. */
export function fillTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
}
