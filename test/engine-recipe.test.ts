/**
 * docs/engine.md's recipe for a game action names the files a new action touches: each path it
 * names exists (`<lang>` in every language of src/shared/languages.ts, a `*` matching at least one
 * file), so the recipe cannot keep pointing at a file that moved or never was.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { minimatch } from 'minimatch'
import { expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../src/shared/languages'

const ROOT = join(import.meta.dirname, '..')

function recipe(): string {
  const doc = readFileSync(join(ROOT, 'docs/engine.md'), 'utf8')
  const start = doc.indexOf('## Recipe: add a referee game action')
  expect(start, 'docs/engine.md has its recipe').toBeGreaterThanOrEqual(0)
  const end = doc.indexOf('\n## ', start + 1)
  return doc.slice(start, end < 0 ? undefined : end)
}

/** The backticked paths: from the repository's root, with a folder and a file name. */
const paths = (text: string): string[] => [...new Set([...text.matchAll(/`((?:src|docs|test)\/[^`\s]+)`/g)].map((m) => m[1]!))]

const exists = (path: string): boolean => {
  if (!path.includes('*')) return existsSync(join(ROOT, path))
  const dir = join(ROOT, dirname(path))
  return existsSync(dir) && readdirSync(dir).some((f) => minimatch(`${dirname(path)}/${f}`, path))
}

it("every file docs/engine.md's recipe names exists", () => {
  const named = paths(recipe())
  expect(named.length).toBeGreaterThan(15)
  const files = named.flatMap((p) => (p.includes('<lang>') ? LANGUAGE_IDS.map((l) => p.replace('<lang>', l)) : [p]))
  expect(files.filter((f) => !exists(f))).toEqual([])
})
