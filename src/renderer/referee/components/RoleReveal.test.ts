// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useDialogStore } from '../stores/useDialogStore'
import { useRevealStore } from '../stores/useRevealStore'
import RevealOne from './RevealOne.vue'
import RoleReveal from './RoleReveal.vue'

const ROLE_WORDS = /Mafioso|Inspector|Citizen|Doctor/g

describe('RoleReveal', () => {
  it('goes player by player and never shows two roles at once', async () => {
    const game = makeRefereeView()
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, pinia)

    for (const seat of game.seats) {
      // Hidden: "Pass to …", no role anywhere.
      expect(w.get('[data-test="pass-to"]').text()).toBe(`Pass the laptop to ${seat.name}`)
      expect(w.text().match(ROLE_WORDS)).toBeNull()
      await w.get('[data-test="reveal-show"]').trigger('click')
      // Shown: exactly this player's role.
      expect(w.text()).toContain(`${seat.name}, you are`)
      expect(w.findAll('[data-test="revealed-role"]')).toHaveLength(1)
      expect(w.text().match(ROLE_WORDS)).toHaveLength(1)
      expect(w.get('[data-test="revealed-role"]').text()).toBe(game.projector.roleNames[seat.role!])
      await w.get('[data-test="reveal-hide"]').trigger('click')
    }
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    await w.get('[data-test="reveal-finish"]').trigger('click')
    expect(useRevealStore().active).toBe(false)
  })

  it('says the role is hidden when the view withholds it', async () => {
    const game = makeRefereeView({ seats: makeRefereeView().seats.map((s) => ({ ...s, role: null })) })
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, pinia)
    await w.get('[data-test="reveal-show"]').trigger('click')
    expect(w.find('[data-test="revealed-role"]').exists()).toBe(false)
    expect(w.find('[data-test="revealed-hidden"]').exists()).toBe(true)
  })
})

describe('RoleReveal — blind operator (variant)', () => {
  it('asks the host for the one role being shown and forgets it on hide', async () => {
    const game = makeRefereeView({ blind: true, seats: makeRefereeView().seats.map((s) => ({ ...s, role: null })) })
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
    api.revealRole.mockImplementation(async (seat: number) => ({ ok: true as const, value: seat === 0 ? ('mafia' as const) : ('citizen' as const) }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, pinia)
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    await w.get('[data-test="reveal-show"]').trigger('click')
    await new Promise((r) => setTimeout(r, 0))
    expect(api.revealRole).toHaveBeenCalledWith(0)
    expect(w.get('[data-test="revealed-role"]').text()).toBe('Mafioso')
    await w.get('[data-test="reveal-hide"]').trigger('click')
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    await w.get('[data-test="reveal-show"]').trigger('click')
    await new Promise((r) => setTimeout(r, 0))
    expect(api.revealRole).toHaveBeenLastCalledWith(1)
    expect(w.get('[data-test="revealed-role"]').text()).toBe('Citizen')
  })
})

describe('RoleReveal — one forgetful player', () => {
  it('after a confirmation, shows only the chosen player their card: nobody before or after', async () => {
    const game = makeRefereeView()
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    const picker = await mountWith(RevealOne, pinia, { props: { seats: game.seats } })
    await picker.get('[data-test="reveal-one"]').trigger('click')
    const third = game.seats[2]!
    await picker.get('[data-test="reveal-one-seat"]').setValue(String(third.seat))
    await picker.get('[data-test="reveal-one-go"]').trigger('click')
    // The confirmation comes first; nothing is shown while it is open.
    const dialog = useDialogStore()
    expect(dialog.current?.message).toContain(third.name)
    expect(useRevealStore().active).toBe(false)
    dialog.answer(true)
    await flushPromises()
    expect(useRevealStore().active).toBe(true)

    const w = await mountWith(RoleReveal, pinia)
    expect(w.get('[data-test="pass-to"]').text()).toBe(`Pass the laptop to ${third.name}`)
    await w.get('[data-test="reveal-show"]').trigger('click')
    expect(w.get('[data-test="revealed-role"]').text()).toBe(game.projector.roleNames[third.role!])
    expect(w.text().match(ROLE_WORDS)).toHaveLength(1)
    await w.get('[data-test="reveal-hide"]').trigger('click')
    // Done at once: the next player is not offered.
    expect(w.find('[data-test="pass-to"]').exists()).toBe(false)
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    await w.get('[data-test="reveal-finish"]').trigger('click')
    expect(useRevealStore().active).toBe(false)
  })

  it('a cancelled confirmation shows nothing', async () => {
    const game = makeRefereeView()
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    const picker = await mountWith(RevealOne, pinia, { props: { seats: game.seats } })
    await picker.get('[data-test="reveal-one"]').trigger('click')
    await picker.get('[data-test="reveal-one-seat"]').setValue(String(game.seats[1]!.seat))
    await picker.get('[data-test="reveal-one-go"]').trigger('click')
    useDialogStore().answer(false)
    await flushPromises()
    expect(useRevealStore().active).toBe(false)
  })
})

describe('RoleReveal — skipping', () => {
  it('asks before skipping everyone still waiting: no ends nothing, yes ends the reveal', async () => {
    const game = makeRefereeView()
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, pinia)
    const dialog = useDialogStore()
    await w.get('[data-test="reveal-skip"]').trigger('click')
    expect(dialog.current?.message).toContain('every player still waiting')
    dialog.answer(false)
    await flushPromises()
    expect(useRevealStore().active).toBe(true)
    await w.get('[data-test="reveal-skip"]').trigger('click')
    dialog.answer(true)
    await flushPromises()
    expect(useRevealStore().active).toBe(false)
  })
})
