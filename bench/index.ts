/**
 * `npm run bench` (tsx bench/index.ts): runs every bench/*.bench.ts in turn, in name order.
 * `npm run bench -- NAME…` runs only the benches whose file name contains one of the NAMEs.
 *
 * A bench file exports a default async function that prints its own report. Figures are
 * single-threaded; on a shared machine, other load slows them down (each bench reports the load).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const dir = import.meta.dirname
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()

if (files.length === 0) {
  console.error(only.length ? `No bench matches ${only.join(', ')}.` : 'No bench/*.bench.ts files.')
  process.exitCode = 2
}

for (const f of files) {
  console.log(`\n=== ${f} ===\n`)
  const mod = (await import(pathToFileURL(join(dir, f)).href)) as { default?: () => Promise<void> | void }
  if (typeof mod.default !== 'function') {
    console.error(`${f} has no default export to run.`)
    process.exitCode = 1
    continue
  }
  await mod.default()
}
