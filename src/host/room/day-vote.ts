import type { RefereeCommand } from '../../shared/commands'
import type { ApiError } from '../../shared/api'
import type { PhoneVote } from '../../shared/room'
import type { GameState } from '../../engine'
import { openVoteId } from '../../shared/vote-id'

/**
 * The day's votes on the phones (the ruleset's `votesOnPhones`; docs/room.md): while a vote is open
 * each living voter votes on their phone, and the host turns the vote into the very `castVote` the
 * referee's click makes (`voteCommandOf`), so the counting, the journal, undo and the game file are
 * unchanged. Whether a phone's vote goes to the engine never depends on a role (`votePhoneRefusal`
 * reads the seat's phone, the vote's id, the shape and the count only); what the rules refuse (a
 * dead seat, the accused voting on themself, a name that is no nominee) is the engine's to say, and
 * the phone gets the one generic refusal whatever the reason.
 */

/** Votes one seat may send during one vote (changing its mind included): a phone cannot make the room push without end. */
export const VOTES_PER_VOTE = 30

/** What a phone sends to vote: the vote it is for, and its choice (yes/no, a nominee, or null: no vote). */
export interface PhoneBallot {
  vote: string
  choice: boolean | number | null
}

/**
 * The open vote's id (shared/vote-id.ts: from public facts, the phone makes the same from its
 * board). Null: no vote open, or not on the phones.
 */
export function voteIdOf(s: GameState | null): string | null {
  if (!s || s.phase !== 'day' || !s.setup.ruleset.options.votesOnPhones) return null
  const v = s.day?.stage === 'vote' ? s.day.vote : null
  return v ? openVoteId(s.dayNumber, v.kind, v.candidates, v.revote) : null
}

/** What seat `seat`'s phone is shown of the open vote: its id (public) and the seat's own vote so far (sealed for it). */
export function phoneVoteOf(s: GameState, seat: number): PhoneVote | null {
  const id = voteIdOf(s)
  const ballots = s.day?.vote?.ballots ?? {}
  return id === null ? null : { id, mine: seat in ballots ? { choice: ballots[seat] ?? null } : null }
}

/** Every seat's part of the open vote on the phones: a change in any seat's vote pushes every phone (one shape for every stream). */
export const voteEpoch = (s: GameState | null): string => (s ? JSON.stringify(s.setup.players.map((_, p) => phoneVoteOf(s, p))) : '')

/**
 * Why the host refuses a phone's vote before the engine sees it (null: the engine decides): no vote
 * open on the phones, not the vote named, the choice of the wrong shape for this vote, too many
 * votes. The same checks for every seat: no role is read.
 */
export function votePhoneRefusal(s: GameState | null, seat: number, ballot: PhoneBallot, made: number): 'closed' | 'stale' | 'shape' | 'too-many' | null {
  const id = voteIdOf(s)
  if (id === null) return 'closed'
  if (ballot.vote !== id) return 'stale'
  const v = s!.day!.vote!
  const yesNo = v.kind !== 'plurality'
  if (yesNo ? typeof ballot.choice !== 'boolean' : typeof ballot.choice === 'boolean') return 'shape'
  if (seat < 0 || seat >= s!.setup.players.length) return 'shape'
  return made >= VOTES_PER_VOTE ? 'too-many' : null
}

/** The command the referee's click makes for this seat's vote: seat s votes only as voter s. */
export const voteCommandOf = (seat: number, ballot: PhoneBallot): RefereeCommand => ({ type: 'castVote', voter: seat, choice: ballot.choice })

/** A vote's votes per seat (host memory): a new vote starts the count again. */
export class PhoneVotes {
  private id: string | null = null
  private readonly made = new Map<number, number>()
  /** What the engine refused of the phones' votes in the open vote, whose and why (the referee's view). */
  private readonly refused: { seat: number; error: ApiError }[] = []

  private sync(s: GameState | null): void {
    const id = voteIdOf(s)
    if (id !== this.id) {
      this.made.clear()
      this.refused.length = 0
    }
    this.id = id
  }

  /**
   * The engine's refusals of the open vote's phone votes, for the referee, each with its seat — also
   * while the operator plays blind: the vote is open (the projector names every voter, as hands
   * would), and who may not vote (the accused, the dead) is public.
   */
  refusedNow(s: GameState | null): { seats: number[]; error: ApiError }[] {
    this.sync(s)
    return this.refused.map((r) => ({ seats: [r.seat], error: r.error }))
  }

  /**
   * Seat `seat`'s phone votes: refused (the same answer for every reason and role) or run as the
   * referee's click (`play`: the host's). The engine's refusal is returned for the referee to read.
   */
  vote<R extends { ok: boolean }>(
    s: GameState | null,
    seat: number,
    ballot: PhoneBallot,
    play: (c: RefereeCommand) => R,
  ): { taken: boolean; engine: R | null } {
    this.sync(s)
    if (votePhoneRefusal(s, seat, ballot, this.made.get(seat) ?? 0) !== null) return { taken: false, engine: null }
    this.made.set(seat, (this.made.get(seat) ?? 0) + 1)
    const r = play(voteCommandOf(seat, ballot))
    if (!r.ok && 'error' in r) this.refused.push({ seat, error: r.error as ApiError })
    return { taken: r.ok, engine: r.ok ? null : r }
  }
}
