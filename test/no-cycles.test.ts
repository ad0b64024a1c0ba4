/**
 * No circle in src/: no file reaches itself through its imports, at run time or for its types alone
 * (a type-only cycle is still two modules that cannot be understood apart). madge reads every .ts
 * and .vue file (a .vue file's <script> and <script setup>), type imports included, and resolves
 * paths as tsconfig.json does. The second test proves the check sees what it must: a type-only
 * cycle and one through a .vue file, written to a scratch folder.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import madge from 'madge'
import { afterAll, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

/** Every import counts: `import type` and `import { type X }` too. */
async function cycles(dir: string): Promise<{ circles: string[][]; files: string[] }> {
  const graph = await madge(dir, {
    fileExtensions: ['ts', 'vue'],
    tsConfig: join(ROOT, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: false }, vue: { skipTypeImports: false } },
  })
  // The graph also holds what src/ imports from elsewhere (test helpers, stylesheets): keep its own .ts and .vue files.
  return { circles: graph.circular(), files: Object.keys(graph.obj()).filter((f) => !f.startsWith('..') && /\.(ts|vue)$/.test(f)) }
}

function sources(dir: string, from = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name), from) : /\.(ts|vue)$/.test(e.name) ? [relative(from, join(dir, e.name))] : [],
  )
}

it('src/ has no import cycle, type imports included', async () => {
  const { circles, files } = await cycles(join(ROOT, 'src'))
  // Every .ts and .vue file was read (a file madge failed to parse would silently drop out).
  expect(files.sort()).toEqual(sources(join(ROOT, 'src')).sort())
  expect(circles.map((c) => c.join(' → '))).toEqual([])
  // madge parses some 500 files: about 8 s alone, several times that beside the rest of the unit project.
}, 180_000)

const scratch = mkdtempSync(join(tmpdir(), 'nightfall-cycles-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

it('the check finds a type-only cycle and a cycle through a .vue file', async () => {
  const files: Record<string, string> = {
    'a.ts': "import type { B } from './b'\nexport type A = { b: B }\n",
    'b.ts': "import { type A } from './a'\nexport type B = { a?: A }\n",
    'c.ts': "import type Panel from './Panel.vue'\nexport type C = typeof Panel\n",
    'Panel.vue': '<script setup lang="ts">\nimport type { C } from \'./c\'\ndefineProps<{ c?: C }>()\n</script>\n<template><p /></template>\n',
    'alone.ts': 'export const alone = 1\n',
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text)
  const { circles, files: read } = await cycles(scratch)
  expect(read).toHaveLength(5)
  const found = circles.map((c) => [...c].sort())
  expect(found).toEqual(
    expect.arrayContaining([
      ['a.ts', 'b.ts'],
      ['Panel.vue', 'c.ts'],
    ]),
  )
  expect(found).toHaveLength(2)
})
