// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import RoomSettingsPanel from './RoomSettingsPanel.vue'

describe('RoomSettingsPanel', () => {
  it('shows the room settings and sends each change whole: voters, mute, volume', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ room: { showVoters: true, sound: { volume: 70, muted: false } } }))
    const w = await mountWith(RoomSettingsPanel, pinia)
    expect((w.get('[data-test="show-voters"]').element as HTMLInputElement).checked).toBe(true)
    expect(w.get('[data-test="volume-value"]').text()).toBe('70 %')

    await w.get('[data-test="show-voters"]').setValue(false)
    expect(api.setRoomSettings).toHaveBeenLastCalledWith({ showVoters: false, sound: { volume: 70, muted: false } })
    await w.get('[data-test="mute"]').setValue(true)
    expect(api.setRoomSettings).toHaveBeenLastCalledWith({ showVoters: true, sound: { volume: 70, muted: true } })
    await w.get('[data-test="volume"]').setValue('35')
    await w.get('[data-test="volume"]').trigger('change')
    await flushPromises()
    expect(api.setRoomSettings).toHaveBeenLastCalledWith({ showVoters: true, sound: { volume: 35, muted: false } })
  })

  it('mute greys out the volume', async () => {
    const { pinia } = await connectedReferee(makeAppView({ room: { showVoters: true, sound: { volume: 40, muted: true } } }))
    const w = await mountWith(RoomSettingsPanel, pinia)
    expect(w.get('[data-test="volume"]').attributes('disabled')).toBeDefined()
  })
})
