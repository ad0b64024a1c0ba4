// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { ClubView } from '../../../shared/club'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useDialogStore } from '../stores/useDialogStore'
import { useSetupStore } from '../stores/useSetupStore'
import RosterEditor from './RosterEditor.vue'

const standing = (name: string, games: number) => ({ name, games, wins: 0, winsAs: { town: 0, mafia: 0 }, survived: 0, executed: 0 })
const club = (players: ReturnType<typeof standing>[]): ClubView => ({
  games: [],
  tonight: { games: 0, teamWins: { town: 0, mafia: 0, draw: 0 }, players: [] },
  allTime: { games: 3, teamWins: { town: 2, mafia: 1, draw: 0 }, players },
  newNightAt: null,
})

async function setupWith(players: ReturnType<typeof standing>[]) {
  const { pinia, api } = await connectedReferee(makeAppView({ roster: ['Anna', 'Bence', 'Csaba'] }))
  api.clubView.mockResolvedValue({ ok: true, value: club(players) })
  api.carryHistory.mockResolvedValue({ ok: true, value: { games: 3 } })
  const setup = useSetupStore()
  setup.players = ['Anna', 'Bence', 'Csaba']
  const w = await mountWith(RosterEditor, pinia)
  return { w, api, dialog: useDialogStore() }
}

describe('RosterEditor: renaming a player with saved games', () => {
  it('offers to carry the games over, and carries them when the referee agrees', async () => {
    const { w, api, dialog } = await setupWith([standing('Anna', 3), standing('Bence', 1)])
    await w.get('input[data-index="0"]').setValue('Anna Kovács')
    await flushPromises()
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Anna Kovács', 'Bence', 'Csaba'])
    expect(dialog.current?.message).toBe('Anna has 3 saved games. Count them for Anna Kovács from now on?')
    dialog.answer(true)
    await flushPromises()
    expect(api.carryHistory).toHaveBeenCalledWith('Anna', 'Anna Kovács')
  })

  it('carries nothing when the referee declines, and asks nothing for a name without games or a new spelling', async () => {
    const { w, api, dialog } = await setupWith([standing('Anna', 3)])
    await w.get('input[data-index="0"]').setValue('Anna K')
    await flushPromises()
    dialog.answer(false)
    await flushPromises()
    expect(api.carryHistory).not.toHaveBeenCalled()

    await w.get('input[data-index="1"]').setValue('Béni')
    await flushPromises()
    expect(dialog.current).toBeNull()

    await w.get('input[data-index="2"]').setValue('CSABA')
    await flushPromises()
    expect(dialog.current).toBeNull()
    expect(api.clubView).toHaveBeenCalledTimes(2)
    expect(api.carryHistory).not.toHaveBeenCalled()
  })
})
