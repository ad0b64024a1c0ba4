import type { RoleId, Winner } from '../roles'
import { seatName } from '../seat-name'
import type { PublicAnnouncement } from '../views'
import { FEATURE_ANNOUNCEMENTS } from '../features'
import type { Line } from './line'
import { line, withRole, type AnnouncedSeats } from './line-makers'

/**
 * The room's announcements as lines: the one telling of each, for the projector, the referee's
 * preview, the phones, the TV and the CLI (`replay`). Names come from the seats shown; a role is
 * named (as the ruleset names it) where the seat shows it.
 */

export type { AnnouncedSeats }

type Kind = PublicAnnouncement['kind']
type Of<K extends Kind> = Extract<PublicAnnouncement, { kind: K }>

/** The winner: the winning team as the ruleset names it ("Winner: Town", 「村人の勝利」), or the draw. */
export const winnerLine = (winner: Winner): Line => (winner === 'draw' ? line('winner.draw') : line('winner.team', { team: { team: winner } }))

/** One line-maker per kind of announcement: the compiler refuses a kind without one. */
export const ANNOUNCEMENT_LINES: { readonly [K in Kind]: (a: Of<K>, seats: AnnouncedSeats) => Line } = {
  nightResult: (a, seats) =>
    a.deaths.length === 0
      ? line('announce.nightNobody', { night: { night: a.night } })
      : line(
          'announce.nightDeaths',
          {
            night: { night: a.night },
            names: { list: a.deaths.map((p) => nameWithRole(seatName(seats, p), seats[p]?.role)) },
          },
          a.deaths.length,
        ),
  executed: (a, seats) => withRole(line('announce.executed', { name: seatName(seats, a.player) }), a.role),
  randomDeath: (a, seats) => withRole(line('announce.randomDeath', { name: seatName(seats, a.player) }), a.role),
  // A tie names who tied and with how many votes: the room sees why nobody dies.
  noExecution: (a, seats) =>
    a.tie
      ? line('announce.noExecution.tieBetween', { day: a.day, names: { list: a.tie.seats.map((p) => seatName(seats, p)) }, n: a.tie.votes }, a.tie.votes)
      : line(`announce.noExecution.${a.reason}`, { day: a.day }),
  voteResult: (a, seats) =>
    line(`announce.voteResult.${a.vote}${a.passed ? '' : 'Failed'}`, { name: seatName(seats, a.player), yes: a.yes, needed: a.needed }, a.yes),
  refereeHandover: (a, seats) => line('announce.handover', { name: seatName(seats, a.player) }),
  gameOver: (a) => winnerLine(a.winner),
  // The features' own (src/shared/features).
  ...FEATURE_ANNOUNCEMENTS,
}

/** A name, with its role in brackets when the room is shown it ("Anna (Citizen)"). */
function nameWithRole(name: string, role: RoleId | null | undefined): string | { line: Line } {
  return role ? { line: line('announce.nameWithRole', { name, role: { role } }) } : name
}

/** An announcement as a line, names from the seats the room sees. */
export function announcementLine(a: PublicAnnouncement, seats: AnnouncedSeats): Line {
  const make = ANNOUNCEMENT_LINES[a.kind] as (a: PublicAnnouncement, seats: AnnouncedSeats) => Line
  return make(a, seats)
}
