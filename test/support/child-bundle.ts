import { join } from 'node:path'
import { buildSync } from 'esbuild'

/**
 * A test's child process bundled once with esbuild (test/support/*-child.ts → one .mjs in `dir`), so
 * that each start costs ~0.2 s instead of a tsx start-up. The path of the bundle.
 */
export function bundleChild(entry: string, dir: string): string {
  const outfile = join(dir, entry.replace(/^.*\//, '').replace(/\.ts$/, '.mjs'))
  buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error' })
  return outfile
}
