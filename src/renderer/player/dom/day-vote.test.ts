// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { playerView } from '../../../engine'
import { rulesetWith, Scripted } from '../../../engine/testing'
import { phoneVoteOf } from '../../../host/room/day-vote'
import { phoneWords, switchLanguage } from '../words'
import { dayVote, type VoteChoice } from './day-vote'

/**
 * The day's vote on the phone (docs/room.md): the question in the phone's language, yes and no (a
 * yes/no vote) or the nominees and "no vote" (plurality), the own vote marked and said; a tap sends
 * the choice. Every seat's screen is the same but for its own vote, whatever its role.
 */
const yesNo = () =>
  Scripted.of(rulesetWith('maffiasig', { votesOnPhones: true }), 'MMMI CCCC CCCC')
    .endStep()
    .do({ type: 'accuse', accused: 5 })

describe('the day’s vote on the phone', () => {
  for (const lang of ['en', 'hu'] as const)
    it(`${lang}: a guilty vote — the question names the accused, yes and no, the own vote marked; a mafioso’s and a citizen’s screens are the same`, async () => {
      await switchLanguage(lang)
      const g = yesNo().do({ type: 'castVote', voter: 0, choice: true }, { type: 'castVote', voter: 6, choice: true })
      const sent: VoteChoice[] = []
      const el = (seat: number) => dayVote(phoneVoteOf(g.state, seat)!, playerView(g.state, seat), phoneWords, (c) => sent.push(c))!
      const mafioso = el(0)
      const citizen = el(6)
      expect(g.state.roles[0]).toBe('mafia')
      expect(g.state.roles[6]).toBe('citizen')
      expect(mafioso.outerHTML).toBe(citizen.outerHTML)
      const accused = g.state.setup.players[5]!
      expect(mafioso.querySelector('[data-test=phone-vote-question]')!.textContent).toBe(phoneWords.t('phoneVotes.guilty', { name: accused }))
      expect(mafioso.querySelector('[data-test=phone-vote-question]')!.textContent).toContain(accused)
      const buttons = [...mafioso.querySelectorAll('button')]
      expect(buttons.map((b) => b.textContent)).toEqual([phoneWords.t('phoneVotes.yes'), phoneWords.t('phoneVotes.no')])
      expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false'])
      expect(mafioso.querySelector('[data-test=vote-result]')!.textContent).toBe(phoneWords.t('phoneVotes.yours', { choice: phoneWords.t('phoneVotes.yes') }))
      // Not voted yet: nothing marked, said so.
      const other = el(7)
      expect([...other.querySelectorAll('button')].map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false'])
      expect(other.querySelector('[data-test=vote-result]')!.textContent).toBe(phoneWords.t('phoneVotes.none'))
      buttons[1]!.click()
      expect(sent).toEqual([false])
      // The words in the phone's language, not a key or English.
      expect(buttons[0]!.textContent).toBe({ en: 'Yes', hu: 'Igen' }[lang])
    })

  it('plurality: the nominees and "no vote"; a tap sends the seat or null', async () => {
    await switchLanguage('sv')
    const g = Scripted.of(rulesetWith('swedish', { votesOnPhones: true }), 'MMM I D CCCC')
      .night({ target: 8, investigate: 0, heal: 4 })
      .do({ type: 'nominate', player: 5 }, { type: 'nominate', player: 6 }, { type: 'closeNominations' })
    if (g.state.day?.stage !== 'vote') g.do({ type: 'skipDefences' })
    const sent: VoteChoice[] = []
    const el = dayVote(phoneVoteOf(g.state, 0)!, playerView(g.state, 0), phoneWords, (c) => sent.push(c))!
    const buttons = [...el.querySelectorAll('button')]
    expect(buttons.map((b) => b.textContent)).toEqual([g.state.setup.players[5], g.state.setup.players[6], phoneWords.t('phoneVotes.abstain')])
    expect(el.querySelector('[data-test=phone-vote-question]')!.textContent).toBe('Vem röstar du på för avrättning?')
    buttons[0]!.click()
    buttons[2]!.click()
    expect(sent).toEqual([5, null])
  })
})
