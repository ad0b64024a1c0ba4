/**
 * The locale files as the tests read them: one language's messages, every area's file merged and
 * flattened to "area.key" → text (src/shared/locales/<lang>/*.json and features/*.json), and the fold the word tests
 * compare in.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from '../../src/shared/languages'
import { flattenMessages } from '../../src/shared/script-en'

export const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'src', 'shared', 'locales')

export const localeMessages = (lang: Language): Record<string, string> =>
  Object.assign(
    {},
    ...readdirSync(join(LOCALES_DIR, lang), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => flattenMessages(JSON.parse(readFileSync(join(LOCALES_DIR, lang, f), 'utf8')))),
  )

/** A word as the tests compare words: composed, lower case. */
export const fold = (s: string): string => s.normalize('NFC').toLocaleLowerCase()
