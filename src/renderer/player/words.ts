import { FALLBACK_LANGUAGE, isLanguage, matchLanguage, type Language } from '../../shared/languages'
import type { Words } from '../../shared/text/line'
import { mergeWords } from '../../shared/text/merge-words'
import { PHONE_SECTIONS, phoneSectionsOf } from './phone-sections'

/**
 * A phone's words without vue-i18n (or Vue): the sections of the locale
 * files that the phone's screen and the board use, looked up by key. The syntax these sections use
 * is vue-i18n's simple subset: `{name}` values and `a | b | c` plural forms chosen as vue-i18n does
 * (words.test.ts compares every message in every language with vue-i18n's own output).
 */
type Tree = { [key: string]: string | Tree }

export { PHONE_SECTIONS }

// The locale files as text (not vue-i18n's compiled messages): English bundled, every other language
// a lazily loaded chunk per area, fetched only when that language is shown. `&phone`: the build keeps
// only the phone's sections of each file (electron.vite.config.ts); elsewhere (tests) the whole file.
// (Vite reads these globs at build time: they must be literals.)
const englishFiles = import.meta.glob<string>(['../../shared/locales/en/{common,projector,room,club}.json', '../../shared/locales/en/features/*.json'], {
  query: '?raw&phone',
  import: 'default',
  eager: true,
})
const areas = import.meta.glob<string>(
  ['../../shared/locales/*/{common,projector,room,club}.json', '../../shared/locales/*/features/*.json', '!../../shared/locales/en/**'],
  { query: '?raw&phone', import: 'default' },
)

/** The phone's sections of a language's files (phoneSectionsOf), merged section into section. */
function sections(files: readonly (readonly [path: string, text: string])[]): Tree {
  return mergeWords(files.map(([path, text]) => phoneSectionsOf(path, JSON.parse(text) as Tree))) as Tree
}
const english = sections(Object.entries(englishFiles))

const loaded = new Map<string, Tree>([[FALLBACK_LANGUAGE, english]])
const locale = { value: FALLBACK_LANGUAGE as string }
let wanted = ''

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let at: string | Tree | undefined = tree
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined
  return typeof at === 'string' ? at : undefined
}

/** vue-i18n's default choice: two forms are one | many; three are none | one | many. */
function choose(forms: string[], n: number): string {
  const c = Math.abs(n)
  const i = forms.length === 2 ? (c === 1 ? 0 : 1) : c === 0 ? 0 : Math.min(c, 2)
  return forms[Math.min(i, forms.length - 1)]!.trim()
}

export function t(key: string, named: Record<string, unknown> = {}, plural?: number): string {
  let text = lookup(loaded.get(locale.value), key) ?? lookup(english, key)
  if (text === undefined) return key
  const values: Record<string, unknown> = plural === undefined ? named : { n: plural, count: plural, ...named }
  // As vue-i18n: a number named `count`, else `n`, picks the form before the count given.
  const by = [named.count, named.n, plural].find((x): x is number => typeof x === 'number')
  if (by !== undefined && text.includes('|')) text = choose(text.split('|'), by)
  return text.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) => (values[name] === undefined ? '' : String(values[name])))
}

/**
 * Show `want` (English when unknown): load its sections the first time; the last one asked for wins.
 * True when the page's language changed (the page then draws itself again).
 */
export async function switchLanguage(want: string): Promise<boolean> {
  const lang: Language = isLanguage(want) ? want : FALLBACK_LANGUAGE
  wanted = lang
  if (!loaded.has(lang)) {
    try {
      const files = await Promise.all(
        Object.entries(areas).flatMap(([path, load]) => (path.includes(`/locales/${lang}/`) ? [load().then((text) => [path, text] as const)] : [])),
      )
      loaded.set(lang, sections(files))
    } catch {
      return false // a chunk that fails to load leaves the page in the language it had
    }
  }
  if (wanted !== lang) return false
  const changed = locale.value !== lang
  locale.value = lang
  document.documentElement.lang = lang
  return changed
}

/** The first of the phone's languages that we have, else English. */
export const phoneLocale = (): Language => matchLanguage(navigator.languages ?? []) ?? FALLBACK_LANGUAGE

const CHOSEN = 'nightfall-room-lang'

/** The language picked on this phone (kept in this browser), if any. */
export function chosenLanguage(): Language | null {
  try {
    const l = localStorage.getItem(CHOSEN)
    return isLanguage(l) ? l : null
  } catch {
    return null
  }
}

export function chooseLanguage(lang: Language): void {
  try {
    localStorage.setItem(CHOSEN, lang)
  } catch {
    // private mode: the choice lasts as long as the page
  }
}

/**
 * A phone speaks its player's language: the one picked on the phone, else the phone's own browser
 * language when it is one of ours, else the game's (the room's: the referee's language), else English.
 */
export const playerLanguage = (room: string | null): Language =>
  chosenLanguage() ?? matchLanguage(navigator.languages ?? []) ?? (isLanguage(room) ? room : FALLBACK_LANGUAGE)

export const phoneWords: Words = { t, locale }
