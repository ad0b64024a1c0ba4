import type { ProjectorView, RoleNames } from '../../shared/views'
import { seatNumber } from './names'

type Translate = (key: string, params?: Record<string, string | number>) => string

/**
 * The seats as the room sees them: one model, drawn by both boards — the projector's ring
 * (SeatRing.vue) and the phone's grid (player/dom/board.ts) — element for element, with one
 * stylesheet (styles/seats.css). A seat is its number, its name and its marks; a new public seat
 * fact is one entry in boardSeats below (a mark's name also in SEAT_MARKS) and its rule in
 * seats.css, and both boards show it.
 */
export interface SeatMark {
  /** Its name: its class in seats.css and its `data-test` name (the board parity test compares them). */
  name: string
  text: string
  /** Words for a mark that is a picture (▲, ●●○○): read out instead of its text. */
  label?: string
}
export interface BoardSeat {
  seat: number
  /** Its number as the room reads it (seat 0 is 1). */
  no: number
  name: string
  /** The seat box's classes: `seat`, its states (dead, accused…) and its role's, when shown. */
  classes: string[]
  marks: SeatMark[]
}

/** What the seats read of the view (ProjectorView's public facts). */
export type SeatFacts = Pick<ProjectorView, 'seats' | 'accused' | 'speaker' | 'stage' | 'nominees' | 'vote' | 'rules'>

/** Every mark a seat may show, by its name (its rule: boardSeats; its look: seats.css). */
export const SEAT_MARKS = ['hand-up', 'seat-status', 'seat-role', 'seat-fouls'] as const
type Mark = SeatMark & { name: (typeof SEAT_MARKS)[number] }

/** Every seat in seating order, alive or dead, as both boards draw it. */
export function boardSeats(view: SeatFacts, t: Translate, roleNames: RoleNames): BoardSeat[] {
  const nominees = view.stage === 'nominating' || view.stage === 'vote' || view.stage === 'defence' ? view.nominees : []
  const hands = view.vote?.candidates.flatMap((x) => x.voters ?? []) ?? []
  const max = view.rules.foulsToRemove ?? 0
  return view.seats.map((s) => {
    const hand = hands.includes(s.seat)
    // Its states, each a class on its box (seats.css: dashed when dead, lit when accused…).
    const classes = [
      'seat',
      !s.alive && 'dead',
      view.accused === s.seat && 'accused',
      view.speaker === s.seat && 'speaker',
      nominees.includes(s.seat) && 'nominee',
      hand && 'hand',
      s.role !== null && `role-${s.role}`,
    ]
    // What it shows under its name, in this order.
    const marks: (false | Mark)[] = [
      // A raised hand in the open vote (in a corner of the box).
      hand && { name: 'hand-up', text: '▲', label: t('projector.handUp') },
      !s.alive && { name: 'seat-status', text: t('projector.dead') },
      // A role only when the host sent one.
      s.role !== null && { name: 'seat-role', text: roleNames[s.role] },
      // Fouls (rulesets with foulsToRemove): one mark per foul given, a hollow one per foul left.
      max > 0 &&
        s.fouls > 0 && { name: 'seat-fouls', text: '●'.repeat(s.fouls) + '○'.repeat(Math.max(0, max - s.fouls)), label: t('fouls.marks', { n: s.fouls, max }) },
    ]
    return {
      seat: s.seat,
      no: seatNumber(s.seat),
      name: s.name,
      classes: classes.filter((c): c is string => !!c),
      marks: marks.filter((m): m is Mark => !!m),
    }
  })
}
