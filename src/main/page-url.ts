/**
 * True when `actual` is the page `expected` (a hash or query string aside): same scheme, same host —
 * also for `file:` URLs, whose origin is opaque ("null") and so says nothing — same port and path.
 * Pure, so the IPC guard's page check is tested without Electron (page-url.test.ts).
 */
export function isSamePage(actual: string, expected: string): boolean {
  try {
    const a = new URL(actual)
    const e = new URL(expected)
    return a.protocol === e.protocol && a.host === e.host && a.origin === e.origin && a.pathname === e.pathname
  } catch {
    return false
  }
}
