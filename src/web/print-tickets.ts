import { randomBytes } from 'node:crypto'

/**
 * One-time print tickets for the browser mode's cards page. The referee page asks for a ticket for
 * one cards request (with its token, in a header); the cards page opens as `/cards/?ticket=T&print=1`
 * and redeems the ticket once for the cards. So the page that is printed never has the referee's
 * token in its address — a browser prints the address in its footer — and the address it has stops
 * working once used (or after TICKET_TTL_MS).
 */

export const TICKET_TTL_MS = 60_000
/** At most this many unused tickets are kept (the oldest goes first). */
const MAX_OPEN = 20
const TICKET = /^[A-Za-z0-9_-]{32}$/

export class PrintTickets {
  private readonly open = new Map<string, { request: unknown; expires: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  issue(request: unknown): string {
    this.sweep()
    while (this.open.size >= MAX_OPEN) this.open.delete(this.open.keys().next().value as string)
    const ticket = randomBytes(24).toString('base64url')
    this.open.set(ticket, { request, expires: this.now() + TICKET_TTL_MS })
    return ticket
  }

  /** Whether `ticket` may still be redeemed (the cards page is served only then). */
  valid(ticket: string | null | undefined): boolean {
    this.sweep()
    return typeof ticket === 'string' && TICKET.test(ticket) && this.open.has(ticket)
  }

  /** The request of a live ticket, which is used up; undefined for any other. */
  redeem(ticket: string | null | undefined): { request: unknown } | undefined {
    if (!this.valid(ticket)) return undefined
    const t = this.open.get(ticket as string)
    this.open.delete(ticket as string)
    return t && { request: t.request }
  }

  private sweep(): void {
    const now = this.now()
    for (const [k, v] of this.open) if (v.expires <= now) this.open.delete(k)
  }
}
