import { describe, expect, it } from 'vitest'
import type { Command, RefereeCommand } from '../../shared/commands'
import { dispatch } from '../../engine'
import { rulesetWith, Scripted } from '../../engine/testing'
import { boardVoteId } from '../../shared/vote-id'
import { PhoneVotes, VOTES_PER_VOTE, voteIdOf, votePhoneRefusal, type PhoneBallot } from './day-vote'

/**
 * The day's votes on the phones, the host's rules (day-vote.ts): a phone votes only as its own seat,
 * only in the open vote it names, with a choice of the vote's shape; the engine refuses the rest
 * (a dead seat, the accused, a name that is no nominee); the count equals the referee's clicks.
 */
const onPhones = (id: 'estonian' | 'maffiasig' | 'swedish') => rulesetWith(id, { votesOnPhones: true })

/** A phone's vote run on the scripted game, as the host runs it (the referee's castVote). */
const player = (g: Scripted) => (c: RefereeCommand) => {
  // castVote has no host field: the referee's command is the engine's.
  const r = dispatch(g.game, c as Command)
  if (r.ok) g.game = r.value
  return r
}

describe('the day’s votes on the phones (host)', () => {
  it('only with the option, only while a vote is open', () => {
    const off = Scripted.of('maffiasig', 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    expect(voteIdOf(off.state)).toBeNull()
    const g = Scripted.of(onPhones('maffiasig'), 'MMMI CCCC CCCC').endStep()
    expect(voteIdOf(g.state)).toBeNull()
    expect(votePhoneRefusal(g.state, 0, { vote: '1.guilty.5', choice: true }, 0)).toBe('closed')
    g.do({ type: 'accuse', accused: 5 })
    expect(voteIdOf(g.state)).toBe(`${g.state.dayNumber}.guilty.5`)
    // The phone makes the same id from its board (the public view).
    expect(boardVoteId(g.projector)).toBe(voteIdOf(g.state))
  })

  it('a seat votes as itself: its vote is the referee’s castVote, changed while the vote is open, shown by name', () => {
    const g = Scripted.of(onPhones('maffiasig'), 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    const votes = new PhoneVotes()
    const vote = voteIdOf(g.state)!
    expect(votes.vote(g.state, 0, { vote, choice: true }, player(g)).taken).toBe(true)
    expect(votes.vote(g.state, 3, { vote, choice: true }, player(g)).taken).toBe(true)
    expect(g.projector.vote?.candidates[0]?.voters).toEqual([0, 3])
    expect(votes.vote(g.state, 3, { vote, choice: false }, player(g)).taken).toBe(true)
    expect(g.projector.vote?.candidates[0]?.voters).toEqual([0])
    expect(g.state.day?.vote?.ballots).toEqual({ 0: true, 3: false })
  })

  it('refused before the engine, the same for every seat: a stale vote, the wrong shape, too many', () => {
    const g = Scripted.of(onPhones('maffiasig'), 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    const vote = voteIdOf(g.state)!
    const before = g.game
    const votes = new PhoneVotes()
    const tries: PhoneBallot[] = [
      { vote: `${vote}x`, choice: true },
      { vote, choice: 2 },
      { vote, choice: null },
    ]
    for (const seat of [0, 3, 6]) for (const b of tries) expect(votes.vote(g.state, seat, b, player(g))).toEqual({ taken: false, engine: null })
    expect(g.game).toBe(before)
    expect(votePhoneRefusal(g.state, 0, { vote, choice: true }, VOTES_PER_VOTE)).toBe('too-many')
    for (let i = 0; i < VOTES_PER_VOTE; i++) expect(votes.vote(g.state, 1, { vote, choice: i % 2 === 0 }, player(g)).taken).toBe(true)
    expect(votes.vote(g.state, 1, { vote, choice: true }, player(g)).taken).toBe(false)
  })

  it('the engine refuses a dead seat and the accused: the phone is refused, the referee gets the engine’s reason', () => {
    const dead = Scripted.of(onPhones('estonian'), 'M I D CCCC').night({ target: 6, investigate: 0, heal: 2 })
    dead.do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 4 }, { type: 'closeNominations' })
    if (dead.state.day?.stage !== 'vote') dead.do({ type: 'skipDefences' })
    const accused = Scripted.of(onPhones('maffiasig'), 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    for (const [g, seat, choice] of [
      [dead, 6, 5],
      [accused, 5, true],
    ] as const) {
      expect(seat === 6 ? g.state.alive[6] : true).toBe(seat !== 6)
      const r = new PhoneVotes().vote(g.state, seat, { vote: voteIdOf(g.state)!, choice }, player(g))
      expect(r.taken).toBe(false)
      expect(r.engine).toMatchObject({ ok: false, error: { reason: 'may-not-vote' } })
      expect(g.state.day?.vote?.ballots).toEqual({})
    }
  })

  it('plurality: a nominee or no vote; a name that is no nominee is the engine’s refusal', () => {
    const g = Scripted.of(onPhones('swedish'), 'MMM I D CCCC')
      .night({ target: 8, investigate: 0, heal: 4 })
      .do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'closeNominations' })
    if (g.state.day?.stage !== 'vote') g.do({ type: 'skipDefences' })
    const vote = voteIdOf(g.state)!
    expect(vote).toMatch(/plurality\.5-6$/)
    expect(boardVoteId(g.projector)).toBe(vote)
    const votes = new PhoneVotes()
    expect(votes.vote(g.state, 0, { vote, choice: true }, player(g))).toEqual({ taken: false, engine: null })
    expect(votes.vote(g.state, 0, { vote, choice: 5 }, player(g)).taken).toBe(true)
    expect(votes.vote(g.state, 1, { vote, choice: null }, player(g)).taken).toBe(true)
    expect(votes.vote(g.state, 2, { vote, choice: 3 }, player(g)).engine).toMatchObject({ error: { reason: 'not-candidate' } })
  })

  it('the count equals the referee’s clicks for the same votes', () => {
    const start = Scripted.of(onPhones('maffiasig'), 'MMMI CCCC CCCC').endStep().do({ type: 'accuse', accused: 5 })
    const ballots: [number, boolean][] = [
      [0, true],
      [1, true],
      [2, false],
      [3, true],
      [4, true],
      [6, true],
      [7, true],
      [1, false],
      [8, true],
    ]
    const phones = start.fork()
    const votes = new PhoneVotes()
    for (const [seat, choice] of ballots) votes.vote(phones.state, seat, { vote: voteIdOf(phones.state)!, choice }, player(phones))
    const clicks = start.fork().do(...ballots.map(([voter, choice]) => ({ type: 'castVote' as const, voter, choice })))
    expect(phones.state).toEqual(clicks.state)
    phones.do({ type: 'closeVote' })
    clicks.do({ type: 'closeVote' })
    expect(phones.state).toEqual(clicks.state)
    expect(phones.game.log.map((e) => e.command)).toEqual(clicks.game.log.map((e) => e.command))
  })
})
