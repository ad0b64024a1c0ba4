// @vitest-environment happy-dom
/** A card's face: its team is the ruleset's word in the card's language, beside the label as that language joins them. */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { PRESETS } from '../../../engine'
import { cardRole } from '../../../shared/cards'
import { createAppI18n, switchLanguage } from '../../i18n'
import { cardsMessages } from '../../i18n/cards-messages'
import CardFace from './CardFace.vue'
import type { Composer } from 'vue-i18n'

describe('CardFace', () => {
  it('names the team as the ruleset does: an Estonian card in English says Villagers, in Japanese 「チーム：村人」', async () => {
    const i18n = createAppI18n(cardsMessages)
    const face = (lang: string) =>
      mount(CardFace, { props: { role: cardRole(PRESETS.estonian, 'citizen', lang), rulesetName: 'Estonian' }, global: { plugins: [i18n] } })
    expect(face('en').get('.team').text()).toBe('Team: Villagers')
    await switchLanguage(i18n.global as unknown as Composer, 'ja')
    expect(face('ja').get('.team').text()).toBe('チーム：村人')
  })
})
