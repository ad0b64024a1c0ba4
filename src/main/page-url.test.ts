import { describe, expect, it } from 'vitest'
import { isSamePage } from './page-url'

const built = 'file:///opt/Nightfall/resources/app.asar/out/renderer/referee/index.html'

describe('isSamePage (the IPC guard’s page check)', () => {
  it('accepts the page itself, with a query or a hash', () => {
    expect(isSamePage(built, built)).toBe(true)
    expect(isSamePage(`${built}?x=1#top`, built)).toBe(true)
    expect(isSamePage('http://localhost:5173/referee/index.html#a', 'http://localhost:5173/referee/index.html')).toBe(true)
  })

  it('refuses a file: URL on another host (a network share), though its origin is opaque too', () => {
    expect(new URL(`file://evil-share${new URL(built).pathname}`).origin).toBe(new URL(built).origin)
    expect(isSamePage(`file://evil-share${new URL(built).pathname}`, built)).toBe(false)
  })

  it('refuses another page, another scheme, another port, and what is not a URL', () => {
    expect(isSamePage(built.replace('/referee/', '/projector/'), built)).toBe(false)
    expect(isSamePage('http://localhost:5173/referee/index.html', 'http://localhost:5174/referee/index.html')).toBe(false)
    expect(isSamePage(`https${built.slice(4)}`, built)).toBe(false)
    expect(isSamePage('about:blank', built)).toBe(false)
    expect(isSamePage('not a url', built)).toBe(false)
    expect(isSamePage('', built)).toBe(false)
  })
})
