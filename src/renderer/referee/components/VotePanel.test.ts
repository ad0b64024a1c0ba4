// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { RefereeVote } from '../../../shared/views'
import { makeAppView, makeLegal, makeRefereeView, makeSeats } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import VotePanel from './VotePanel.vue'
import { CLOSED_ROOM, type RoomView } from '../../../shared/room'

const guilty = (v: Partial<RefereeVote> = {}): RefereeVote => ({
  kind: 'guilty',
  candidates: [{ seat: 1, votes: 2, voters: null }],
  yes: 2,
  needed: 3,
  eligible: 5,
  revote: false,
  tiedAt: null,
  eligibleSeats: [0, 2, 3, 4, 5],
  ballots: [
    { voter: 0, choice: true },
    { voter: 3, choice: true },
    { voter: 4, choice: false },
  ],
  directCounts: false,
  ...v,
})

async function setup(vote: RefereeVote, legal = makeLegal({ castVote: vote.eligibleSeats, setVoteCount: true, closeVote: true })) {
  const game = makeRefereeView({ vote, legal })
  const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
  const wrapper = await mountWith(VotePanel, pinia, { props: { vote, legal, seats: makeSeats() } })
  return { wrapper, api }
}

describe('VotePanel', () => {
  it('says whose phone vote the engine refused and why, in the window’s words', async () => {
    const mount = async (voteRefused: RoomView['voteRefused']) => {
      const vote = guilty()
      const legal = makeLegal({ castVote: vote.eligibleSeats, setVoteCount: true, closeVote: true })
      const game = makeRefereeView({ vote, legal })
      const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game, lan: { ...CLOSED_ROOM, voteRefused } }))
      return mountWith(VotePanel, pinia, { props: { vote, legal, seats: makeSeats() } })
    }
    expect((await mount([])).findAll('[data-test="phone-vote-refused"]')).toHaveLength(0)
    const error = { code: 'not-allowed', message: 'x', reason: 'may-not-vote', params: {} } as const
    const one = (await mount([{ seats: [1], error }])).get('[data-test="phone-vote-refused"]').text()
    expect(one).toContain(makeSeats()[1]!.name)
    expect(one).not.toContain('phoneVotes')
  })

  it('shows one toggle per eligible voter, pressed for a yes; a tap flips it with castVote', async () => {
    const { wrapper, api } = await setup(guilty())
    const voters = wrapper.findAll('button[data-voter]')
    expect(voters.map((b) => b.attributes('data-voter'))).toEqual(['0', '2', '3', '4', '5'])
    expect(wrapper.get('[data-voter="0"]').attributes('aria-pressed')).toBe('true')
    expect(wrapper.get('[data-voter="4"]').attributes('aria-pressed')).toBe('false')
    await wrapper.get('[data-voter="0"]').trigger('click')
    expect(api.played('castVote').at(-1)).toEqual({ type: 'castVote', voter: 0, choice: false })
    await wrapper.get('[data-voter="2"]').trigger('click')
    expect(api.played('castVote').at(-1)).toEqual({ type: 'castVote', voter: 2, choice: true })
  })

  it('disables a voter the view does not list in legal.castVote', async () => {
    const vote = guilty()
    const { wrapper, api } = await setup(vote, makeLegal({ castVote: [0, 2], setVoteCount: true }))
    expect(wrapper.get('[data-voter="3"]').attributes('disabled')).toBeDefined()
    await wrapper.get('[data-voter="3"]').trigger('click')
    expect(api.played('castVote')).toHaveLength(0)
    expect(wrapper.get('[data-test="close-vote"]').attributes('disabled')).toBeDefined()
  })

  it('shows majority needed vs reached, from the host’s numbers', async () => {
    const notYet = await setup(guilty())
    expect(notYet.wrapper.get('[data-test="vote-progress"]').text()).toContain('2 yes — 3 of 5 needed')
    expect(notYet.wrapper.get('[data-test="vote-progress"]').text()).toContain('No majority yet')
    const reached = await setup(guilty({ yes: 3 }))
    expect(reached.wrapper.get('[data-test="vote-progress"]').text()).toContain('Majority reached')
  })

  it('takes a direct count and closes the vote', async () => {
    const { wrapper, api } = await setup(guilty())
    await wrapper.get('[data-test="direct-count"]').setValue('4')
    await wrapper.get('form.direct').trigger('submit')
    expect(api.play).toHaveBeenCalledWith({ type: 'setVoteCount', count: 4 })
    await wrapper.get('[data-test="close-vote"]').trigger('click')
    expect(api.played('closeVote')).toHaveLength(1)
  })

  it('plurality: a voter picks a nominee or nobody; a count per nominee', async () => {
    const vote: RefereeVote = {
      kind: 'plurality',
      candidates: [
        { seat: 1, votes: 1, voters: null },
        { seat: 4, votes: 0, voters: null },
      ],
      yes: 0,
      needed: 0,
      eligible: 6,
      revote: false,
      tiedAt: null,
      eligibleSeats: [0, 1, 2, 3, 4, 5],
      ballots: [{ voter: 0, choice: 1 }],
      directCounts: false,
    }
    const { wrapper, api } = await setup(vote)
    expect(wrapper.get('li[data-candidate="1"] .count').text()).toBe('1 vote')
    expect(wrapper.get('li[data-candidate="4"] .count').text()).toBe('no votes')
    const anna = wrapper.get('.ballot[data-voter="0"]')
    expect(anna.get('[data-choice="1"]').attributes('aria-pressed')).toBe('true')
    await wrapper.get('.ballot[data-voter="2"] [data-choice="4"]').trigger('click')
    expect(api.played('castVote').at(-1)).toEqual({ type: 'castVote', voter: 2, choice: 4 })
    await anna.get('[data-choice="none"]').trigger('click')
    expect(api.played('castVote').at(-1)).toEqual({ type: 'castVote', voter: 0, choice: null })
    const row = wrapper.get('li[data-candidate="4"]')
    await row.get('input').setValue('3')
    await row.get('form').trigger('submit')
    expect(api.play).toHaveBeenCalledWith({ type: 'setVoteCount', count: 3, candidate: 4 })
  })
})
