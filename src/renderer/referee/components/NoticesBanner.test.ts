// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import type { Composer } from 'vue-i18n'
import { describe, expect, it } from 'vitest'
import { notice, noticeLine, noticeReason } from '../../../shared/notices'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee } from '../../testing/mount'
import NoticesBanner from './NoticesBanner.vue'

async function mountIn(lang: string, notices = makeAppView().notices) {
  const { pinia, api } = await connectedReferee(makeAppView({ notices }))
  const i18n = createAppI18n(refereeMessages)
  await switchLanguage(i18n.global as unknown as Composer, lang)
  const wrapper = mount(NoticesBanner, { global: { plugins: [pinia, i18n] } })
  await flushPromises()
  return { wrapper, api }
}

describe('NoticesBanner', () => {
  const journal = notice(
    'journal.damagedAt',
    { step: 11, kept: 10 },
    [noticeLine('journal.linesNotReplayed', { step: 11, unread: 30 }), noticeLine('journal.damagedKeptAs', { file: 'current.jsonl.corrupt-2024' })],
    noticeReason('why.lineUnreadable', { line: 12 }),
  )
  /** The rules refused a step: the refusal by its code, its English words never shown in another language. */
  const refused = notice(
    'journal.damagedAt',
    { step: 4, kept: 3 },
    [noticeLine('journal.stepNotReplayed', { step: 4 })],
    noticeReason('why.stepRefused', {}, { code: 'wrong-phase', message: 'That is not possible in this phase.' }),
  )

  it("shows the host's notice in the window's language (magyar), its file name and step numbers as sent", async () => {
    const { wrapper } = await mountIn('hu', [journal, notice('settings.notOpened', { error: 'EACCES' })])
    const shown = wrapper.findAll('[data-test="notice"]')
    expect(shown).toHaveLength(2)
    expect(shown[0]!.get('span').text()).toBe(
      'A folyamatban lévő mentett játék 11. lépése megsérült (a fájl 12. sora olvashatatlan). Az előtte lévő 10 lépést helyreállítottuk, a játék folytatható. ' +
        'A játék 11. lépését és az utána következő 30 sort nem játszottuk vissza. A sérült fájlt megőriztük ezen a néven: current.jsonl.corrupt-2024.',
    )
    expect(shown[1]!.get('span').text()).toBe('A beállításokat nem sikerült megnyitni (EACCES).')
    expect(shown[0]!.get('button').text()).toBe('Elrejtés')
    wrapper.unmount()
  })

  it('shows why a step was refused by its code in the window’s language, in every language, the English only in English', async () => {
    for (const lang of ['hu', 'et', 'sv', 'ja', 'en']) {
      const { wrapper } = await mountIn(lang, [refused])
      const text = wrapper.get('[data-test="notice"] span').text()
      const i18n = createAppI18n(refereeMessages)
      await switchLanguage(i18n.global as unknown as Composer, lang)
      expect(text, lang).toContain(i18n.global.t('errors.wrong-phase'))
      expect(text.includes('That is not possible in this phase'), lang).toBe(lang === 'en')
      expect(/\b(rules|refused|step)\b/.test(text), `${lang}: ${text}`).toBe(lang === 'en')
      wrapper.unmount()
    }
    expect(refused.message).toMatch(/damaged at step 4 \(the rules refused it: That is not possible in this phase\.\)/)
  })

  it('in English shows exactly the English message the host sent', async () => {
    const { wrapper } = await mountIn('en', [journal])
    expect(wrapper.get('[data-test="notice"] span').text()).toBe(journal.message)
    expect(journal.message).toMatch(/^The saved game in progress was damaged at step 11 \(line 12 is not readable\)\. The 10 steps before it/)
    wrapper.unmount()
  })

  it('joins a Japanese notice’s sentences without spaces', async () => {
    const { wrapper } = await mountIn('ja', [journal])
    const text = wrapper.get('[data-test="notice"] span').text()
    expect(text).toContain('再開できます。ステップ11とその後の30行')
    expect(text).not.toMatch(/\bThe\b|\bStep\b|\bsteps\b/)
    wrapper.unmount()
  })
})
