// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { CLOSED_ROOM } from '../../../shared/room'
import QrCode from '../../shared/components/QrCode.vue'
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
      expect(w.get('[data-test="revealed-role"]').text()).toBe(game.projector.names.en.roleNames[seat.role!])
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
    expect(w.get('[data-test="revealed-role"]').text()).toBe(game.projector.names.en.roleNames[third.role!])
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

describe('RoleReveal — the personal QR code (the room on the network is open)', () => {
  const link = (seat: number) => `http://192.168.1.20:41234/player/#claim=${String(seat).repeat(32)}`
  const lan = { ...CLOSED_ROOM, open: true, playerUrl: 'http://192.168.1.20:41234/player/' }

  it('shows the current player their own code, asked of the host for their seat alone, and forgets it on hide', async () => {
    const game = makeRefereeView()
    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game, lan }))
    api.personalLink.mockImplementation(async (seat: number) => ({ ok: true as const, value: link(seat) }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, pinia)
    const [anna, bence] = game.seats
    await w.get('[data-test="reveal-qr"]').trigger('click')
    await flushPromises()
    expect(api.personalLink).toHaveBeenCalledTimes(1)
    expect(api.personalLink).toHaveBeenLastCalledWith(anna!.seat)
    // The QR code of that address, and no role on the screen.
    const expected = await mountWith(QrCode, pinia, { props: { text: link(anna!.seat), label: '' } })
    expect(w.get('[data-test="reveal-personal"] [data-test="qr"] path').attributes('d')).toBe(expected.get('path').attributes('d'))
    expect(w.get('[data-test="reveal-personal"] [data-test="qr"]').attributes('aria-label')).toBe(`${anna!.name}’s personal QR code`)
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    // Her phone joins with it: the referee's view says so.
    api.push(
      makeAppView({
        screen: 'game',
        game,
        lan: {
          ...lan,
          devices: [
            {
              id: 'p1',
              name: anna!.name,
              state: 'admitted',
              connected: true,
              lastSeen: 0,
              lookedAtRole: false,
              code: '000000',
              seatHasPhone: false,
              device: null,
              since: 0,
            },
          ],
        },
      }),
    )
    await flushPromises()
    expect(w.get('[data-test="reveal-phone-in"]').text()).toContain(anna!.name)
    // Hidden: the code is gone and the next player is asked for.
    await w.get('[data-test="reveal-hide"]').trigger('click')
    expect(w.find('[data-test="qr"]').exists()).toBe(false)
    expect(w.get('[data-test="pass-to"]').text()).toBe(`Pass the laptop to ${bence!.name}`)
    // The next player may also see the role on the laptop, after the code.
    await w.get('[data-test="reveal-qr"]').trigger('click')
    await flushPromises()
    expect(api.personalLink).toHaveBeenLastCalledWith(bence!.seat)
    await w.get('[data-test="reveal-qr-role"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-test="qr"]').exists()).toBe(false)
    expect(w.get('[data-test="revealed-role"]').text()).toBe(game.projector.names.en.roleNames[bence!.role!])
  })

  it('offers no code while the room is closed; a refusal shows no code', async () => {
    const game = makeRefereeView()
    const closed = await connectedReferee(makeAppView({ screen: 'game', game }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, closed.pinia)
    expect(w.find('[data-test="reveal-qr"]').exists()).toBe(false)

    const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game, lan }))
    api.personalLink.mockResolvedValue({ ok: false, error: { code: 'unavailable', message: 'Open the room on the network first.' } })
    useRevealStore().begin()
    const v = await mountWith(RoleReveal, pinia)
    await v.get('[data-test="reveal-qr"]').trigger('click')
    await flushPromises()
    expect(v.find('[data-test="qr"]').exists()).toBe(false)
    expect(v.find('[data-test="pass-to"]').exists()).toBe(true)
  })
})

describe('RoleReveal — a player whose phone is in the room', () => {
  it('offers "sees it on their own phone" for that player only, and goes on without showing a role', async () => {
    const game = makeRefereeView()
    const [anna, bence] = game.seats
    const phone = {
      id: 'p1',
      name: anna!.name,
      state: 'admitted' as const,
      connected: true,
      lastSeen: 0,
      lookedAtRole: false,
      code: '123456',
      seatHasPhone: false,
      device: null,
      since: 0,
    }
    const lan = { ...CLOSED_ROOM, open: true, playerUrl: 'http://192.168.1.20:41234/player/', devices: [phone] }
    const { pinia } = await connectedReferee(makeAppView({ screen: 'game', game, lan }))
    useRevealStore().begin()
    const w = await mountWith(RoleReveal, pinia)
    expect(w.get('[data-test="pass-to"]').text()).toContain(anna!.name)
    await w.get('[data-test="reveal-on-phone"]').trigger('click')
    // On to the next player; no role was in the page.
    expect(w.text().match(ROLE_WORDS)).toBeNull()
    expect(w.get('[data-test="pass-to"]').text()).toContain(bence!.name)
    // Bence has no phone in the room: the laptop it is.
    expect(w.find('[data-test="reveal-on-phone"]').exists()).toBe(false)
  })
})
