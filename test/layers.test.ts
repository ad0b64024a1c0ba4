/**
 * The layer table of eslint.config.js (`LAYERS`) is the folder layout: every product source file is
 * in exactly one layer, by its folder alone, so no rule depends on the order of the table.
 */
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { minimatch } from 'minimatch'
import { expect, it } from 'vitest'
import { LAYERS } from '../eslint.config.js'

const ROOT = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.(ts|vue)$/.test(e.name) ? [relative(ROOT, path)] : []
  })
}

it('every source file is in exactly one layer of eslint.config.js', () => {
  const layers = Object.entries(LAYERS as Record<string, { pattern: string }>).map(([name, { pattern }]) => ({
    name,
    is: (f: string) => minimatch(f, pattern),
  }))
  const files = sources(join(ROOT, 'src'))
  expect(files.length).toBeGreaterThan(200)
  const wrong = files.map((f) => ({ f, in: layers.filter((l) => l.is(f)).map((l) => l.name) })).filter((x) => x.in.length !== 1)
  expect(wrong).toEqual([])
})

it('src/main holds only the Electron glue: no engine, simulator or host below it', () => {
  const below = readdirSync(join(ROOT, 'src/main'), { withFileTypes: true }).filter((e) => e.isDirectory())
  expect(below.map((e) => e.name)).toEqual([])
})
