// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { claimFromAddress, savedToken, saveToken } from './room-client'

/** A personal QR code's address: the phone claims its seat with the secret and takes it out of the address. */
describe('claimFromAddress', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    saveToken('player', null)
    history.replaceState(null, '', '/player/')
  })

  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

  it('brings the secret to the room once, keeps the token, and leaves no secret in the address', async () => {
    const secret = 'S'.repeat(32)
    history.replaceState(null, '', `/player/#claim=${secret}`)
    const fetch = answer(200, { ok: true, token: 'T'.repeat(32) })
    vi.stubGlobal('fetch', fetch)
    expect(await claimFromAddress()).toEqual({ token: 'T'.repeat(32) })
    expect(fetch).toHaveBeenCalledOnce()
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/room/claim')
    expect(JSON.parse(init.body as string)).toEqual({ secret })
    expect(location.href).not.toContain(secret)
    expect(savedToken('player')).toBe('T'.repeat(32))
    // A reload has no secret left to bring.
    expect(await claimFromAddress()).toBeNull()
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('a refused secret keeps no token; an address without one asks nothing', async () => {
    history.replaceState(null, '', `/player/#claim=${'U'.repeat(32)}`)
    vi.stubGlobal('fetch', answer(403, { ok: false, error: 'wrong-secret' }))
    expect(await claimFromAddress()).toEqual({ error: 'refused' })
    expect(savedToken('player')).toBeNull()
    expect(location.hash).toBe('')
    const none = answer(200, {})
    vi.stubGlobal('fetch', none)
    history.replaceState(null, '', '/player/#other')
    expect(await claimFromAddress()).toBeNull()
    expect(none).not.toHaveBeenCalled()
  })
})
