import { describe, expect, it } from 'vitest'
import type { Composer } from 'vue-i18n'
import { LANGUAGE_IDS as LANGUAGES } from '../../shared/languages'
import { createAppI18n, switchLanguage } from '../i18n'
import { projectorMessages } from '../i18n/projector-messages'
import { standingsTitle } from './standings-title'

describe('standingsTitle', () => {
  it("heads the projector's standings in its language: tonight's, the season since its first day (written as the language writes dates), or the season", async () => {
    const composer = createAppI18n(projectorMessages).global as unknown as Composer
    const seen = new Set<string>()
    for (const lang of LANGUAGES) {
      await switchLanguage(composer, lang)
      const { t, d } = composer
      const since = standingsTitle(t, d, 'season', '2026-09-14')
      const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(2026, 8, 14, 12))
      expect(since, lang).toBe(t('club.seasonSince', { date: day }))
      expect(since, lang).toContain(day)
      expect(standingsTitle(t, d, 'tonight', '2026-09-14'), lang).toBe(t('club.standings'))
      expect(standingsTitle(t, d, 'season', null), lang).toBe(t('club.season'))
      seen.add(since)
    }
    expect(seen.size, 'a heading of its own in every language').toBe(LANGUAGES.length)
  })
})
