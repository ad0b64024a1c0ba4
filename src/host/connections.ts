import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * What a stranger can hold of a server (docs/room.md, the threat model): each TCP connection is
 * counted by its peer's address and in all. A connection is *idle* while no request is in flight on
 * it (just opened, or between keep-alive requests); an idle one is closed after `idleMs`. At a cap,
 * the oldest idle connection (of that address, or of the address holding the most) makes room for
 * the new one; at the cap in all with none idle, the longest-running request of the address holding
 * the most (a slow body, say) does; an open stream (a phone's, the referee's: `streaming`) is never
 * pushed out, and only when every connection is one is the new one refused. The caps
 * stay well below the process's file limit, so saving, the journal and the referee's own server
 * always have descriptors left.
 */
export interface ConnectionLimits {
  /** Connections open at once from one address. */
  perAddress: number
  /** Connections open at once in all. */
  total: number
  /** An idle connection is closed after this long. */
  idleMs: number
}

/** The process's limit on open files (Linux: /proc/self/limits), or null where it cannot be read. */
export function fileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    const soft = Number(line?.split(/\s{2,}/)[1])
    return Number.isFinite(soft) && soft > 0 ? soft : null
  } catch {
    return null
  }
}

/**
 * The room's limits: a quarter of the file limit at most (1,024 where it is larger; 256 where it is
 * unknown and not Windows, whose sockets are not files), 64 from one address (a table's phones may
 * share one behind a hotspot, each with its stream and a few page loads), idle closed after 5 s.
 */
export function roomLimits(limit = fileLimit(), platform = process.platform): ConnectionLimits {
  const total = limit === null ? (platform === 'win32' ? 1024 : 256) : Math.max(32, Math.min(1024, Math.floor(limit / 4)))
  return { total, perAddress: Math.min(64, Math.max(8, Math.floor(total / 4))), idleMs: 5_000 }
}

/** The referee's own server (127.0.0.1 only: its pages, their streams, printing): every connection from this computer. */
export function refereeLimits(limit = fileLimit(), platform = process.platform): ConnectionLimits {
  const total = Math.min(256, roomLimits(limit, platform).total)
  return { total, perAddress: total, idleMs: 5_000 }
}

/** The sockets carrying an open stream (Server-Sent Events, http.ts openSse): never pushed out to make room. */
export const streaming = new WeakSet<Socket>()

interface Held {
  address: string
  /** Requests in flight on it (an open stream is one that never finishes). */
  busy: number
  /** Since when it has had a request in flight (or was opened). */
  since: number
}

export class ConnectionGuard {
  private readonly held = new Map<Socket, Held>()
  private readonly byAddress = new Map<string, Set<Socket>>()
  /** The idle connections, the longest idle first (a connection is put last whenever it goes idle), with when it went idle. */
  private readonly idle = new Map<Socket, number>()
  private readonly sweep: NodeJS.Timeout
  /** Connections refused or closed to make room, since the start (the bench prints it). */
  refused = 0
  evicted = 0
  timedOut = 0

  constructor(
    server: Server,
    readonly limits: ConnectionLimits,
    private readonly now: () => number = Date.now,
  ) {
    server.on('connection', (socket: Socket) => this.connected(socket))
    server.on('request', (req, res) => {
      const socket = req.socket
      this.busy(socket, +1)
      res.once('close', () => this.busy(socket, -1))
    })
    this.sweep = setInterval(() => this.closeIdle(), Math.max(100, Math.min(1000, limits.idleMs / 4)))
    this.sweep.unref()
    server.once('close', () => clearInterval(this.sweep))
  }

  /** Connections open now (all, or from `address`). */
  open(address?: string): number {
    return address === undefined ? this.held.size : (this.byAddress.get(address)?.size ?? 0)
  }

  private connected(socket: Socket): void {
    const address = socket.remoteAddress ?? '?'
    if (this.open(address) >= this.limits.perAddress && !this.evictIdle(address)) return this.refuse(socket)
    if (this.held.size >= this.limits.total && !this.evictIdle(null) && !this.evictBusy()) return this.refuse(socket)
    this.held.set(socket, { address, busy: 0, since: this.now() })
    let set = this.byAddress.get(address)
    if (!set) this.byAddress.set(address, (set = new Set()))
    set.add(socket)
    this.idle.set(socket, this.now())
    socket.once('close', () => this.forget(socket))
  }

  private refuse(socket: Socket): void {
    this.refused++
    socket.destroy()
  }

  private busy(socket: Socket, delta: 1 | -1): void {
    const h = this.held.get(socket)
    if (!h) return
    if (h.busy === 0 && delta > 0) h.since = this.now()
    h.busy = Math.max(0, h.busy + delta)
    this.idle.delete(socket)
    if (h.busy === 0 && !socket.destroyed) this.idle.set(socket, this.now())
  }

  /** Close the longest-idle connection of `address` (null: of the address holding the most); false if it has none idle. */
  private evictIdle(address: string | null): boolean {
    const from = address ?? this.busiestAddress()
    for (const socket of this.idle.keys()) if (from === null || this.held.get(socket)?.address === from) return this.close(socket, 'evicted')
    // The address holding the most has none idle: any idle connection makes room.
    if (address === null) for (const socket of this.idle.keys()) return this.close(socket, 'evicted')
    return false
  }

  /** Close the longest-running request, not a stream, of the address holding the most such connections; false if there is none. */
  private evictBusy(): boolean {
    const candidates = [...this.held].filter(([s, h]) => h.busy > 0 && !streaming.has(s))
    if (!candidates.length) return false
    const count = new Map<string, number>()
    for (const [, h] of candidates) count.set(h.address, (count.get(h.address) ?? 0) + 1)
    candidates.sort(([, a], [, b]) => (count.get(b.address) ?? 0) - (count.get(a.address) ?? 0) || a.since - b.since)
    return this.close(candidates[0]![0], 'evicted')
  }

  private busiestAddress(): string | null {
    let best: string | null = null
    let most = 0
    for (const [address, set] of this.byAddress)
      if (set.size > most) {
        most = set.size
        best = address
      }
    return best
  }

  private closeIdle(): void {
    const before = this.now() - this.limits.idleMs
    for (const [socket, since] of this.idle) {
      if (since > before) break
      this.close(socket, 'timedOut')
    }
  }

  private close(socket: Socket, why: 'evicted' | 'timedOut'): true {
    this[why]++
    this.forget(socket)
    socket.destroy()
    return true
  }

  private forget(socket: Socket): void {
    const h = this.held.get(socket)
    if (!h) return
    this.held.delete(socket)
    this.idle.delete(socket)
    const set = this.byAddress.get(h.address)
    set?.delete(socket)
    if (set?.size === 0) this.byAddress.delete(h.address)
  }
}
