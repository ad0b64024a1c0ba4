/**
 * How a person reads a seat. Code and files number seats from 0 (`seat` is an index into the
 * players); everything a person reads — screens, CLI output, logs, refusal messages, CSV — numbers
 * them from 1. These two functions are the one place that turns an index into what a person reads
 * (test/seat-spelling.test.ts keeps `seat + 1` out of every other file).
 */

/** The seat number a person reads for the 0-based seat index `seat`: index 0 is seat 1. */
export const seatNumber = (seat: number): number => seat + 1

/**
 * The name of the player at `seat` — from a view's seats or a plain list of names — or `#n` (the
 * 1-based seat number) when the seat is not in the list; `none` when there is no seat at all.
 */
export function seatName(seats: readonly ({ name: string } | string)[], seat: number | null | undefined, none = ''): string {
  if (seat === null || seat === undefined) return none
  const s = seats[seat]
  return (typeof s === 'string' ? s : s?.name) ?? `#${seatNumber(seat)}`
}
