/**
 * The browser mode's address, kept in the data folder: the same port and tokens after a restart, so
 * pages left open find the host again by themselves (they show "connection lost" meanwhile). A file
 * that is missing, damaged or from an older layout is ignored and written anew.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface WebAddress {
  port: number
  tokens: { referee: string; projector: string }
}

const FILE = 'web-address.json'
const TOKEN = /^[A-Za-z0-9_-]{32}$/

export function loadWebAddress(dataDir: string): WebAddress | null {
  try {
    const raw = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as unknown
    if (typeof raw !== 'object' || raw === null) return null
    const { port, tokens } = raw as Record<string, unknown>
    const t = tokens as Record<string, unknown> | null
    if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535) return null
    if (typeof t !== 'object' || t === null || typeof t.referee !== 'string' || typeof t.projector !== 'string') return null
    if (!TOKEN.test(t.referee) || !TOKEN.test(t.projector) || t.referee === t.projector) return null
    return { port: port as number, tokens: { referee: t.referee, projector: t.projector } }
  } catch {
    return null
  }
}

export function newTokens(): WebAddress['tokens'] {
  return { referee: randomBytes(24).toString('base64url'), projector: randomBytes(24).toString('base64url') }
}

/** Best effort: a folder that cannot be written only costs the reconnection after a restart. */
export function saveWebAddress(dataDir: string, address: WebAddress): void {
  try {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(join(dataDir, FILE), `${JSON.stringify(address)}\n`, { mode: 0o600 })
  } catch {
    // ignored: see above
  }
}
