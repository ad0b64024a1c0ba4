// @vitest-environment happy-dom
/** The players panel at the laptop: roles hidden with one click or R, said so, and kept across a reload. */
import { beforeEach, describe, expect, it } from 'vitest'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { ROLES_HIDDEN_KEY } from '../stores/usePrivacyStore'
import { usePrivacyStore } from '../stores/usePrivacyStore'
import SeatPicker from './SeatPicker.vue'
import SeatsPanel from './SeatsPanel.vue'

const ROLE_WORDS = /Mafioso|Inspector|Citizen|Doctor/g

async function panel() {
  const game = makeRefereeView()
  const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
  return mountWith(SeatsPanel, pinia, { props: { game } })
}

describe('SeatsPanel — hiding the roles', () => {
  beforeEach(() => localStorage.clear())

  it('hides every role with one click, says so, and shows them again', async () => {
    const w = await panel()
    expect(w.text().match(ROLE_WORDS)?.length).toBeGreaterThan(0)
    expect(w.find('[data-test="roles-hidden"]').exists()).toBe(false)
    await w.get('[data-test="toggle-roles"]').trigger('click')
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    expect(w.find('.role-mafia').exists()).toBe(false)
    expect(w.get('[data-test="roles-hidden"]').text()).toBe('Roles are hidden on this screen.')
    expect(w.get('[data-test="toggle-roles"]').attributes('aria-pressed')).toBe('true')
    await w.get('[data-test="toggle-roles"]').trigger('click')
    expect(w.text().match(ROLE_WORDS)?.length).toBeGreaterThan(0)
  })

  it('keeps the choice across a reload of the page', async () => {
    const first = await panel()
    await first.get('[data-test="toggle-roles"]').trigger('click')
    await Promise.resolve()
    expect(localStorage.getItem(ROLES_HIDDEN_KEY)).toBe('1')
    first.unmount()
    const again = await panel() // a fresh store, as after a reload
    expect(again.text().match(ROLE_WORDS)).toBeNull()
    expect(again.find('[data-test="roles-hidden"]').exists()).toBe(true)
  })
})

describe('SeatPicker — hidden roles', () => {
  beforeEach(() => localStorage.clear())

  it('drops the role tags on the seat buttons while the roles are hidden', async () => {
    const game = makeRefereeView()
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    const w = await mountWith(SeatPicker, pinia, { props: { seats: game.seats, enabled: [0, 1], label: 'Pick', roleNames: game.projector.names.en.roleNames } })
    expect(w.findAll('.tag').length).toBe(game.seats.length)
    usePrivacyStore(pinia).toggleRoles()
    await w.vm.$nextTick()
    expect(w.findAll('.tag')).toHaveLength(0)
    expect(w.find('.role-mafia').exists()).toBe(false)
  })
})

describe('SeatPicker — digits', () => {
  beforeEach(() => localStorage.clear())

  it('picks a seat by its number: at once when no other enabled seat begins with it, else on the next digit or Enter', async () => {
    const game = makeRefereeView()
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    const seats = Array.from({ length: 12 }, (_, seat) => ({ seat, name: `P${seat + 1}`, alive: true, role: null, revealed: false }))
    const enabled = seats.map((s) => s.seat).filter((s) => s !== 11) // seat 12 cannot be picked: "1" then "2" is nobody
    const w = await mountWith(SeatPicker, pinia, { props: { seats, enabled, label: 'Pick' }, attachTo: document.body })
    const key = (k: string) => w.get('.seat-picker').trigger('keydown', { key: k })
    expect(w.findAll('.seat-no').map((n) => n.text())).toEqual(seats.map((s) => String(s.seat + 1)))
    await key('3')
    expect(w.emitted('pick')).toEqual([[2]])
    expect(document.activeElement?.getAttribute('data-seat')).toBe('2')
    await key('1')
    expect(w.emitted('pick')).toHaveLength(1) // "1" may go on to 10 or 11: it waits, the focus on seat 1
    expect(document.activeElement?.getAttribute('data-seat')).toBe('0')
    await key('0')
    expect(w.emitted('pick')?.[1]).toEqual([9])
    await key('1')
    await key('2') // no enabled "12": the 2 starts afresh and picks seat 2
    expect(w.emitted('pick')?.[2]).toEqual([1])
    await key('1')
    await key('x') // another key forgets the digits
    await key('1')
    expect(w.emitted('pick')).toHaveLength(3)
    await key('1')
    expect(w.emitted('pick')?.[3]).toEqual([10])
    w.unmount()
  })
})
