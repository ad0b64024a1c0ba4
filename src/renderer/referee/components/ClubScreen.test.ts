// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { ClubView, GameRecord, Standings } from '../../../shared/club'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useAppStore } from '../stores/useAppStore'
import { useDialogStore } from '../stores/useDialogStore'
import ClubScreen from './ClubScreen.vue'

const none: Standings = { games: 0, teamWins: { town: 0, mafia: 0, draw: 0 }, players: [] }
const game: GameRecord = {
  id: 'g1',
  finishedAt: '2026-12-01T22:44:43.535Z',
  imported: false,
  rulesetName: 'Swedish',
  players: ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese'],
  roles: ['mafia', 'citizen', 'citizen', 'investigator', 'citizen'],
  winner: 'town',
  survivors: [1, 2],
  executed: [0],
  days: 2,
  commands: 30,
}
const club: ClubView = { games: [game], tonight: none, season: none, seasonStart: null, seasonSince: null, allTime: none, newNightAt: null }

describe('ClubScreen', () => {
  it('going back to the setup takes the standings off the projector', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ language: 'hu', projectorShows: { kind: 'standings', period: 'tonight' } }))
    api.clubView.mockResolvedValue({ ok: true, value: club })
    const w = await mountWith(ClubScreen, pinia)
    expect(w.get('[data-test="club-game"]').text()).toContain('Swedish')
    await w.get('[data-test="club-back"]').trigger('click')
    expect(api.showOnProjector).toHaveBeenLastCalledWith({ kind: 'game' })
    expect(w.emitted('close')).toHaveLength(1)
  })

  it('a change pushes a view, and the club is pulled again: a deleted game leaves the list without a re-pull of its own', async () => {
    const { pinia, api } = await connectedReferee(makeAppView())
    api.clubView.mockResolvedValue({ ok: true, value: club })
    const w = await mountWith(ClubScreen, pinia)
    expect(w.findAll('[data-test="club-game"]')).toHaveLength(1)
    api.clubView.mockResolvedValue({ ok: true, value: { ...club, games: [] } })
    api.push(makeAppView({ sentAt: 2 }))
    await vi.waitFor(() => expect(w.findAll('[data-test="club-game"]')).toHaveLength(0))
    expect(api.clubView).toHaveBeenCalledTimes(2)
  })

  it('a game already saved asks whether to replace it, without an error beside the question', async () => {
    const { pinia, api } = await connectedReferee(makeAppView())
    api.clubView.mockResolvedValue({ ok: true, value: club })
    api.importGame.mockResolvedValueOnce({
      ok: false,
      error: { code: 'duplicate-game', message: 'This game is saved already (2026-12-01T22:44:43.535Z).', params: { date: game.finishedAt } },
    })
    const w = await mountWith(ClubScreen, pinia)
    const input = w.get<HTMLInputElement>('[data-test="club-import-input"]')
    Object.defineProperty(input.element, 'files', { value: [new File(['{}'], 'game.json')], configurable: true })
    await input.trigger('change')
    await vi.waitFor(() => expect(useDialogStore(pinia).current).not.toBeNull())
    expect(useAppStore(pinia).error).toBeNull()
    useDialogStore(pinia).answer(true)
    await vi.waitFor(() => expect(api.importGame).toHaveBeenLastCalledWith('{}', 'replace'))
  })
})
