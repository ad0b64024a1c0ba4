import { nightName } from '../../shared/phrasing'
import type { ProjectorView } from '../../shared/views'

export { seatName, seatNumber } from '../../shared/seat-name'

type Translate = (key: string, params?: Record<string, string | number>) => string

/** The heading of a phase: "Night 2" (night 0: the introduction night), "Day 3", or the game is over (`phase.*` words). */
export function phaseTitle(t: Translate, v: Pick<ProjectorView, 'phase' | 'dayNumber' | 'nightNumber'>): string {
  if (v.phase === 'over') return t('phase.over', {})
  return v.phase === 'night' ? nightName(t, v.nightNumber) : t('phase.day', { n: v.dayNumber })
}
