import { createI18n } from 'vue-i18n'
import en, { type Messages } from './en'

/**
 * The window languages. To add one (hu, et, sv, ja): create `./hu.ts` exporting a
 * `LocaleMessages` object shaped like `en` (any key may be missing: English fills in),
 * including `script` built with nestMessages() from that language's script table, and list it here.
 */
export type LocaleMessages = DeepPartial<Messages>
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }

export const LOCALES: Record<string, { name: string; messages: LocaleMessages }> = {
  en: { name: 'English', messages: en },
}

export const FALLBACK_LOCALE = 'en'

/** The first of the user's languages we have, else English. */
export function pickLocale(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? []): string {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? ''
    if (base in LOCALES) return base
  }
  return FALLBACK_LOCALE
}

export function createAppI18n(locale: string = pickLocale()) {
  const messages = Object.fromEntries(Object.entries(LOCALES).map(([k, v]) => [k, v.messages])) as Record<string, Messages>
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: FALLBACK_LOCALE,
    messages,
    missingWarn: false,
    fallbackWarn: false,
  })
}
