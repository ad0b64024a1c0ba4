// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { RefereeCall } from '../../../shared/room'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import PhoneCallPanel from './PhoneCallPanel.vue'

const game = makeRefereeView()
const seats = game.seats

function callWith(refused: RefereeCall['refused']): RefereeCall {
  return {
    id: '1.2',
    kind: 'investigator',
    answered: 2,
    total: 2,
    done: true,
    style: 'mafia',
    seats: [0, 1].map((seat) => ({ seat, name: seats[seat]!.name, phone: true, answered: true, pick: seat, acts: seat === 0 })),
    minUntil: 0,
    minPassed: true,
    ready: true,
    refused,
  }
}

async function mount(call: RefereeCall, lang = 'en') {
  const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game, language: lang }))
  return mountWith(PhoneCallPanel, pinia, { props: { call, seats } })
}

describe('PhoneCallPanel', () => {
  it('says whose pick the engine refused and why, in the window’s words; nothing when none was', async () => {
    const none = await mount(callWith([]))
    expect(none.findAll('[data-test="phone-call-refused"]')).toHaveLength(0)
    const one = await mount(
      callWith([{ seats: [0], error: { code: 'not-allowed', message: 'x', reason: 'investigator-self', params: { role: 'investigator' } } }]),
    )
    const line = one.get('[data-test="phone-call-refused"]').text()
    expect(line).toContain(seats[0]!.name)
    expect(line).not.toContain('night.phones')
    // While the operator plays blind no seat is named.
    const blind = await mount(callWith([{ seats: [], error: { code: 'not-allowed', message: 'x' } }]))
    const text = blind.get('[data-test="phone-call-refused"]').text()
    expect(text).not.toContain(seats[0]!.name)
    expect(text).not.toContain('night.phones')
  })
})
