// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { CLOSED_ROOM, type RoomView } from '../../../shared/room'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useDialogStore } from '../stores/useDialogStore'
import LanRoomPanel from './LanRoomPanel.vue'
import SetupScreen from './SetupScreen.vue'

const open: RoomView = {
  ...CLOSED_ROOM,
  open: true,
  addresses: ['192.168.1.20'],
  address: '192.168.1.20:41234',
  playerUrl: 'http://192.168.1.20:41234/player/',
  projectorUrl: 'http://192.168.1.20:41234/tv/',
  displayCode: '0427',
  devices: [
    { id: 'aaaaaaaa', name: 'Anna', state: 'asking', connected: true, lastSeen: 0, lookedAtRole: false },
    { id: 'bbbbbbbb', name: 'Bence', state: 'admitted', connected: true, lastSeen: 0, lookedAtRole: true },
  ],
  displays: [{ id: 'cccccccc', connected: false, lastSeen: 0 }],
}

describe('LanRoomPanel', () => {
  it('closed: offers the addresses and opens the room on the default route unless one is chosen', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ lan: { ...CLOSED_ROOM, addresses: ['10.0.0.5', '192.168.1.20'] } }))
    const w = await mountWith(LanRoomPanel, pinia)
    await w.get('[data-test="lan-open"]').trigger('click')
    expect(api.openRoom).toHaveBeenLastCalledWith(null)
    await w.get('[data-test="lan-address"]').setValue('192.168.1.20')
    await w.get('[data-test="lan-open"]').trigger('click')
    expect(api.openRoom).toHaveBeenLastCalledWith('192.168.1.20')
  })

  it('open: the players’ address with its QR code, the display code, a phone asking to be let in, a seat’s phone', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ lan: open }))
    const w = await mountWith(LanRoomPanel, pinia)
    expect(w.get('[data-test="lan-player-url"]').text()).toBe(open.playerUrl)
    expect(w.findAll('[data-test="qr"]')).toHaveLength(2)
    expect(w.get('[data-test="lan-code"]').text()).toContain('0427')
    expect(w.get('[data-test="lan-asking"]').text()).toContain('Anna’s phone')
    expect(w.get('[data-test="lan-devices"]').text()).toContain('Bence')
    expect(w.get('[data-test="lan-devices"]').text()).toContain('has seen the role')
    // A phone is connected: no network help.
    expect(w.find('[data-test="lan-help"]').exists()).toBe(false)
    expect(w.get('[data-test="lan-screens"]').text()).toContain('Screen 1')
    expect(w.get('[data-test="lan-screens"]').text()).toContain('away since')
    await w.get('[data-test="lan-admit-Anna"]').trigger('click')
    expect(api.admitDevice).toHaveBeenLastCalledWith('aaaaaaaa')
    // Refuse Anna's, drop Bence's phone and the screen: one list's buttons each.
    for (const [list, id] of [
      ['lan-asking', 'aaaaaaaa'],
      ['lan-devices', 'bbbbbbbb'],
      ['lan-screens', 'cccccccc'],
    ]) {
      await w.get(`[data-test="${list}"] button:last-of-type`).trigger('click')
      expect(api.dropDevice).toHaveBeenLastCalledWith(id)
    }
    // Closing with devices in asks first: no, then yes.
    const dialog = useDialogStore(pinia)
    await w.get('[data-test="lan-close"]').trigger('click')
    expect(dialog.current?.message).toBe('Close the room? The 3 devices in it must scan the code and be let in again.')
    dialog.answer(false)
    await flushPromises()
    expect(api.closeRoom).not.toHaveBeenCalled()
    await w.get('[data-test="lan-close"]').trigger('click')
    dialog.answer(true)
    await flushPromises()
    expect(api.closeRoom).toHaveBeenCalled()
  })

  it('says so when the club’s port was taken and the room moved to a new address', async () => {
    const { pinia } = await connectedReferee(makeAppView({ lan: { ...open, movedFrom: 40000 } }))
    const w = await mountWith(LanRoomPanel, pinia)
    expect(w.get('[data-test="lan-moved"]').text()).toBe(
      'Port 40000 is taken by another program, so the room is now at 192.168.1.20:41234: phones and the TV must scan the new QR code.',
    )
  })

  it('closes an empty room at once', async () => {
    const { pinia, api } = await connectedReferee(makeAppView({ lan: { ...open, devices: [], displays: [] } }))
    const w = await mountWith(LanRoomPanel, pinia)
    expect(w.find('[data-test="lan-moved"]').exists()).toBe(false)
    await w.get('[data-test="lan-close"]').trigger('click')
    await flushPromises()
    expect(useDialogStore(pinia).current).toBeNull()
    expect(api.closeRoom).toHaveBeenCalled()
  })

  it('is on the setup screen too: the room opens while people arrive', async () => {
    const { pinia } = await connectedReferee(makeAppView({ screen: 'setup', lan: open }))
    const w = await mountWith(SetupScreen, pinia)
    expect(w.find('[data-test="lan-room"]').exists()).toBe(true)
    expect(w.get('[data-test="lan-asking"]').text()).toContain('Anna’s phone')
  })

  it('open with no phone connected: the likely network causes', async () => {
    const { pinia } = await connectedReferee(makeAppView({ lan: { ...open, devices: [] } }))
    const w = await mountWith(LanRoomPanel, pinia)
    expect(w.get('[data-test="lan-help"]').text()).toContain('Guest Wi-Fi')
  })
})
