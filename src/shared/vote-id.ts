import type { PublicVote } from './views'

/**
 * The open vote's id, from public facts only: the day, the vote's kind, its candidates in order and
 * whether it is a revote. A phone's day vote names it (host/room/day-vote.ts), so a tap meant for
 * one vote never lands in the next (the guilty vote, then the execution vote on the same accused,
 * differ by kind). The host makes it from the game, the phone from its board: one rule for both.
 */
export const openVoteId = (day: number, kind: PublicVote['kind'], seats: readonly number[], revote: boolean): string =>
  `${day}.${kind}.${seats.join('-')}${revote ? '.r' : ''}`

/** The id of the vote a board shows (the phone's side of openVoteId); null: no vote open. */
export const boardVoteId = (board: { dayNumber: number; vote: PublicVote | null }): string | null =>
  board.vote
    ? openVoteId(
        board.dayNumber,
        board.vote.kind,
        board.vote.candidates.map((c) => c.seat),
        board.vote.revote,
      )
    : null
