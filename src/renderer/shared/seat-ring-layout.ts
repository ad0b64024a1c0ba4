/**
 * Where each seat sits on the projector's table: evenly spaced (by distance along the curve, not by
 * angle) on a squircle, |x|⁴ + |y|⁴ = 1, that hugs the 16:9 screen's edges. On an ellipse the seats
 * crowd on the diagonals, where boxes wider than tall collide; along a squircle the top and bottom
 * rows space seats sideways and the sides space them downwards, which is what a name box needs.
 * Seat 1 is at the top centre; the order runs clockwise.
 */

/** A seat's name longer than this (in characters) is set smaller on the ring, on up to four lines, rather than cut. */
export const LONG_NAME = 14

/** Half the curve's width and height, as fractions of the board's. */
export const RING_RADIUS = { x: 0.41, y: 0.4 } as const
const EXPONENT = 4
/** The shape is spaced for a 16:9 screen (projectors and TVs); other shapes stretch it. */
const ASPECT = 16 / 9
const SAMPLES = 1440

export interface SeatPlace {
  /** The seat's centre from the board's left and top edges, in percent of its width and height. */
  left: number
  top: number
}

function onCurve(theta: number): [number, number] {
  const s = Math.sin(theta)
  const c = Math.cos(theta)
  return [Math.sign(s) * Math.abs(s) ** (2 / EXPONENT), Math.sign(c) * Math.abs(c) ** (2 / EXPONENT)]
}

/** The places of `n` seats, seat 1 first. */
export function seatPlaces(n: number): SeatPlace[] {
  if (n <= 0) return []
  // Length along the curve, measured on a 16:9 board (x in widths × ASPECT, y in heights).
  const lengths = [0]
  let [px, py] = onCurve(0)
  for (let k = 1; k <= SAMPLES; k++) {
    const [x, y] = onCurve((2 * Math.PI * k) / SAMPLES)
    lengths.push(lengths[k - 1]! + Math.hypot((x - px) * RING_RADIUS.x * ASPECT, (y - py) * RING_RADIUS.y))
    ;[px, py] = [x, y]
  }
  const total = lengths[SAMPLES]!
  const places: SeatPlace[] = []
  let k = 0
  for (let i = 0; i < n; i++) {
    const want = (total * i) / n
    while (lengths[k + 1]! < want) k++
    // Between samples k and k+1, in proportion.
    const span = lengths[k + 1]! - lengths[k]!
    const f = span > 0 ? (want - lengths[k]!) / span : 0
    const [x, y] = onCurve((2 * Math.PI * (k + f)) / SAMPLES)
    places.push({ left: round(50 + 100 * RING_RADIUS.x * x), top: round(50 - 100 * RING_RADIUS.y * y) })
  }
  return places
}

const round = (v: number) => Math.round(v * 1000) / 1000
