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
  season: { games: 3, teamWins: { town: 2, mafia: 1, draw: 0 }, players },
  seasonStart: null,
  seasonSince: null,
  allTime: { games: 3, teamWins: { town: 2, mafia: 1, draw: 0 }, players },
  newNightAt: null,
})

async function setupWith(players: ReturnType<typeof standing>[]) {
  const { pinia, api } = await connectedReferee(makeAppView({ roster: ['Anna', 'Bence', 'Csaba'] }))
  api.clubView.mockResolvedValue({ ok: true, value: club(players) })
  api.carryHistory.mockResolvedValue({ ok: true, value: { games: 3 } })
  const setup = useSetupStore(pinia)
  setup.players = ['Anna', 'Bence', 'Csaba']
  const w = await mountWith(RosterEditor, pinia)
  return { w, api, setup, dialog: useDialogStore(pinia) }
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

async function mountRoster() {
  const { pinia, api } = await connectedReferee()
  useSetupStore().syncFromView()
  const wrapper = await mountWith(RosterEditor, pinia)
  return { wrapper, api, dialog: useDialogStore() }
}

const names = (wrapper: Awaited<ReturnType<typeof mountRoster>>['wrapper']) =>
  wrapper.findAll<HTMLInputElement>('[data-test="roster-row"] input.name').map((i) => i.element.value)

describe('RosterEditor: roster handling', () => {
  it('clears the roster only after a confirmation that says how many players go', async () => {
    const { wrapper, api, dialog } = await mountRoster()
    await wrapper.get('[data-test="clear-roster"]').trigger('click')
    expect(dialog.current?.message).toBe('Remove all 6 players from the roster?')
    dialog.answer(false)
    await flushPromises()
    expect(api.saveRoster).not.toHaveBeenCalled()
    expect(names(wrapper)).toHaveLength(6)

    await wrapper.get('[data-test="clear-roster"]').trigger('click')
    dialog.answer(true)
    await flushPromises()
    expect(api.saveRoster).toHaveBeenLastCalledWith([])
    expect(wrapper.findAll('[data-test="roster-row"]')).toHaveLength(0)
    expect(wrapper.get('[data-test="clear-roster"]').attributes('disabled')).toBeDefined()
  })

  it('adds a pasted list, one name a line, and says which names were already seated', async () => {
    const { wrapper, api } = await mountRoster()
    await wrapper.get('[data-test="paste-open"]').trigger('click')
    await wrapper.get('[data-test="paste-text"]').setValue('1. Gábor\n2. Hédi\n\nanna\n')
    await wrapper.get('form.paste').trigger('submit')
    await flushPromises()
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Anna', 'Bence', 'Csaba', 'Dóra', 'Emil', 'Fanni', 'Gábor', 'Hédi'])
    expect(wrapper.get('[data-test="paste-result"]').text()).toBe('2 names added. Already on the roster: anna.')
    expect((wrapper.get('[data-test="paste-text"]').element as HTMLTextAreaElement).value).toBe('')
    // A later change of the list takes the paste's line away (it would tell a wrong count).
    await wrapper.findAll('[data-test="roster-row"]')[0]!.get('[data-test="remove"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-test="paste-result"]').exists()).toBe(false)
  })

  it('drags a row onto another seat', async () => {
    const { wrapper, api } = await mountRoster()
    const rows = wrapper.findAll('[data-test="roster-row"]')
    const data = { setData: () => undefined, effectAllowed: '' }
    await rows[0]!.get('[data-test="drag-handle"]').trigger('dragstart', { dataTransfer: data })
    await rows[3]!.trigger('dragover', { dataTransfer: data })
    expect(rows[3]!.classes()).toContain('drop-target')
    await rows[3]!.trigger('drop', { dataTransfer: data })
    await flushPromises()
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Bence', 'Csaba', 'Dóra', 'Anna', 'Emil', 'Fanni'])
    expect(names(wrapper)).toEqual(['Bence', 'Csaba', 'Dóra', 'Anna', 'Emil', 'Fanni'])
  })

  it('keyboard: the ↑/↓ buttons name the player they move', async () => {
    const { wrapper, api } = await mountRoster()
    const down = wrapper.findAll('[data-test="move-down"]')[0]!
    expect(down.attributes('aria-label')).toBe('Move Anna down')
    await down.trigger('click')
    await flushPromises()
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Bence', 'Anna', 'Csaba', 'Dóra', 'Emil', 'Fanni'])
  })
})

describe('RosterEditor: a player sits out a game without leaving the roster', () => {
  it('unticks "plays": the row keeps its name, the others are numbered without it, and the next game seats only those who play', async () => {
    const { w, api, setup } = await setupWith([])
    await w.findAll('[data-test=roster-plays] input')[1]!.setValue(false)
    await flushPromises()
    expect(api.setSittingOut).toHaveBeenLastCalledWith(['Bence'])
    expect(setup.players).toEqual(['Anna', 'Bence', 'Csaba'])
    expect(setup.seated).toEqual(['Anna', 'Csaba'])
    const rows = w.findAll('[data-test=roster-row]')
    expect(rows.map((r) => r.get('.seat-no').text())).toEqual(['1', '–', '2'])
    expect(rows[1]!.get('[data-test=roster-plays]').text()).toBe('Sits out')
    expect(w.get('[data-test=roster-seated]').text()).toBe('2 at the table, 1 sitting out')
    setup.selectRuleset(setup.presets[0]!.id)
    expect(setup.request()?.players).toEqual(['Anna', 'Csaba'])
    // Back to the table.
    await w.findAll('[data-test=roster-plays] input')[1]!.setValue(true)
    await flushPromises()
    expect(api.setSittingOut).toHaveBeenLastCalledWith([])
    expect(setup.seated).toEqual(['Anna', 'Bence', 'Csaba'])
    expect(w.find('[data-test=roster-seated]').exists()).toBe(false)
  })
})
