// @vitest-environment happy-dom
/**
 * Errors by code, through the real host and the window's translation: a refused import or a refused
 * call reads in the window's language only, and no schema library's English reaches a window.
 */
import { flushPromises, mount } from '@vue/test-utils'
import type { Composer } from 'vue-i18n'
import { afterEach, describe, expect, it } from 'vitest'
import { REFEREE_METHODS } from '../../../shared/api'
import { LANGUAGE_IDS } from '../../../shared/languages'
import { GameHost } from '../../../host/game-host'
import { checkHere } from '../../../host/workers/importer'
import { MemoryStore } from '../../../host/persistence/kv-store'
import { preset } from '../../../engine'
import { tempDir } from '../../../../test/support/host'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { freshPinia } from '../../testing/mount'
import { useAppStore } from '../stores/useAppStore'
import ErrorBanner from './ErrorBanner.vue'

const hosts: GameHost[] = []
afterEach(() => hosts.splice(0).forEach((h) => h.dispose()))

function realHost(): GameHost {
  const host = new GameHost({ settings: new MemoryStore(), dataDir: tempDir(), durable: false, estimate: null, checkImport: checkHere })
  hosts.push(host)
  return host
}

async function bannerIn(lang: string) {
  const pinia = freshPinia()
  const app = useAppStore()
  await app.connect(realHost().asRefereeApi())
  const i18n = createAppI18n(refereeMessages)
  await switchLanguage(i18n.global as unknown as Composer, lang)
  const wrapper = mount(ErrorBanner, { global: { plugins: [pinia, i18n] } })
  const shown = async (): Promise<string> => {
    await flushPromises()
    return wrapper.get('[data-test="error-banner"] span').text()
  }
  return { app, wrapper, shown }
}

/** Words of the host's English refusals and of the schema library's messages. */
const ENGLISH = /\b(not|file|game|the|expected|too small|invalid|argument|command|received)\b/i
const SCHEMA_ENGLISH = /expected|too small|too big|invalid|received/i
const SV_UNEXPECTED = 'Gick inte: Appen kunde inte göra det (kod att rapportera: weird-thing).'

describe('errors by code', () => {
  it('an import of a broken file in Hungarian shows only Hungarian', async () => {
    const { app, wrapper, shown } = await bannerIn('hu')
    await app.act('importGame', 'this is { not json')
    expect(await shown()).toBe('Nem sikerült: Ez nem olyan játékfájl, amelyet a Nightfall be tud olvasni. Nem JSON formátumú.')
    await app.act('importGame', JSON.stringify({ format: 'nightfall-game', version: 1, setup: 7 }))
    const field = await shown()
    expect(field).toMatch(/^Nem sikerült: Ez nem olyan játékfájl, amelyet a Nightfall be tud olvasni\. A hiba helye: „[^”]+”\.$/)
    expect(field.replace(/„[^”]*”/g, '')).not.toMatch(ENGLISH)
    wrapper.unmount()
  })

  it('estimate with 1 player reads as one translated sentence plus a code to report, in every language', async () => {
    const seen: string[] = []
    for (const lang of LANGUAGE_IDS) {
      const { app, wrapper, shown } = await bannerIn(lang)
      const r = await app.act('estimate', { ruleset: preset('maffiasig'), players: 1, counts: {}, policy: 'random', games: 10 } as never)
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid-arguments', params: { report: 'estimate/0.players' } } })
      const text = await shown()
      expect(text).toContain('estimate/0.players')
      expect(text).not.toMatch(SCHEMA_ENGLISH)
      if (lang !== 'en') expect(text.replace('estimate/0.players', '')).not.toMatch(ENGLISH)
      seen.push(text)
      wrapper.unmount()
    }
    expect(new Set(seen).size).toBe(LANGUAGE_IDS.length)
  })

  it("no refusal of a call with bad arguments carries the schema library's English, for every method", async () => {
    const host = realHost()
    const bad: unknown[][] = [[{ bogus: 1 }, 'x', -1], [null], [-5], ['x'.repeat(5000), { players: 1 }], [[1, 2, 3]]]
    let refused = 0
    for (const m of REFEREE_METHODS)
      for (const args of bad) {
        const r = await host.call(m, args)
        if (r.ok) continue
        refused++
        expect(r.error.message, `${m}(${JSON.stringify(args)})`).not.toMatch(SCHEMA_ENGLISH)
      }
    expect(refused).toBeGreaterThan(REFEREE_METHODS.length)
  })

  it("an engine refusal reads its code and its reason in the window's language, with the name and the role as the ruleset names it", async () => {
    const { app, wrapper, shown } = await bannerIn('hu')
    const names = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi']
    const started = await app.act('startGame', {
      ruleset: preset('maffiasig'),
      players: names,
      counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 4 },
      dealMode: 'physical',
      knownRoles: ['mafia', 'mafia', 'investigator', 'citizen', 'citizen', 'citizen', 'citizen'],
    })
    expect(started).toMatchObject({ ok: true })
    // Night 0 is the mafia's meeting: an investigation now belongs to the inspector's call.
    await app.act('play', { type: 'investigate', target: 4 })
    expect(app.error).toMatchObject({ code: 'wrong-step', reason: 'other-call', params: { role: 'investigator' } })
    expect(await shown()).toBe('Nem sikerült: Ez ennél a lépésnél nem lehetséges. Felügyelő: most nem ennek a szerepnek a hívása zajlik.')
    await app.act('play', { type: 'endNightStep' })
    // Day 1 opens with the discussion: the stage is named in Hungarian too.
    await app.act('play', { type: 'withdrawNomination', player: 1 })
    expect(app.error).toMatchObject({ reason: 'day-stage', params: { stage: 'discussion' } })
    const stage = await shown()
    expect(stage).toContain('(most: Beszélgetés)')
    expect(stage).not.toMatch(ENGLISH)
    wrapper.unmount()
  })

  it('a code no locale knows reads as one translated sentence with that code', async () => {
    const { app, wrapper, shown } = await bannerIn('sv')
    app.error = { code: 'weird-thing', message: 'Something exploded: expected string' }
    expect(await shown()).toBe(SV_UNEXPECTED)
    wrapper.unmount()
  })
})
