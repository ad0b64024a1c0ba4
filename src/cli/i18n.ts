import { isLanguage, LANGUAGE_IDS, type Language } from '../shared/languages'
import { cliText, UsageError } from './command'

/**
 * The CLI's --lang: the referee's script, the announcements, the role names and the CLI's own
 * framing (headings, tables, `error:`, the command list) in one of the app's languages, from the
 * same locale files as the windows (src/shared/locales; the CLI's own words are the `cli` area).
 * Lines are put in words as the windows put them (src/shared/text, with `wordsIn(lang)`).
 */
const CODES = LANGUAGE_IDS.join(', ')

export { cliText }

/** `--lang`'s help line in `lang`: the accepted codes. */
export const langHelp = (lang: Language): string => `--lang LANG  ${cliText(lang, 'lang', { codes: CODES })}`

export function parseLang(value: unknown): Language {
  if (value === undefined) return 'en'
  if (isLanguage(value)) return value
  throw new UsageError('unknownLanguage', { value: String(value), codes: CODES })
}

/** The language asked for anywhere on the command line (`--lang xx`, `--lang=xx`), for the framing; English if none or unknown. */
export function langOfArgv(argv: readonly string[]): Language {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const v = a === '--lang' ? argv[i + 1] : a.startsWith('--lang=') ? a.slice(7) : undefined
    if (v !== undefined && isLanguage(v)) return v
  }
  return 'en'
}

export const LANGUAGE_CODES = CODES

/** A number as `lang` writes it ("10 000", "10,000"); `digits` fixes the decimals. */
export const num = (lang: Language, x: number, digits?: number): string =>
  x.toLocaleString(lang, digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits })
