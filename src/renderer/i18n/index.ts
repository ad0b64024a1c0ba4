import { createI18n, type Composer } from 'vue-i18n'
import { FALLBACK_LANGUAGE, isLanguage, matchLanguage, type Language } from '../../shared/languages'
import { mergeWords } from '../../shared/text/merge-words'
import { ROOM_I18N, type Words } from '../shared/composables/useRoomI18n'

/**
 * The windows' words. Each window lists the message areas it needs (src/shared/locales/<language>/
 * <area>.json, plain data files, precompiled at build time by @intlify/unplugin-vue-i18n, and every
 * page's feature files, features/<feature>.json: a game feature's words, shown on any screen): English
 * is bundled into the page, every other language is a lazily loaded chunk, fetched only when chosen.
 */
export type MessageTree = { [key: string]: unknown }
export type Loader = () => Promise<MessageTree>

export interface PageMessages {
  /** English, merged from the page's areas: always there, and the fallback for a missing key. */
  english: MessageTree
  /** Per language, one loader per area (each a chunk of its own). */
  loaders: Record<string, Loader[]>
}

/** Group `import.meta.glob` results ('…/locales/hu/setup.json' → hu) into per-language loaders. */
export function groupLoaders(modules: Record<string, () => Promise<unknown>>): Record<string, Loader[]> {
  const out: Record<string, Loader[]> = {}
  for (const [path, load] of Object.entries(modules)) {
    const lang = /locales\/([a-z]{2,3})\/(?:features\/)?[^/]+\.json$/.exec(path)?.[1]
    if (!lang) continue
    ;(out[lang] ??= []).push(async () => {
      const m = (await load()) as { default?: MessageTree }
      return m.default ?? (m as MessageTree)
    })
  }
  return out
}

/** Merge area files (each holds its own top-level sections) and feature files (words added to those sections) into one message tree. */
export const mergeAreas = (areas: readonly MessageTree[]): MessageTree => mergeWords(areas)

/** The first of the browser's (or OS's) languages that we have, else English. */
export function pickLocale(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])): Language {
  return matchLanguage(preferred) ?? FALLBACK_LANGUAGE
}

const pages = new WeakMap<object, PageMessages>()
const wanted = new WeakMap<object, string>()

export function createAppI18n(page: PageMessages, locale: Language = FALLBACK_LANGUAGE) {
  const i18n = createI18n({
    legacy: false,
    locale: FALLBACK_LANGUAGE,
    fallbackLocale: FALLBACK_LANGUAGE,
    messages: { [FALLBACK_LANGUAGE]: page.english } as unknown as Record<string, never>,
    missingWarn: false,
    fallbackWarn: false,
  })
  pages.set(i18n.global, page)
  // The room's board asks for its words by ROOM_I18N (useRoomI18n), not from vue-i18n: the app's own.
  const install = i18n.install.bind(i18n)
  i18n.install = (app, ...options) => {
    install(app, ...options)
    app.provide(ROOM_I18N, i18n.global as unknown as Words)
  }
  if (locale !== FALLBACK_LANGUAGE) void switchLanguage(i18n.global as unknown as Composer, locale)
  return i18n
}

/**
 * Show the window in `lang` (English when unknown): load its chunks the first time, then switch.
 * When several switches overlap, the last one asked for wins. A chunk that fails to load leaves the
 * window in the language it had. `page: false` (a part of the page in another language, such as the
 * referee's projector preview) leaves the page's own <html lang> alone.
 */
export async function switchLanguage(composer: Composer, want: string, opts: { page?: boolean } = {}): Promise<void> {
  const lang: string = isLanguage(want) || pages.get(composer)?.loaders[want] ? want : FALLBACK_LANGUAGE
  wanted.set(composer, lang)
  if (!composer.availableLocales.includes(lang)) {
    const loaders = pages.get(composer)?.loaders[lang] ?? []
    try {
      const areas = await Promise.all(loaders.map((load) => load()))
      composer.setLocaleMessage(lang, mergeAreas(areas) as never)
    } catch {
      return
    }
  }
  if (wanted.get(composer) !== lang) return
  composer.locale.value = lang
  if (opts.page !== false && typeof document !== 'undefined') document.documentElement.lang = lang
}
