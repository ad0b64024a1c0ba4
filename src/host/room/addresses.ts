import { createSocket } from 'node:dgram'
import { networkInterfaces } from 'node:os'

/**
 * The LAN addresses a room may be opened on: every non-internal IPv4 address, the one the default
 * route leaves from first (found by "connecting" a UDP socket, which sends nothing). Phones reach
 * IPv4 addresses by number; Android does not resolve `.local` names, so no mDNS is relied on.
 */
export async function lanAddresses(): Promise<string[]> {
  return ordered(interfaceAddresses(), await defaultRouteAddress())
}

/** The non-internal IPv4 addresses, as the system lists them (no waiting). */
export function interfaceAddresses(): string[] {
  const all: string[] = []
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) all.push(a.address)
  return all
}

/** `first` (when it is one of them) ahead of the others. */
export const ordered = (all: string[], first: string | null): string[] => (first && all.includes(first) ? [first, ...all.filter((a) => a !== first)] : all)

function defaultRouteAddress(): Promise<string | null> {
  return new Promise((done) => {
    const s = createSocket('udp4')
    const finish = (a: string | null) => {
      try {
        s.close()
      } catch {
        // already closed
      }
      done(a)
    }
    s.once('error', () => finish(null))
    try {
      s.connect(53, '192.0.2.1', () => {
        try {
          finish(s.address().address)
        } catch {
          finish(null)
        }
      })
    } catch {
      finish(null)
    }
  })
}
