/**
 * The room's restart test's child: a host with the room on 127.0.0.1 on a data folder, driven by
 * the parent over stdin (one JSON line a call: `["openRoom", null]`, `["getView"]`), answering
 * each on stdout. On start it waits for the room that was open when it stopped to open again, and
 * says where the room is. The parent SIGKILLs it mid-game and starts it again on the same folder.
 *   node test/support/room-child.mjs <dataDir> <pagesDir>   (the test runs an esbuild bundle of it)
 */
import { createInterface } from 'node:readline'
import { createFileHost } from '../../src/host/index'

const [dir, pages] = process.argv.slice(2)
if (!dir || !pages) throw new Error('usage: room-child <dataDir> <pagesDir>')
const host = createFileHost(dir, { durable: true, estimate: null, roomPages: pages, roomAddresses: async () => ['127.0.0.1'] })
const out = (o: unknown) => process.stdout.write(JSON.stringify(o) + '\n')

await host.roomReopened
out({ ready: true, lan: host.refereeAppView().lan })
for await (const line of createInterface({ input: process.stdin })) {
  const [method, ...args] = JSON.parse(line) as [string, ...unknown[]]
  if (method === 'getView') {
    out({ done: method, lan: host.refereeAppView().lan })
    continue
  }
  const r = await host.call(method, args)
  out({ done: method, ok: r.ok, lan: host.refereeAppView().lan })
}
