import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENGINE_ERROR_CODES } from './error-codes'
import { LANGUAGE_IDS } from './languages'
import { CATALOG } from './locales/catalog'
import { definiteForm, REFUSAL_REASONS, REFUSALS, type ParamKind } from './refusals'
import { flattenMessages } from './script-en'

/**
 * The engine's refusals by reason: every reason has words in every language, with exactly its
 * parameters; every reason the engine can give is used by it, and nothing else is in the files.
 */
const placeholders = (m: string): string[] => [...new Set([...m.matchAll(/\{\s*(\w+)\s*\}/g)].map((x) => x[1] as string))].sort()
/** A language's refusal words: its refusals area and the `refusals` section of each of its feature files. */
const reasonsOf = (lang: string): Record<string, string> =>
  Object.assign({}, ...Object.values(CATALOG[lang] ?? {}).map((file) => flattenMessages((file as { refusals?: unknown }).refusals))) as Record<string, string>

/** A message's placeholders as the reason's parameters: a role's definite form `{theRole}` counts as `role`. */
function asParams(reason: keyof typeof REFUSALS, message: string): string[] {
  const spec = REFUSALS[reason].params as Record<string, ParamKind>
  const definite = new Map(Object.entries(spec).flatMap(([k, kind]) => (kind === 'role' ? [[definiteForm(k), k] as const] : [])))
  return [...new Set(placeholders(message).map((p) => definite.get(p) ?? p))].sort()
}

describe('refusal reasons', () => {
  it('each reason has an engine code the windows have a sentence for', () => {
    for (const r of REFUSAL_REASONS) expect(ENGINE_ERROR_CODES as readonly string[], r).toContain(REFUSALS[r].code)
    expect(REFUSAL_REASONS.length).toBeGreaterThan(60)
  })

  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: every reason has words with exactly its parameters, and no other key is there`, () => {
      const words = reasonsOf(lang)
      const missing = REFUSAL_REASONS.filter((r) => !(r in words))
      const extra = Object.keys(words).filter((k) => !(REFUSAL_REASONS as string[]).includes(k))
      const wrong = REFUSAL_REASONS.filter((r) => r in words).flatMap((r) => {
        const want = Object.keys(REFUSALS[r].params).sort()
        const got = asParams(r, words[r] as string)
        return JSON.stringify(got) === JSON.stringify(want) ? [] : [`${r}: {${got.join('}, {')}} but the reason has {${want.join('}, {')}}`]
      })
      expect({ missing, extra, wrong }).toEqual({ missing: [], extra: [], wrong: [] })
    })
  }

  it('a language other than English does not copy the English words', () => {
    const en = reasonsOf('en')
    for (const lang of LANGUAGE_IDS.filter((l) => l !== 'en')) {
      const words = reasonsOf(lang)
      const copied = REFUSAL_REASONS.filter((r) => words[r] === en[r])
      expect(copied, lang).toEqual([])
    }
  })

  it('every reason is given somewhere in the engine (no reason is listed and never used)', () => {
    const dir = join(import.meta.dirname, '..', 'engine')
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('testing'),
    )
    const code = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n')
    const used = new Set([...code.matchAll(/\brefus(?:e|al|eWithDetail)\(\s*'([\w-]+)'/g)].map((m) => m[1]))
    expect(REFUSAL_REASONS.filter((r) => !used.has(r))).toEqual([])
  })
})
