import { nightName } from '../../shared/phrasing'
import type { ProjectorView } from '../../shared/views'

export { seatName, seatNumber } from '../../shared/seat-name'

type Translate = (key: string, params?: Record<string, string | number>) => string

/**
 * A seat's fouls as the room sees them, on the projector's ring and the phone's board alike: one
 * mark per foul given and one per foul left (`●●○○`) and their words ("Fouls: 2/4"); null where
 * the ruleset has no fouls or the seat has none.
 */
export function foulMarks(t: Translate, fouls: number, max: number | null): { marks: string; label: string } | null {
  if (!max || fouls <= 0) return null
  return { marks: '●'.repeat(fouls) + '○'.repeat(Math.max(0, max - fouls)), label: t('fouls.marks', { n: fouls, max }) }
}

/** The heading of a phase: "Night 2" (night 0: the introduction night), "Day 3", or the game is over (`phase.*` words). */
export function phaseTitle(t: Translate, v: Pick<ProjectorView, 'phase' | 'dayNumber' | 'nightNumber'>): string {
  if (v.phase === 'over') return t('phase.over', {})
  return v.phase === 'night' ? nightName(t, v.nightNumber) : t('phase.day', { n: v.dayNumber })
}
