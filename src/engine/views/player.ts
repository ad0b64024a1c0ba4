import { isDayDeath, type PlayerView, type ProjectorOptions } from '../../shared/views'
import type { GameState } from '../state'
import { DEFAULT_PROJECTOR_OPTIONS, projectorView } from './projector'

/**
 * What seat `seat`'s phone may show: the room's view, the seat's own role, and (for a mafioso, from
 * the moment the mafia have been woken together) the other mafiosi. Built field by field from the
 * projector's view and these two facts — never from a copy of the state — so nothing else can leak.
 */
export function playerView(s: GameState, seat: number, options: ProjectorOptions = DEFAULT_PROJECTOR_OPTIONS): PlayerView {
  return { ...seatSecrets(s, seat), board: projectorView(s, options) }
}

/** The part of seat `seat`'s view that only it may know (the room seals it for its phone): its name, role and partners. */
export function seatSecrets(s: GameState, seat: number): Omit<PlayerView, 'board'> {
  const role = s.roles[seat] ?? null
  return {
    seat,
    name: s.setup.players[seat] ?? '',
    role,
    partners: role === 'mafia' && mafiaHaveMet(s) && !absentFromFirstCall(s).has(seat) ? mafiaPartners(s, seat) : null,
  }
}

/**
 * The other seats recorded as mafia who were at the mafia's first call, in seating order: a seat
 * that died before it (a game that opens with a day) never woke with them.
 */
function mafiaPartners(s: GameState, seat: number): number[] {
  const before = absentFromFirstCall(s)
  const out: number[] = []
  s.roles.forEach((r, p) => {
    if (p !== seat && r === 'mafia' && !before.has(p)) out.push(p)
  })
  return out
}

/**
 * The seats that died before the mafia's first call (a game that opens with a day: executed or a
 * random death on day 1): they never woke with the mafia, so they are nobody's partner and are told
 * no partners themselves.
 */
export function absentFromFirstCall(s: GameState): Set<number> {
  const before = new Set<number>()
  if (s.setup.ruleset.options.firstPhase === 'day') for (const a of s.announcements) if (isDayDeath(a) && a.day === 1) before.add(a.player)
  return before
}

/**
 * The mafia know each other from their first call: the meeting of night 0, or the mafia's call of
 * the first night (when the game starts with a day, the night after day 1). Public facts only: the
 * phase, the day and night numbers, and how far the night's calls have got.
 */
export function mafiaHaveMet(s: GameState): boolean {
  if (s.phase === 'over') return true
  const o = s.setup.ruleset.options
  const firstNight = o.firstPhase === 'night0' ? 0 : 1
  if (s.phase === 'night' && s.night) {
    if (s.night.number > firstNight) return true
    return s.night.steps.slice(0, s.night.stepIndex + 1).some((k) => k === 'mafia' || k === 'mafiaMeet')
  }
  return s.dayNumber > (o.firstPhase === 'day' ? 1 : 0)
}
