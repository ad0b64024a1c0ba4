/**
 * The languages of the windows, the script and the CLI. Their words live in
 * src/shared/locales/<language>/<area>.json (plain data files; English is the reference).
 */
export const LANGUAGES = {
  en: 'English',
  hu: 'Magyar',
  et: 'Eesti',
  sv: 'Svenska',
  ja: '日本語',
} as const

export type Language = keyof typeof LANGUAGES
export const LANGUAGE_IDS = Object.keys(LANGUAGES) as Language[]
export const FALLBACK_LANGUAGE: Language = 'en'

export const isLanguage = (x: unknown): x is Language => typeof x === 'string' && Object.hasOwn(LANGUAGES, x)

/** The first of the user's languages (BCP 47 tags, most wanted first) that we have; null when none. */
export function matchLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (isLanguage(base)) return base
  }
  return null
}
