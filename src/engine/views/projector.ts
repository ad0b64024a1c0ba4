import type { FeatureSeatFacts } from '../../shared/features'
import type { RulesetOptions } from '../../shared/ruleset'
import type { ClockView, ProjectorOptions, ProjectorView, PublicVote, RefereeVote, RuleNumbers } from '../../shared/views'
import { procedurePart } from '../decide'
import { countFor, enteredCount, strictMajority, YES } from '../queries'
import type { GameState, TimerState, VoteState } from '../state'

/**
 * What the room may see: only what the referee would say aloud. Built field by field from public
 * facts — never by copying the state and deleting secrets — so a new secret field cannot leak.
 */
export function projectorView(s: GameState, options: ProjectorOptions = DEFAULT_PROJECTOR_OPTIONS): ProjectorView {
  const over = s.phase === 'over'
  const d = s.day
  return {
    rulesetName: s.setup.ruleset.name,
    names: structuredClone(s.setup.ruleset.names),
    rules: ruleNumbers(s.setup.ruleset.options),
    phase: s.phase,
    dayNumber: s.dayNumber,
    nightNumber: s.phase === 'night' ? (s.night?.number ?? s.nightNumber) : s.nightNumber,
    seats: s.setup.players.map((name, seat) => ({
      seat,
      name,
      alive: s.alive[seat] ?? false,
      role: over || s.revealed[seat] ? (s.roles[seat] ?? null) : null,
      ...seatFacts(s, seat),
    })),
    stage: d ? d.stage : null,
    accused: d ? d.accused : null,
    nominees: d ? [...d.nominees] : [],
    speaker: d?.stage === 'defence' ? (d.accused ?? d.nominees[d.defenceIndex] ?? null) : d?.stage === 'lastWords' ? d.lastWordsBy : null,
    vote: d?.vote ? publicVote(d.vote, options.showVoters) : null,
    clock: activeClock(s),
    announcements: s.announcements.map((a) => ({
      ...a,
      ...('deaths' in a ? { deaths: [...a.deaths] } : {}),
      ...('tie' in a && a.tie ? { tie: { seats: [...a.tie.seats], votes: a.tie.votes } } : {}),
    })),
    winner: s.winner,
  }
}

/** The procedures' facts on a seat (decide.ts's PROCEDURES): the compiler refuses a shared one without its own. */
const SEAT_FACTS: { readonly [K in keyof FeatureSeatFacts]: (s: GameState, seat: number) => FeatureSeatFacts[K] } = procedurePart('seatFacts')
const seatFacts = (s: GameState, seat: number): FeatureSeatFacts =>
  factsOf<(s: GameState, seat: number) => unknown>(SEAT_FACTS, (f) => f(s, seat)) as FeatureSeatFacts

/** The ruleset's numbers the windows show: the one place they are read for them (the procedures' own, decide.ts). */
const RULE_NUMBERS: { readonly [K in keyof RuleNumbers]: (o: RulesetOptions) => RuleNumbers[K] } = procedurePart('ruleNumbers')
export const ruleNumbers = (o: RulesetOptions): RuleNumbers => factsOf<(o: RulesetOptions) => unknown>(RULE_NUMBERS, (f) => f(o)) as RuleNumbers

/** Each fact of a table of fact-makers, made. */
function factsOf<F>(table: Readonly<Record<string, F>>, make: (f: F) => unknown): Record<string, unknown> {
  const facts: Record<string, unknown> = {}
  for (const [k, f] of Object.entries(table)) facts[k] = make(f)
  return facts
}

export const DEFAULT_PROJECTOR_OPTIONS: ProjectorOptions = Object.freeze({ showVoters: true })

/** The vote as the room sees it: counts, and (when `showVoters`) whose hands are up. */
export function publicVote(v: VoteState, showVoters = true): PublicVote {
  return {
    kind: v.kind,
    candidates: v.candidates.map((seat) => {
      const key = v.kind === 'plurality' ? seat : YES
      return { seat, votes: countFor(v, key), voters: showVoters ? handsFor(v, key) : null }
    }),
    yes: v.kind === 'plurality' ? 0 : countFor(v, YES),
    needed: v.kind === 'plurality' ? 0 : strictMajority(v.eligible.length),
    eligible: v.eligible.length,
    revote: v.revote,
    tiedAt: v.revote ? (v.tiedAt ?? null) : null,
  }
}

/**
 * The open vote with its ballots, for the referee: public, as hands are raised (or counts given) in
 * front of the room, though the projector may show only the counts (room settings).
 */
export function refereeVote(s: GameState): RefereeVote | null {
  const v = s.day?.vote
  return v
    ? {
        ...publicVote(v),
        eligibleSeats: [...v.eligible],
        ballots: Object.entries(v.ballots).map(([voter, choice]) => ({ voter: Number(voter), choice })),
        directCounts: Object.keys(v.counts).length > 0,
      }
    : null
}

/** Who raised a hand for `key` (a candidate, or YES), in seating order; null when the count was typed in. */
function handsFor(v: VoteState, key: number): number[] | null {
  if (enteredCount(v, key) !== undefined) return null
  const hands: number[] = []
  for (const [voter, b] of Object.entries(v.ballots)) if (key === YES ? b === true : b === key) hands.push(Number(voter))
  return hands.sort((a, b) => a - b)
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
