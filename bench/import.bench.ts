/**
 * The host's answer time while a game file is imported: projector calls (POST /api/projector/ready),
 * one due every 25 ms, through the browser mode's real server and host, while a hostile or a huge
 * legal file is imported (checked in the import worker); each call's wait from the moment it was
 * due. Also the same calls with nothing imported, and each import's own time.
 *
 * `npm run bench -- import`
 */
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { createFileHost } from '../src/host'
import { disposeImportWorker } from '../src/host/workers/importer'
import { tempDir } from '../test/support/host'
import { projectorWaits, projectorWaitsDuringImport } from '../test/support/import-stall'
import { startWebServer } from '../src/web/server'
import { HOSTILE_434KB, hostileFileOf, legalLongFile } from '../test/support/hostile-files'

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
const row = (label: string, waits: number[], importMs?: number) =>
  console.log(
    `${label.padEnd(44)} ${String(waits.length).padStart(5)} calls   median ${quantile(waits, 0.5).toFixed(1).padStart(6)} ms   max ${Math.max(...waits)
      .toFixed(1)
      .padStart(6)} ms` + (importMs === undefined ? '' : `   import ${importMs.toFixed(0).padStart(5)} ms`),
  )

export default async function bench(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  )
  const dir = tempDir('nightfall-bench-')
  const host = createFileHost(dir, { durable: true, estimate: null })
  const server = await startWebServer({ host, rendererDir: join(dir, 'no-renderer') })
  try {
    row('nothing imported (1 s)', await projectorWaits(server, new Promise((r) => setTimeout(r, 1000))))
    // The first import starts the worker (from source: tsx compiles the engine in it).
    const t0 = performance.now()
    const first = await projectorWaitsDuringImport(server, legalLongFile(10_000))
    row('first import (starts the worker), 10 KB', first.waits, performance.now() - t0)
    for (const [label, file] of [
      ['hostile 434 KB (2,500 unknown long names)', HOSTILE_434KB()],
      ['hostile 1 MB (same kind)', hostileFileOf(1_000_000)],
      ['legal 1 MB game (every command replayed)', legalLongFile(1_000_000)],
    ] as const) {
      const t = performance.now()
      const r = await projectorWaitsDuringImport(server, file)
      row(label, r.waits, performance.now() - t)
    }
  } finally {
    host.dispose()
    disposeImportWorker()
    await server.close()
  }
}
