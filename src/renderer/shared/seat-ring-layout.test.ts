import { describe, expect, it } from 'vitest'
import { RING_RADIUS, seatPlaces } from './seat-ring-layout'

/** Distance between two places on a 1920×1080 board, in pixels. */
const px = (a: { left: number; top: number }, b: { left: number; top: number }) => Math.hypot(((a.left - b.left) / 100) * 1920, ((a.top - b.top) / 100) * 1080)

describe('the seats around the projector’s table', () => {
  it('seat 1 at the top centre, clockwise, every seat on the curve', () => {
    for (const n of [1, 3, 5, 12, 18, 20]) {
      const places = seatPlaces(n)
      expect(places).toHaveLength(n)
      expect(places[0]!.left).toBeCloseTo(50)
      expect(places[0]!.top).toBeCloseTo(50 - 100 * RING_RADIUS.y)
      if (n >= 4) expect(places[1]!.left, 'the second seat is to the right (clockwise)').toBeGreaterThan(50)
      for (const p of places) {
        const x = (p.left - 50) / (100 * RING_RADIUS.x)
        const y = (p.top - 50) / (100 * RING_RADIUS.y)
        expect(x ** 4 + y ** 4).toBeCloseTo(1, 2)
      }
    }
  })

  it('neighbours are nearly equally far apart on a 16:9 screen (within 20 %, corners cut the chord; an ellipse spaced by angle is off by 90 %), so no diagonal is crowded', () => {
    for (const n of [6, 9, 12, 15, 18, 20]) {
      const places = seatPlaces(n)
      const gaps = places.map((p, i) => px(p, places[(i + 1) % n]!))
      expect(Math.max(...gaps) / Math.min(...gaps), `${n} seats: ${gaps.map(Math.round).join(', ')}`).toBeLessThan(1.2)
    }
  })

  it('mirror-symmetric: seat i and seat n−i are mirror images', () => {
    const places = seatPlaces(18)
    for (let i = 1; i < 18; i++) {
      expect(places[i]!.left + places[18 - i]!.left).toBeCloseTo(100, 1)
      expect(places[i]!.top).toBeCloseTo(places[18 - i]!.top, 1)
    }
  })

  it('no seats, no places', () => {
    expect(seatPlaces(0)).toEqual([])
  })
})
