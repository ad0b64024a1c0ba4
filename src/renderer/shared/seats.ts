import type { ProjectorView, RoleNames } from '../../shared/views'
import { seatNumber } from './names'

type Translate = (key: string, params?: Record<string, string | number>) => string

/**
 * The seats as the room sees them: one model, drawn by both boards — the projector's ring
 * (SeatRing.vue) and the phone's grid (player/dom/board.ts) — element for element, with one
 * stylesheet (styles/seats.css). A seat is its number, its name and its marks; a new public seat
 * fact is one entry in boardSeats below (a mark also named in SEAT_MARKS) and its rule in
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
  /** A name set smaller, on more lines, on the ring (LONG_NAME). */
  long: boolean
  /** The seat box's classes: `seat`, its states (dead, accused…) and its role's, when shown. */
  classes: string[]
  marks: SeatMark[]
}

/** A seat's name longer than this (in characters) is set smaller on the ring, on up to four lines, rather than cut. */
export const LONG_NAME = 14

/** What the seats read of the view (ProjectorView's public facts). */
export type SeatFacts = Pick<ProjectorView, 'seats' | 'accused' | 'speaker' | 'stage' | 'nominees' | 'vote' | 'rules'>

/** Every mark a seat may show, in this order, by its name (each one's rule: boardSeats; its look: seats.css). */
export const SEAT_MARKS = ['hand-up', 'seat-status', 'seat-role', 'seat-fouls'] as const
/** A mark's text and, for a picture, its words; false when the seat has none. */
type Mark = [string, string?] | false

/** Every seat in seating order, alive or dead, as both boards draw it. */
export function boardSeats(view: SeatFacts, t: Translate, roleNames: RoleNames): BoardSeat[] {
  const nominees = view.stage === 'nominating' || view.stage === 'vote' || view.stage === 'defence' ? view.nominees : []
  const hands = view.vote?.candidates.flatMap((x) => x.voters ?? []) ?? []
  const max = view.rules.foulsToRemove ?? 0
  return view.seats.map((s) => {
    const hand = hands.includes(s.seat)
    // Its states, each a class on its box (seats.css: dashed when dead, lit when accused…).
    const states: Record<string, boolean> = {
      dead: !s.alive,
      accused: view.accused === s.seat,
      speaker: view.speaker === s.seat,
      nominee: nominees.includes(s.seat),
      hand,
      [`role-${s.role}`]: s.role !== null,
    }
    const marks: Record<(typeof SEAT_MARKS)[number], Mark> = {
      // A raised hand in the open vote (in a corner of the box).
      'hand-up': hand && ['▲', t('projector.handUp')],
      'seat-status': !s.alive && [t('projector.dead')],
      // A role only when the host sent one.
      'seat-role': s.role !== null && [roleNames[s.role]],
      // Fouls (rulesets with foulsToRemove): one mark per foul given, a hollow one per foul left.
      'seat-fouls': max > 0 && s.fouls > 0 && ['●'.repeat(s.fouls) + '○'.repeat(Math.max(0, max - s.fouls)), t('fouls.marks', { n: s.fouls, max })],
    }
    return {
      seat: s.seat,
      no: seatNumber(s.seat),
      name: s.name,
      long: [...s.name].length > LONG_NAME,
      classes: ['seat', ...Object.keys(states).filter((k) => states[k])],
      marks: SEAT_MARKS.flatMap((name) => {
        const m = marks[name]
        return m ? [{ name, text: m[0], label: m[1] }] : []
      }),
    }
  })
}
