/**
 * `npm run bench` (tsx bench/index.ts): runs every bench/*.bench.ts in turn, in name order.
 * `npm run bench -- NAME…` runs only the benches whose file name contains one of the NAMEs.
 *
 * A bench file exports a default async function that prints its own report. Figures are
 * single-threaded; on a shared machine, other load slows them down (each bench reports the load).
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const dir = import.meta.dirname

// The room's bench talks to the room as phones on the Wi-Fi do: on a private LAN (scripts/lan-sandbox)
// wherever one can be made, so it never sends traffic to this machine's own interface addresses.
// Without one it measures over loopback and says so.
if (process.platform === 'linux' && !process.env['NF_LAN_SANDBOX']) {
  const sandbox = join(dir, '..', 'scripts', 'lan-sandbox')
  if (spawnSync(sandbox, ['--check']).status === 0) {
    console.log('(the benches run on a private LAN: scripts/lan-sandbox, the laptop 10.77.0.2, a phone host 10.77.0.3)')
    const inner = spawnSync(sandbox, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' })
    process.exit(inner.status ?? 1)
  }
}
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
