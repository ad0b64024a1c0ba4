import type { WebServer } from '../../src/web/server'

/**
 * How long projector calls (`POST /api/projector/ready`) wait while `work` runs: one call due every
 * `everyMs` (or as soon as the one before is answered, if that is later), one after the other, each
 * timed from the moment it was due — so a blocked thread, which would also hold back the timer
 * making the call, counts. For the import stall test
 * (import-stall.test.ts) and `npm run bench -- import`.
 */
export async function projectorWaits(server: WebServer, work: Promise<unknown>, everyMs = 25): Promise<number[]> {
  let done = false
  void work.finally(() => (done = true))
  const waits: number[] = []
  let due = performance.now()
  while (!done || waits.length === 0) {
    due = Math.max(due + everyMs, performance.now())
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    const ready = await fetch(`${server.origin}/api/projector/ready`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nightfall-token': server.tokens.projector },
      body: '',
    })
    if (ready.status !== 204) throw new Error(`The projector call was answered ${ready.status}.`)
    waits.push(performance.now() - due)
  }
  return waits
}

/** Import `file` through the browser mode's HTTP API: its answer. */
export const importOverHttp = (server: WebServer, file: string): Promise<unknown> =>
  fetch(`${server.origin}/api/referee/importGame`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nightfall-token': server.tokens.referee },
    body: JSON.stringify([file]),
  }).then((r) => r.json() as Promise<unknown>)

/** The projector calls' waits while `file` is imported, and the import's answer. */
export async function projectorWaitsDuringImport(server: WebServer, file: string): Promise<{ waits: number[]; answer: unknown }> {
  const importing = importOverHttp(server, file)
  const waits = await projectorWaits(server, importing)
  return { waits, answer: await importing }
}
