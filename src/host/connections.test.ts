import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { until } from '../../test/support/room'
import { fileLimit, roomLimits } from './connections'
import { listen, openSse, readBody, sender, type Listening } from './http'

/**
 * What one peer can hold of a server (connections.ts), on a server of http.ts with small caps:
 * requests being answered slowly (a body that never comes) are pushed out for a new connection
 * when the cap in all is reached — the longest-running of the address holding the most first —
 * while an open stream never is.
 */
let server: Listening | null = null
const sockets: Socket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await server?.close()
  server = null
})

async function start(limits: { total: number; perAddress: number; idleMs: number }) {
  const streams = new Set<ServerResponse>()
  const pushes: ((v: number | null) => void)[] = []
  const slow = { seen: 0 }
  const send = sender()
  server = await listen(
    async (req, res) => {
      if (req.url === '/stream') return void openSse(req, res, 0, (push) => (pushes.push(push), () => {}), { retryMs: 1000, streams })
      if (req.url === '/slow') {
        slow.seen++
        return send(res, 200, String(await readBody(req, 1024)))
      }
      send(res, 200, 'ok')
    },
    { address: '127.0.0.1', streams, send, internalError: () => 'Internal error.', limits },
  )
  return { port: server.port, slow, push: (v: number) => pushes.forEach((p) => p(v)) }
}

/** A POST whose body never comes, from `from`: a request in flight until the server ends it. */
function slowPost(port: number, from: string): Socket {
  const s = connect({ port, host: '127.0.0.1', localAddress: from })
  s.on('error', () => {})
  s.write('POST /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')
  sockets.push(s)
  return s
}

const get = (port: number, path: string, from: string) =>
  new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => done({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
    req.end()
  })

describe('what a peer can hold', () => {
  it('at the cap in all, a new connection pushes out the longest-running request of the busiest address, never a stream', { timeout: 20_000 }, async () => {
    const { port, push, slow: answering } = await start({ total: 6, perAddress: 4, idleMs: 60_000 })
    // The referee's (or a phone's) stream.
    const got: string[] = []
    const stream = request({ host: '127.0.0.1', port, path: '/stream', agent: false }, (res) => res.on('data', (c: Buffer) => got.push(c.toString())))
    stream.end()
    await until(() => got.join('').includes('data: 0'))
    // A stranger's slow requests from two addresses fill the cap.
    const slow = [1, 2, 3, 4].map(() => slowPost(port, '127.0.1.1'))
    slowPost(port, '127.0.1.2')
    // Every slow request is being answered (its headers read): none is idle.
    await until(() => answering.seen === 5 && server!.connections.open() === 6)
    // A new device is answered: the oldest slow request of the address holding the most made room.
    expect(await get(port, '/ok', '127.0.2.1')).toEqual({ status: 200, body: 'ok' })
    await until(() => server!.connections.open('127.0.1.1') < slow.length)
    expect(server!.connections.open('127.0.1.2')).toBe(1)
    // The stream is still open and gets what is pushed.
    push(7)
    await until(() => got.join('').includes('data: 7'))
    stream.destroy()
  })

  it('the caps stay well below the file limit', () => {
    expect(roomLimits(20_000).total).toBe(1024)
    expect(roomLimits(1024).total).toBe(256)
    expect(roomLimits(256).total).toBe(64)
    expect(roomLimits(null, 'darwin').total).toBe(256)
    const limit = fileLimit()
    if (limit !== null) expect(roomLimits(limit).total).toBeLessThanOrEqual(limit / 4)
    for (const l of [256, 1024, 20_000]) expect(roomLimits(l).perAddress).toBeLessThanOrEqual(roomLimits(l).total / 4)
  })
})
