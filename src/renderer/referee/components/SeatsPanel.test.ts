// @vitest-environment happy-dom
/** The players panel at the laptop: roles hidden with one click or R, said so, and kept across a reload. */
import { beforeEach, describe, expect, it } from 'vitest'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { ROLES_HIDDEN_KEY } from '../stores/usePrivacyStore'
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
