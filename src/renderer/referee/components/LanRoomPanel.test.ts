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
    {
      id: 'aaaaaaaa',
      name: 'Anna',
      state: 'asking',
      connected: true,
      lastSeen: 0,
      lookedAtRole: false,
      code: '482913',
      seatHasPhone: false,
      device: 'iPhone · Safari',
      since: 0,
    },
    {
      id: 'bbbbbbbb',
      name: 'Bence',
      state: 'admitted',
      connected: true,
      lastSeen: 0,
      lookedAtRole: true,
      code: '105277',
      seatHasPhone: false,
      device: null,
      since: 0,
    },
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
    // Each row tells its device apart: the code the phone shows, the kind of device, when it came.
    expect(w.get('[data-test="lan-asking"] [data-test="lan-device-code"]').text()).toBe('code 482 913')
    expect(w.get('[data-test="lan-asking"]').text()).toContain('iPhone · Safari')
    expect(w.get('[data-test="lan-asking"]').text()).toContain('joined')
    expect(w.get('[data-test="lan-compare"]').text()).toContain('same code')
    expect(w.find('[data-test="lan-seat-has-phone"]').exists()).toBe(false)
    expect(w.get('[data-test="lan-admit-Anna"]').text()).toBe('Let in')
    expect(w.get('[data-test="lan-devices"]').text()).toContain('Bence')
    expect(w.get('[data-test="lan-devices"] [data-test="lan-device-code"]').text()).toBe('code 105 277')
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

  it('a phone asking for a seat that has one says so, and letting it in reads “Replace”', async () => {
    const second = { ...open.devices[1]!, id: 'dddddddd', state: 'asking' as const, code: '730041', seatHasPhone: true, device: 'Android phone · Chrome' }
    const { pinia, api } = await connectedReferee(makeAppView({ lan: { ...open, devices: [open.devices[1]!, second] } }))
    const w = await mountWith(LanRoomPanel, pinia)
    const asking = w.get('[data-test="lan-asking"]')
    expect(asking.get('[data-test="lan-seat-has-phone"]').text()).toContain('already has a phone')
    expect(asking.get('[data-test="lan-device-code"]').text()).toBe('code 730 041')
    expect(asking.text()).toContain('Android phone · Chrome')
    await asking.get('[data-test="lan-admit-Bence"]').trigger('click')
    expect(w.get('[data-test="lan-admit-Bence"]').text()).toBe('Replace')
    expect(api.admitDevice).toHaveBeenLastCalledWith('dddddddd')
    await asking.get('button:last-of-type').trigger('click')
    expect(api.dropDevice).toHaveBeenLastCalledWith('dddddddd')
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
