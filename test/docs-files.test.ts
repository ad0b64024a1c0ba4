/**
 * Docs that stay true: each layer's doc lists every source file of its folder in its file table,
 * and no doc names a file that does not exist. A new file, a renamed or a deleted one fails here
 * until its doc says so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

/** Each folder's doc: the table under `heading` (the doc's first table when absent) names its files, relative to `base`. */
const TABLES = [
  { doc: 'docs/engine.md', heading: '## The files', base: 'src/engine', folders: ['src/engine'] },
  { doc: 'docs/host.md', heading: '## The files', base: 'src/host', folders: ['src/host'] },
  // The Electron glue: src/main, and the preloads.
  { doc: 'docs/electron.md', heading: null, base: '', folders: ['src/main', 'src/preload'] },
] as const

/** Product source files: TypeScript that is not a test. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((e) => {
    const path = `${folder}/${e.name}`
    if (e.isDirectory()) return sources(path)
    return /\.ts$/.test(e.name) && !/\.(test|bench)\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The backticked names in the first column of a table's rows: `a.ts`, `club/` (a folder and all below it). */
function tableNames(doc: string, heading: string | null): string[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n')
  let i = heading === null ? 0 : lines.findIndex((l) => l.trim() === heading)
  expect(i, `${doc} has a "${heading}" section`).toBeGreaterThanOrEqual(0)
  while (i < lines.length && !lines[i]!.startsWith('|')) i++
  const names: string[] = []
  for (; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const first = lines[i]!.split('|')[1] ?? ''
    for (const m of first.matchAll(/`([^`]+)`/g)) names.push(m[1]!)
  }
  expect(names.length, `${doc}: its file table`).toBeGreaterThan(3)
  return names
}

const covers = (name: string, file: string): boolean => (name.endsWith('/') ? file.startsWith(name) : file === name)

describe('docs list every source file of their folder', () => {
  for (const t of TABLES) {
    it(`${t.doc} names every file of ${t.folders.join(', ')}, and each name exists`, () => {
      const names = tableNames(t.doc, t.heading).map((n) => (t.base ? `${t.base}/${n}` : n))
      const files = t.folders.flatMap((f) => sources(f))
      expect(files.length).toBeGreaterThan(5)
      expect(
        files.filter((f) => !names.some((n) => covers(n, f))),
        `files missing from ${t.doc}'s table`,
      ).toEqual([])
      expect(
        names.filter((n) => !existsSync(join(ROOT, n))),
        `names in ${t.doc}'s table that are not there`,
      ).toEqual([])
    })
  }
})

/** Every path a doc names in backticks, from the repository's root (`src/…`, `test/…`, `docs/…`…). */
const PATH = /`((?:src|test|bench|scripts|docs|examples|build|resources)\/[A-Za-z0-9_./-]*)`/g

describe('docs name no missing file', () => {
  const docs = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]
  it.each(docs)('%s', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8')
    const named = [...new Set([...text.matchAll(PATH)].map((m) => m[1]!))]
    // Generated or built paths are not in the repository.
    const missing = named.filter((p) => !existsSync(join(ROOT, p)) && !/^(test-results|out|dist)\//.test(p))
    expect(missing, `${doc} names paths that do not exist`).toEqual([])
    expect(named.length, `${doc} names no path at all: is the pattern still right?`).toBeGreaterThan(0)
  })
})
