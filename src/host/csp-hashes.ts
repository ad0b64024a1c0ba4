import { createHash } from 'node:crypto'

/**
 * The one inline script a page may carry (the player page's boot, docs/room.md "First render") is
 * allowed by its hash, never by 'unsafe-inline': `script-src 'self' 'sha256-…'`; so is its one
 * inline stylesheet (the player page's styles, inlined by the build): `style-src 'self' 'sha256-…'`.
 * The build writes the hashes into the page's CSP <meta> (electron.vite.config.ts) and the room's
 * server into its CSP header (server.ts), both from the page as built: a script or a stylesheet
 * changed after the build applies nowhere.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** The bodies of the page's inline scripts (a script with a src is not inline). */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(INLINE_SCRIPT)].filter((m) => !/\bsrc\s*=/i.test(m[1] ?? '') && (m[2] ?? '') !== '').map((m) => m[2]!)

/** A CSP source for one script body: what a browser compares it with. */
export const scriptHash = (body: string): string => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi

/** The bodies of the page's inline stylesheets (the player page's first screen's styles, inlined by the build). */
export const inlineStyles = (html: string): string[] => [...html.matchAll(INLINE_STYLE)].map((m) => m[1]!).filter((b) => b !== '')

/** `policy`'s `directive` with `hashes` added to its sources. */
const withHashes = (policy: string, directive: string, hashes: string[]): string =>
  hashes.length
    ? policy.replace(
        new RegExp(`${directive} ([^;]*)`),
        (_, sources: string) => `${directive} ${[...new Set([...sources.trim().split(/\s+/), ...hashes])].join(' ')}`,
      )
    : policy

/** `policy` whose script-src also allows each of `html`'s inline scripts, and its style-src each of its inline stylesheets, by hash. */
export function withInlineHashes(policy: string, html: string): string {
  return withHashes(withHashes(policy, 'script-src', inlineScripts(html).map(scriptHash)), 'style-src', inlineStyles(html).map(scriptHash))
}
