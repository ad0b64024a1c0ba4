// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'

/** A stream that records what listens to it, and lets the test fire its events. */
class FakeStream {
  static made: FakeStream[] = []
  static readonly CLOSED = 2
  readyState = 1
  readonly listeners = new Map<string, Set<(e: Event) => void>>()
  constructor(readonly url: string) {
    FakeStream.made.push(this)
  }
  addEventListener(name: string, cb: (e: Event) => void): void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set())
    this.listeners.get(name)!.add(cb)
  }
  removeEventListener(name: string, cb: (e: Event) => void): void {
    this.listeners.get(name)?.delete(cb)
  }
  fire(name: string, data = ''): void {
    const e = new MessageEvent(name, { data })
    for (const cb of this.listeners.get(name) ?? []) cb(e)
  }
  close(): void {
    this.readyState = 2
  }
}

const TOKEN = 'T'.repeat(32)
async function load(path: string, kept: { token?: string; seal?: string }, booted = false) {
  vi.resetModules()
  FakeStream.made = []
  vi.stubGlobal('EventSource', FakeStream)
  history.replaceState(null, '', path)
  localStorage.clear()
  if (kept.token) localStorage.setItem('nightfall-room-player', kept.token)
  if (kept.seal) localStorage.setItem('nightfall-room-seal', kept.seal)
  // The built page's inline boot (boot.ts) runs first and leaves its stream, or null, for the page.
  if (booted) await import('./boot')
  await import('./early-stream')
  return await import('./room-client')
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)['nightfallEarlyStream']
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe("a seated phone's early stream (early-stream.ts)", () => {
  it('opens as the module loads, and the page takes it with the events it fired before, in order', async () => {
    const client = await load('/player/', { token: TOKEN, seal: JSON.stringify({ token: TOKEN, key: 'k', code: '1' }) })
    expect(FakeStream.made.map((s) => s.url)).toEqual([`/room/player?token=${TOKEN}`])
    const early = FakeStream.made[0]!
    early.fire('open')
    early.fire('message', '{"n":1}')
    early.fire('message', '{"n":2}')
    const seen: string[] = []
    client.openStream<{ n: number }>('/room/player', TOKEN, {
      message: (v) => seen.push(`message ${v.n}`),
      connected: (up) => seen.push(`connected ${up}`),
      gone: () => seen.push('gone'),
    })
    // No second stream: the page took the early one, and what it had fired came first.
    expect(FakeStream.made).toHaveLength(1)
    early.fire('message', '{"n":3}')
    expect(seen).toEqual(['connected true', 'message 1', 'message 2', 'message 3'])
  })

  it('opens nothing for a token without its key, for the TV, or for a new phone', async () => {
    await load('/player/', { token: TOKEN })
    expect(FakeStream.made).toHaveLength(0)
    await load('/tv/', { token: TOKEN, seal: JSON.stringify({ token: TOKEN }) })
    expect(FakeStream.made).toHaveLength(0)
    const client = await load('/player/', {})
    expect(FakeStream.made).toHaveLength(0)
    client.openStream('/room/player', TOKEN, { message: () => {}, connected: () => {}, gone: () => {} })
    expect(FakeStream.made).toHaveLength(1)
  })

  it("takes the stream the page's inline boot opened while the HTML was parsed, and opens no second one", async () => {
    const seal = JSON.stringify({ token: TOKEN, key: 'k', code: '1' })
    const client = await load('/player/', { token: TOKEN, seal }, true)
    expect(FakeStream.made).toHaveLength(1)
    FakeStream.made[0]!.fire('message', '{"n":1}')
    const seen: number[] = []
    client.openStream<{ n: number }>('/room/player', TOKEN, { message: (v) => seen.push(v.n), connected: () => {}, gone: () => {} })
    expect(FakeStream.made).toHaveLength(1)
    expect(seen).toEqual([1])
    // A boot that found no seat: the page does not look again, and opens its stream when it has one.
    const fresh = await load('/player/', {}, true)
    expect(FakeStream.made).toHaveLength(0)
    fresh.openStream('/room/player', TOKEN, { message: () => {}, connected: () => {}, gone: () => {} })
    expect(FakeStream.made).toHaveLength(1)
  })
})
