import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The renderer's import rules: it talks to the host only through window.referee / window.projector,
 * so it imports from src/shared and never from src/main or src/preload; and it must not load zod at
 * run time (zod probes `new Function('')` when it builds a schema, which the pages' CSP reports).
 */
const ROOT = import.meta.dirname
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|vue)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  )
const IMPORT = /^\s*import\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm
const ZOD_MODULES = /shared\/(ruleset|commands|game-file|api-schemas)$/

describe('renderer imports', () => {
  const files = sources(ROOT).filter((f) => !f.includes(`${join(ROOT, 'testing')}`))
  it.each(files.map((f) => [relative(ROOT, f), f]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(IMPORT)) {
      const [, typeOnly, spec] = m as unknown as [string, string | undefined, string]
      expect(spec, 'no imports from the main process or preloads').not.toMatch(/(^|\/)(main|preload)\//)
      expect(spec).not.toBe('zod')
      if (ZOD_MODULES.test(spec)) expect(typeOnly, `${spec} may be imported for types only`).toBeTruthy()
    }
  })
})
