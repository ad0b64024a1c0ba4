import type { Emitter } from './emitter'
import { anyLivingWithRole, roleInGame, unidentified } from './queries'
import type { DayState, GameState, NightStepKind } from './state'

/**
 * How each phase opens: which calls a night makes and where the names are read from, and which
 * stage and clock a day starts with. The answers travel in `nightStarted` / `dayStarted`, so
 * apply() only writes them down. (Here, not in night.ts or day.ts, because each of those ends its
 * phase by opening the other.)
 */

/** The calls of night `number`: night 0 is the mafia's meeting; dead roles are called when the ruleset says so. */
export function nightSteps(s: GameState, number: number): NightStepKind[] {
  const o = s.setup.ruleset.options
  if (number === 0 && o.firstPhase === 'night0') return ['mafiaMeet']
  return o.nightOrder.filter((role) => roleInGame(s, role) && (o.callDeadRoles || anyLivingWithRole(s, role) || unidentified(s, role) > 0))
}

/** Names are read from a different living seat each night. */
export function defaultReadingStart(s: GameState, number: number): number {
  const n = s.alive.length
  const from = ((number % n) + n) % n
  // The first living seat from `from` on, else the first living seat, else 0.
  for (let p = from; p < n; p++) if (s.alive[p]) return p
  for (let p = 0; p < from; p++) if (s.alive[p]) return p
  return 0
}

export function startNightEvents(em: Emitter): void {
  const number = em.state.nightNumber + 1
  em.emit({ type: 'nightStarted', number, steps: nightSteps(em.state, number), readingStart: defaultReadingStart(em.state, number) })
}

/** The stage a day opens at: the accusation procedure starts with discussion, the nomination procedure with nominating. */
export const openingStage = (s: GameState): DayState['stage'] => (s.setup.ruleset.options.dayProcedure === 'accusation' ? 'discussion' : 'nominating')

/** A new day (after a night, or as the first phase): its number, its first stage and its clock. */
export function startDayEvents(em: Emitter): void {
  const s = em.state
  em.emit({ type: 'dayStarted', number: s.dayNumber + 1, stage: openingStage(s), timeLimit: s.setup.ruleset.options.dayTimeLimit })
}
