/**
 * The name of the player at `seat` — from a view's seats or a plain list of names — or `#n` when the
 * seat is not in the list; `none` when there is no seat at all. The one place the windows and the
 * story text spell a seat.
 */
export function seatName(seats: readonly ({ name: string } | string)[], seat: number | null | undefined, none = ''): string {
  if (seat === null || seat === undefined) return none
  const s = seats[seat]
  return (typeof s === 'string' ? s : s?.name) ?? `#${seat + 1}`
}
