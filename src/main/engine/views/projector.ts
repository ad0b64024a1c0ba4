import type { ClockView, ProjectorView, PublicVote } from '../../../shared/views'
import { countFor, YES } from '../day'
import { strictMajority } from '../queries'
import type { GameState, TimerState, VoteState } from '../state'

/**
 * What the room may see: only what the referee would say aloud. Built field by field from public
 * facts — never by copying the state and deleting secrets — so a new secret field cannot leak.
 */
export function projectorView(s: GameState): ProjectorView {
  const over = s.phase === 'over'
  const d = s.day
  return {
    rulesetName: s.setup.ruleset.name,
    roleNames: { ...s.setup.ruleset.roleNames },
    phase: s.phase,
    dayNumber: s.dayNumber,
    nightNumber: s.phase === 'night' ? (s.night?.number ?? s.nightNumber) : s.nightNumber,
    seats: s.setup.players.map((name, seat) => ({
      seat,
      name,
      alive: s.alive[seat] ?? false,
      role: over || s.revealed[seat] ? (s.roles[seat] ?? null) : null,
    })),
    stage: d ? d.stage : null,
    accused: d ? d.accused : null,
    nominees: d ? [...d.nominees] : [],
    speaker: d?.stage === 'defence' ? (d.accused ?? d.nominees[d.defenceIndex] ?? null) : d?.stage === 'lastWords' ? d.lastWordsBy : null,
    vote: d?.vote ? publicVote(d.vote) : null,
    clock: activeClock(s),
    announcements: s.announcements.map((a) => ({ ...a, ...('deaths' in a ? { deaths: [...a.deaths] } : {}) })),
    winner: s.winner,
  }
}

export function publicVote(v: VoteState): PublicVote {
  return {
    kind: v.kind,
    candidates: v.candidates.map((seat) => ({ seat, votes: v.kind === 'plurality' ? countFor(v, seat) : countFor(v, YES) })),
    yes: v.kind === 'plurality' ? 0 : countFor(v, YES),
    needed: v.kind === 'plurality' ? 0 : strictMajority(v.eligible.length),
    eligible: v.eligible.length,
    revote: v.revote,
  }
}

export function activeClock(s: GameState): ClockView | null {
  const t: TimerState | null = s.day?.stage === 'defence' && s.defenceTimer ? s.defenceTimer : s.dayTimer
  if (!t || s.phase !== 'day') return null
  return {
    kind: t.kind,
    deadline: t.deadline,
    remainingMs: t.remainingMs,
    durationMs: t.durationMs,
    warningMs: t.kind === 'day' ? s.setup.ruleset.options.dayWarning * 1000 : Math.min(30_000, t.durationMs / 4),
    expired: t.expired,
  }
}
