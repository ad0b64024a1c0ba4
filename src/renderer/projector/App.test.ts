// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppI18n } from '../i18n'
import { refereeMessages } from '../i18n/referee-messages'
import { fakeProjectorApi } from '../testing/fakes'
import { makeProjectorView } from '../testing/fixtures'
import App from './App.vue'

describe('projector App', () => {
  afterEach(() => {
    delete (window as { projector?: unknown }).projector
  })

  it('subscribes, calls ready() on mount, shows idle, then renders each pushed screen', async () => {
    const api = fakeProjectorApi()
    Object.assign(window, { projector: api })
    const w = mount(App, { global: { plugins: [createPinia(), createAppI18n(refereeMessages)] } })
    expect(api.onView).toHaveBeenCalledOnce()
    expect(api.ready).toHaveBeenCalledOnce()
    expect(w.find('[data-test="idle"]').exists()).toBe(true)

    api.push({ kind: 'game', view: makeProjectorView({ nightNumber: 3 }), sentAt: Date.now(), lang: null })
    await flushPromises()
    expect(w.find('[data-test="idle"]').exists()).toBe(false)
    expect(w.get('[data-test="projector-board"]').text()).toContain('Night 3')

    api.push({ kind: 'idle', sentAt: Date.now(), lang: null })
    await flushPromises()
    expect(w.find('[data-test="idle"]').exists()).toBe(true)
  })

  it('while the room on the network is open: its QR code large before the game, small in a corner during it', async () => {
    const api = fakeProjectorApi()
    Object.assign(window, { projector: api })
    const w = mount(App, { global: { plugins: [createPinia(), createAppI18n(refereeMessages)] } })
    expect(w.find('[data-test="room-qr"]').exists()).toBe(false)
    const roomUrl = 'http://192.168.1.20:41234/player/'
    api.push({ kind: 'idle', sentAt: Date.now(), lang: null, roomUrl })
    await flushPromises()
    expect(w.get('[data-test="room-qr"]').classes()).toContain('large')
    expect(w.get('[data-test="room-qr"]').text()).toContain(roomUrl)
    api.push({ kind: 'game', view: makeProjectorView(), sentAt: Date.now(), lang: null, roomUrl })
    await flushPromises()
    // In a game, small in the top-left corner the seat ring leaves free; on the standings, bottom-left, with room kept for it.
    expect(w.get('[data-test="room-qr"]').classes()).toEqual(['room-qr', 'small', 'top'])
    expect(w.get('.projector-app').classes()).toContain('with-room-qr')
    api.push({
      kind: 'standings',
      standings: { games: 0, teamWins: { town: 0, mafia: 0, draw: 0 }, players: [] },
      period: 'tonight',
      since: null,
      sentAt: Date.now(),
      lang: null,
      roomUrl,
    })
    await flushPromises()
    expect(w.get('[data-test="room-qr"]').classes()).toEqual(['room-qr', 'small'])
  })

  it('says so when there is no host API', async () => {
    const w = mount(App, { global: { plugins: [createPinia(), createAppI18n(refereeMessages)] } })
    await flushPromises()
    expect(w.text()).toContain('not available')
  })
})
