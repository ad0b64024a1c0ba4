import { createHash } from 'node:crypto'

/**
 * The one inline script a page may carry (the player page's boot, docs/room.md "First render") is
 * allowed by its hash, never by 'unsafe-inline': `script-src 'self' 'sha256-…'`. The build writes
 * the hashes into the page's CSP <meta> (electron.vite.config.ts) and the room's server into its
 * CSP header (server.ts), both from the page as built: a script changed after the build runs nowhere.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** The bodies of the page's inline scripts (a script with a src is not inline). */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(INLINE_SCRIPT)].filter((m) => !/\bsrc\s*=/i.test(m[1] ?? '') && (m[2] ?? '') !== '').map((m) => m[2]!)

/** A CSP source for one script body: what a browser compares it with. */
export const scriptHash = (body: string): string => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`

/** `policy` whose script-src also allows each of `html`'s inline scripts, by hash. */
export function withInlineScripts(policy: string, html: string): string {
  const hashes = inlineScripts(html).map(scriptHash)
  if (!hashes.length) return policy
  return policy.replace(/script-src ([^;]*)/, (_, sources: string) => `script-src ${[...new Set([...sources.trim().split(/\s+/), ...hashes])].join(' ')}`)
}
