// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import type { Composer } from 'vue-i18n'
import { describe, expect, it } from 'vitest'
import { presetNames } from '../../../shared/role-names'
import type { Ruleset } from '../../../shared/ruleset'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { makeAppView, makeRuleset } from '../../testing/fixtures'
import { connectedReferee } from '../../testing/mount'
import SetupScreen from './SetupScreen.vue'

/**
 * The setup screen's general texts — the preset's description, the estimate's explanations — name
 * the roles as the chosen ruleset does in the window's language (the glossary test allows no role
 * word typed in them), each in the case its place in the sentence asks.
 */
const swedish = makeRuleset(
  { id: 'swedish', name: 'Swedish', base: 'swedish', names: presetNames('swedish') },
  { firstPhase: 'night', hasDoctor: true, dayProcedure: 'nomination' },
)

async function mountIn(lang: string, ruleset: Ruleset) {
  const { pinia } = await connectedReferee(makeAppView({ presets: [ruleset] }))
  const i18n = createAppI18n(refereeMessages)
  await switchLanguage(i18n.global as unknown as Composer, lang)
  const wrapper = mount(SetupScreen, { attachTo: document.body, global: { plugins: [pinia, i18n] } })
  await flushPromises()
  const text = (sel: string) => wrapper.get(sel).text().replace(/\s+/g, ' ')
  return { wrapper, description: text('[data-test="preset-description"]'), explain: text('[data-test="estimate-explain"]') }
}

describe('role words in the setup screen’s general texts', () => {
  it('magyar, MaffiaSIG: felügyelő and polgár from the ruleset, in lower case inside a sentence', async () => {
    const { wrapper, description, explain } = await mountIn('hu', makeRuleset())
    expect(description).toContain('Szerepek: maffiózó, felügyelő, polgár.')
    expect(explain).toContain('Amit tudnak, azt használják: a felügyelő olyanokra kérdez rá')
    expect(explain).toContain('A felügyelő egy véletlen játékosra kérdez rá.')
    expect(description + explain).not.toMatch(/[{}]|Felügyelő(?! egy)|Inspector/)
    wrapper.unmount()
  })

  it('svenska, the Swedish rules: konstapeln and läkaren, definite where the sentence needs it', async () => {
    const { wrapper, description, explain } = await mountIn('sv', swedish)
    expect(description).toContain('Roller: maffia, konstapel, läkare, bonde.')
    expect(description).toContain('två kvar, läkare och maffia: oavgjort.')
    expect(explain).toContain('Konstapeln synar en slumpvis spelare.')
    expect(explain).toContain('Konstapeln synar en slumpvis spelare. Läkaren skyddar en slumpvis spelare.')
    expect(explain).toContain('Läkaren skyddar den som är konstapel.')
    expect(explain).toContain('Använder vad de vet: konstapeln synar spelare')
    expect(description + explain).not.toMatch(/[{}]|Constable|inspektör/i)
    wrapper.unmount()
  })

  it('English: "The Inspector" opens a sentence, "the Inspector" inside one', async () => {
    const { wrapper, explain } = await mountIn('en', makeRuleset())
    expect(explain).toContain('The Inspector checks a random player.')
    expect(explain).toContain('Use what they know: the Inspector checks players nobody has checked')
    expect(explain).toContain('the mafia hunt the Inspector.')
    wrapper.unmount()
  })

  it('a club’s own role name fills the same sentences', async () => {
    const names = presetNames('maffiasig')
    names.hu.roleNames.investigator = 'Nyomozó'
    const { wrapper, description, explain } = await mountIn('hu', makeRuleset({ id: 'club', name: 'Klub', names }))
    expect(description).toContain('Szerepek: maffiózó, nyomozó, polgár.')
    expect(explain).toContain('A nyomozó egy véletlen játékosra kérdez rá.')
    expect(explain).not.toMatch(/felügyelő/i)
    wrapper.unmount()
  })
})
