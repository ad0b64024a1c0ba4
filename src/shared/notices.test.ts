import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from './languages'
import { CATALOG } from './locales/catalog'
import { notice, noticeLine, NOTICE_IDS } from './notices'
import { flattenMessages } from './script-en'

/**
 * The host's notices by line id: every id the host's code uses is in the notices area of all five
 * languages with English's placeholders, and each is filled in English from the English file.
 */
const SRC = join(import.meta.dirname, '..')

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name)
    if (d.isDirectory()) return sourcesOf(p)
    return /\.(ts|vue)$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [p] : []
  })
}

/** Each notice(...) / noticeLine(...) call in the code: the quoted ids in its first argument. */
function usedIds(): { ids: Set<string>; dynamic: string[] } {
  const ids = new Set<string>()
  const dynamic: string[] = []
  for (const file of sourcesOf(SRC)) {
    if (file.endsWith(join('shared', 'notices.ts'))) continue
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\bnotice(?:Line|Reason)?\(((?:[^,()]|\([^()]*\))*)/g)) {
      const literals = [...(m[1] ?? '').matchAll(/'([^']+)'/g)].map((x) => x[1] as string)
      if (literals.length === 0) dynamic.push(`${relative(SRC, file)}: ${m[0]}`)
      for (const l of literals) ids.add(l)
    }
  }
  return { ids, dynamic }
}

const placeholders = (m: string): string => [...new Set([...m.matchAll(/\{\s*(\w+)\s*\}/g)].map((x) => x[1]))].sort().join()
const noticesOf = (lang: string): Record<string, string> => flattenMessages((CATALOG[lang]?.notices as { notices?: unknown } | undefined)?.notices)

describe('host notices', () => {
  const { ids, dynamic } = usedIds()

  it('the host names every notice by a literal id (so this test can check it)', () => {
    expect(ids.size).toBeGreaterThan(20)
    expect(dynamic).toEqual([])
  })

  it('every id the host uses is in the English file, and every English notice is used', () => {
    expect([...ids].filter((id) => !NOTICE_IDS.includes(id))).toEqual([])
    expect(NOTICE_IDS.filter((id) => !ids.has(id))).toEqual([])
  })

  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: every notice id the host uses, with English's placeholders`, () => {
      const en = noticesOf('en')
      const other = noticesOf(lang)
      const missing = [...ids].filter((id) => !(id in other))
      const wrong = [...ids].filter((id) => id in other && placeholders(other[id]!) !== placeholders(en[id]!))
      expect({ missing, wrong }).toEqual({ missing: [], wrong: [] })
    })
  }

  it('fills the English message from the English file, sentence after sentence', () => {
    const n = notice('settings.damaged', {}, [noticeLine('settings.keptAs', { file: 'settings.json.corrupt-1' }), noticeLine('settings.defaultsUsed')])
    expect(n).toEqual({
      key: 'settings.damaged',
      params: {},
      more: [
        { key: 'settings.keptAs', params: { file: 'settings.json.corrupt-1' } },
        { key: 'settings.defaultsUsed', params: {} },
      ],
      message: 'The settings file was damaged. It was kept as settings.json.corrupt-1. Defaults were used.',
    })
    expect(notice('games.notListed', { error: 'EIO' })).toEqual({
      key: 'games.notListed',
      params: { error: 'EIO' },
      message: 'The finished games could not be listed (EIO).',
    })
  })

  it('refuses an id that is not in the English file', () => {
    expect(() => notice('settings.nope')).toThrow(/Not a notice id: settings\.nope/)
  })
})
