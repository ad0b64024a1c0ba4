import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { PLAYERS9 } from '../../test/support/host'
import { call, makeRoomHost } from '../../test/support/room'
import type { GameHost } from './index'
import { inlineScripts, inlineStyles, withInlineHashes } from './csp-hashes'
import { ROOM_CSP } from './room/server'

const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`
const BOOT = 'window.early=1'
const PAGE = `<!doctype html><head><meta http-equiv="Content-Security-Policy" content="script-src 'self'"><script>${BOOT}</script><script type="module" src="../assets/a.js"></script></head>`

describe('an inline script allowed by its hash (csp-hashes.ts)', () => {
  it('finds only inline scripts with a body, and adds each hash once to script-src, nothing else', () => {
    expect(inlineScripts(PAGE)).toEqual([BOOT])
    expect(inlineScripts('<script src="x.js"></script><script></script>')).toEqual([])
    const policy = withInlineHashes("default-src 'self'; script-src 'self'; style-src 'self'", PAGE + `<script>${BOOT}</script>`)
    expect(policy).toBe(`default-src 'self'; script-src 'self' ${sha(BOOT)}; style-src 'self'`)
    expect(withInlineHashes("script-src 'self'", '<p>no script</p>')).toBe("script-src 'self'")
  })

  it("adds each inline stylesheet's hash once to style-src (the player page's styles, inlined by the build)", () => {
    const css = 'p{color:red}'
    const page = `${PAGE}<style>${css}</style><style>${css}</style><style></style>`
    expect(inlineStyles(page)).toEqual([css, css])
    expect(withInlineHashes("default-src 'self'; script-src 'self'; style-src 'self'", page)).toBe(
      `default-src 'self'; script-src 'self' ${sha(BOOT)}; style-src 'self' ${sha(css)}`,
    )
  })
})

let host: GameHost | null = null
afterEach(() => {
  host?.dispose()
  host = null
})

describe("the room's page", () => {
  it("is served with the room's CSP, whose script-src allows exactly the page's own inline script", async () => {
    host = makeRoomHost('127.0.0.1', { page: PAGE })
    expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
    expect((await host.invoke('openRoom', null)).ok).toBe(true)
    const origin = `http://${host.refereeAppView().lan.address}`
    const page = await call(origin, '/player/')
    expect(page.status).toBe(200)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toBe(ROOM_CSP.replace("script-src 'self'", `script-src 'self' ${sha(BOOT)}`))
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    // Every other answer keeps the policy without any hash.
    expect(String((await call(origin, '/room/names')).headers['content-security-policy'])).toBe(ROOM_CSP)
  })
})
