import { describe, expect, it } from 'vitest'
import { phaseTitle, seatName } from './names'

describe('seatName', () => {
  const seats = [{ name: 'Anna' }, { name: 'Bence' }]
  it('names a seat from view seats or a list of names; an unknown seat is #n; no seat is `none`', () => {
    expect(seatName(seats, 1)).toBe('Bence')
    expect(seatName(['Anna', 'Bence'], 0)).toBe('Anna')
    expect(seatName(seats, 4)).toBe('#5')
    expect(seatName(seats, null)).toBe('')
    expect(seatName(['Anna'], null, '—')).toBe('—')
  })
})

describe('phaseTitle', () => {
  const t = (key: string, params: Record<string, unknown> = {}) => `${key}${'n' in params ? ` ${String(params['n'])}` : ''}`
  it('says night, day (with their numbers) or over; night 0 is the introduction night, no number', () => {
    expect(phaseTitle(t, { phase: 'night', nightNumber: 0, dayNumber: 0 })).toBe('phase.nightIntro')
    expect(phaseTitle(t, { phase: 'night', nightNumber: 2, dayNumber: 1 })).toBe('phase.night 2')
    expect(phaseTitle(t, { phase: 'day', nightNumber: 2, dayNumber: 3 })).toBe('phase.day 3')
    expect(phaseTitle(t, { phase: 'over', nightNumber: 2, dayNumber: 3 })).toBe('phase.over')
  })
})
