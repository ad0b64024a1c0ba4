// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { claimed, claimIdOf } from '../../shared/room-handshake'
import { claimFromAddress, savedSeal, saveSeal } from './seal'

/** A personal QR code's address: the phone claims its seat with the claim's id, keeps the key derived from the secret, and takes the secret out of the address. */
describe('claimFromAddress', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
    history.replaceState(null, '', '/player/')
  })

  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

  it('sends only the claim id, never the secret, once; derives the key; leaves no secret in the address', async () => {
    const secret = 'S'.repeat(32)
    history.replaceState(null, '', `/player/#claim=${secret}`)
    const fetch = answer(200, { ok: true, token: 'T'.repeat(32) })
    vi.stubGlobal('fetch', fetch)
    const r = await claimFromAddress()
    expect(r).toEqual({ token: 'T'.repeat(32), ...claimed(secret) })
    expect(fetch).toHaveBeenCalledOnce()
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/room/claim')
    expect(JSON.parse(init.body as string)).toEqual({ claim: claimIdOf(secret) })
    expect(init.body).not.toContain(secret)
    expect(location.href).not.toContain(secret)
    // A reload has no secret left to bring.
    expect(await claimFromAddress()).toBeNull()
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('a refused secret gives nothing; an address without one asks nothing', async () => {
    history.replaceState(null, '', `/player/#claim=${'U'.repeat(32)}`)
    vi.stubGlobal('fetch', answer(403, { ok: false, error: 'wrong-secret' }))
    expect(await claimFromAddress()).toEqual({ error: 'refused' })
    expect(location.hash).toBe('')
    const none = answer(200, {})
    vi.stubGlobal('fetch', none)
    history.replaceState(null, '', '/player/#other')
    expect(await claimFromAddress()).toBeNull()
    expect(none).not.toHaveBeenCalled()
  })
})

describe('the kept key', () => {
  afterEach(() => localStorage.clear())

  it('is found only for its own token, and a damaged one is not found', () => {
    saveSeal({ token: 'T'.repeat(32), key: new Uint8Array(32).fill(1), code: '123456' })
    expect(savedSeal('T'.repeat(32))).toEqual({ token: 'T'.repeat(32), key: new Uint8Array(32).fill(1), code: '123456' })
    expect(savedSeal('X'.repeat(32))).toBeNull()
    expect(savedSeal(null)).toBeNull()
    localStorage.setItem('nightfall-room-seal', '{"token":"' + 'T'.repeat(32) + '","key":"short","code":"1"}')
    expect(savedSeal('T'.repeat(32))).toBeNull()
    localStorage.setItem('nightfall-room-seal', '{not json')
    expect(savedSeal('T'.repeat(32))).toBeNull()
  })
})
