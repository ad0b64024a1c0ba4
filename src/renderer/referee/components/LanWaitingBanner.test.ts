// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CLOSED_ROOM, type RoomDevice, type RoomView } from '../../../shared/room'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import LanWaitingBanner from './LanWaitingBanner.vue'

const phone = (id: string, name: string, state: RoomDevice['state'] = 'asking', seatHasPhone = false): RoomDevice => ({
  id,
  name,
  state,
  connected: true,
  lastSeen: 0,
  lookedAtRole: false,
  code: id === 'aaaaaaaa' ? '123456' : '654321',
  seatHasPhone,
  device: 'Android phone · Chrome',
  since: 0,
})
const room = (devices: RoomDevice[]): RoomView => ({ ...CLOSED_ROOM, open: true, address: '192.168.1.20:41234', devices })

/** A WebAudio stand-in: counts the tones started. */
class FakeAudio {
  static tones = 0
  state = 'running'
  currentTime = 0
  destination = {}
  resume = async () => undefined
  createOscillator() {
    const param = { setValueAtTime: () => undefined }
    return { type: '', frequency: param, connect: () => undefined, start: () => FakeAudio.tones++, stop: () => undefined }
  }
  createGain() {
    const param = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }
    return { gain: param, connect: () => undefined }
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeAudio.tones = 0
})

describe('LanWaitingBanner', () => {
  it('shows a waiting phone at the top with Let in and Refuse, chimes softly when a new one asks, and puts the count in the title', async () => {
    vi.stubGlobal('AudioContext', FakeAudio)
    document.title = 'Nightfall — Referee'
    const { pinia, api } = await connectedReferee(makeAppView({ lan: room([phone('bbbbbbbb', 'Bence', 'admitted')]) }))
    const w = await mountWith(LanWaitingBanner, pinia)
    expect(w.find('[data-test="lan-waiting"]').exists()).toBe(false)
    expect(document.title).toBe('Nightfall — Referee')

    api.push(makeAppView({ lan: room([phone('bbbbbbbb', 'Bence', 'admitted'), phone('aaaaaaaa', 'Anna')]) }))
    await flushPromises()
    expect(w.get('[data-test="lan-waiting"]').text()).toContain('A phone is waiting to be let in')
    expect(w.get('[data-test="lan-waiting"]').text()).toContain('Anna’s phone')
    // The code to compare with the phone's, as on the room's panel: never a one-click let-in without it.
    expect(w.get('[data-test="lan-waiting"] [data-test="lan-device-code"]').text()).toContain('123 456')
    expect(w.get('[data-test="lan-waiting"]').text()).toContain('Android phone · Chrome')
    expect(document.title).toBe('(1) 1 phone waiting — Nightfall — Referee')
    expect(FakeAudio.tones).toBe(2)

    // The same phone still waiting: no chime again; a second one: a chime.
    api.push(makeAppView({ lan: room([phone('aaaaaaaa', 'Anna'), phone('cccccccc', 'Csaba')]) }))
    await flushPromises()
    expect(FakeAudio.tones).toBe(4)
    expect(w.get('[data-test="lan-waiting"]').text()).toContain('2 phones are waiting to be let in')
    expect(document.title).toBe('(2) 2 phones waiting — Nightfall — Referee')

    // A second phone for a seat that has one: marked, and its button replaces.
    api.push(makeAppView({ lan: room([phone('aaaaaaaa', 'Anna'), phone('cccccccc', 'Csaba', 'asking', true)]) }))
    await flushPromises()
    expect(w.get('[data-test="lan-seat-has-phone"]').text()).toContain('already has a phone')
    expect(w.get('[data-test="lan-waiting-admit-Csaba"]').text()).toBe('Replace')
    await w.get('[data-test="lan-waiting-admit-Anna"]').trigger('click')
    expect(api.admitDevice).toHaveBeenLastCalledWith('aaaaaaaa')
    await w.get('[data-test="lan-waiting-refuse-Csaba"]').trigger('click')
    expect(api.dropDevice).toHaveBeenLastCalledWith('cccccccc')

    api.push(makeAppView({ lan: room([]) }))
    await flushPromises()
    expect(w.find('[data-test="lan-waiting"]').exists()).toBe(false)
    expect(document.title).toBe('Nightfall — Referee')
  })

  it('keeps quiet when the room’s chimes are muted', async () => {
    vi.stubGlobal('AudioContext', FakeAudio)
    const muted = { showVoters: true, sound: { volume: 70, muted: true } }
    const { pinia, api } = await connectedReferee(makeAppView({ room: muted, lan: room([]) }))
    await mountWith(LanWaitingBanner, pinia)
    api.push(makeAppView({ room: muted, lan: room([phone('aaaaaaaa', 'Anna')]) }))
    await flushPromises()
    expect(FakeAudio.tones).toBe(0)
  })
})
