/**
 * The night on the phones (docs/room.md): `start:web --lan` on the laptop's LAN address (on the
 * private LAN of `npm test`, 10.77.0.2; the phones a Chromium on the second host, 10.77.0.3), a
 * whole MaffiaSIG, Estonian and Swedish game with `nightOnPhones` and `votesOnPhones` on: nine
 * Pixel 7 phones join, the referee (its API) lets them in, at every night call every living phone
 * picks a name on its page, and at every vote each voter votes on it; the referee takes the picks,
 * closes the votes and plays the rest of the days. At the first calls the screens of a mafioso,
 * the investigator and a citizen are saved side by side, in English and in the ruleset's language
 * (test-results/e2e/night-*.png); the investigator's answer is on the investigator's phone only.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { boardVoteId } from '../../src/shared/vote-id'
import { devices, type Browser, type BrowserContext, type Page } from 'playwright'
import { browserTestsOff } from './support/chromium'
import { skipReason } from '../support/skip'
import { launchChromium, openPage } from './support/session'
import { SCREENSHOTS } from './support/table'
import { lanUnavailable, phoneHost, privateLan, type PhoneHost } from '../support/lan'
import { refereeApi, startWebApp, type WebApp } from './support/web-app'
import { lanAddresses } from '../../src/host/room/addresses'
import { nextCall } from '../support/host'
import type { RefereeAppView } from '../../src/shared/api'
import type { Ruleset } from '../../src/shared/ruleset'
import roomWords from '../../src/shared/locales/en/room.json'

const PLAYERS = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emese', 'Feri', 'Gabi', 'Hanna', 'Imre']
/** The investigator's answer in English, as the locale words it (the ruleset's kind: mafia or evil), with one of the players' names. */
const ANSWER = new RegExp(
  `^(?:${Object.values(roomWords.phone.call.answer)
    .flatMap((a) => [a.yes, a.no])
    .map((w) => w.replace(/[.]/g, '\\.').replace('{name}', `(?:${PLAYERS.join('|')})`))
    .join('|')})$`,
)
const GAMES = [
  { id: 'maffiasig', lang: 'hu', counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 } },
  { id: 'estonian', lang: 'et', counts: { mafia: 2, investigator: 1, doctor: 1, citizen: 5 } },
  { id: 'swedish', lang: 'sv', counts: { mafia: 2, investigator: 1, doctor: 1, citizen: 5 } },
] as const

describe.skipIf(skipReason(browserTestsOff))('the night on the phones: whole games played on the phones', () => {
  let browser: Browser
  let phoneBrowser: Browser
  let phone: PhoneHost | undefined

  beforeAll(async () => {
    browser = await launchChromium()
    phone = await phoneHost()
    phoneBrowser = phone ? await phone.launchChromium() : browser
  })
  afterAll(async () => {
    await phone?.close()
    await browser?.close()
  })

  for (const { id, lang, counts } of GAMES)
    it(`${id}: every night call picked on nine phones, to the end of the game`, async (ctx) => {
      // Only on the private LAN: never against this machine's own interface address.
      if (!privateLan()) return ctx.skip(`${lanUnavailable()}: the phones' night needs the private LAN's second host`)
      const [address] = await lanAddresses()
      if (!address) return ctx.skip('the private LAN gave this machine no address')
      const app: WebApp = await startWebApp(undefined, 0, ['--lan', '--night-call-seconds', '1'])
      const trouble: string[] = []
      onTestFailed(() => console.log(`[room-night] server output:\n${app.output()}\n${trouble.join('\n')}`))
      const contexts: BrowserContext[] = []
      try {
        await expect.poll(() => /Players:\s+(\S+)/.test(app.output()), { timeout: 10_000 }).toBe(true)
        const playerUrl = /Players:\s+(\S+)/.exec(app.output())![1]!
        const referee = refereeApi(app)
        const view = async () => (await referee('ready')).value as RefereeAppView
        const preset = (await view()).presets.find((r) => r.id === id) as Ruleset
        const ruleset = { ...preset, options: { ...preset.options, nightOnPhones: true, votesOnPhones: true } }
        expect(await referee('startGame', { ruleset, players: PLAYERS, counts, dealMode: 'digital' })).toMatchObject({ ok: true })
        const roles = (await view()).game!.seats.map((s) => s.role!)

        // Nine phones join by name; the referee lets each in.
        const pages: Page[] = []
        for (const name of PLAYERS) {
          const context = await phoneBrowser.newContext({ ...devices['Pixel 7'], locale: 'en-US' })
          contexts.push(context)
          const page = await openPage(context, playerUrl, trouble, name)
          await page.getByRole('button', { name, exact: true }).click()
          await page.locator('[data-test=player-asking]').waitFor()
          pages.push(page)
        }
        for (const d of (await view()).lan.devices) expect(await referee('admitDevice', d.id)).toMatchObject({ ok: true })
        for (const page of pages) await page.locator('[data-test=role-card]').waitFor()

        const mafioso = roles.lastIndexOf('mafia')
        const inspector = roles.indexOf('investigator')
        const citizen = roles.lastIndexOf('citizen')
        const photographed = new Set([mafioso, inspector, citizen])
        const shots = new Set<string>()
        mkdirSync(SCREENSHOTS, { recursive: true })
        const side = async (label: string) => {
          for (const [who, p] of [
            ['mafioso', mafioso],
            ['inspector', inspector],
            ['citizen', citizen],
          ] as const)
            await pages[p]!.screenshot({ path: join(SCREENSHOTS, `night-${id}-${label}-${who}.png`), fullPage: true })
        }
        let calls = 0
        let phoneVotes = 0
        const votedIn = new Set<string>()
        let answersSeen = 0
        for (let guard = 0; guard < 600; guard++) {
          const v = await view()
          const g = v.game!
          if (g.winner) break
          const call = v.lan.call
          if (g.projector.phase === 'night' && call && !call.done) {
            calls++
            const alive = g.seats.filter((s) => s.alive).map((s) => s.seat)
            // The seats photographed live longest: the mafia name another townsperson while there is one.
            const town = alive.filter((p) => roles[p] !== 'mafia').sort((a, b) => Number(photographed.has(a)) - Number(photographed.has(b)))
            for (const p of alive) {
              // The mafia name one townsperson, the doctor themself, everyone else (the inspector too) another living seat.
              const others = alive.filter((q) => q !== p)
              const target = roles[p] === 'mafia' ? town[0]! : roles[p] === 'doctor' ? p : others[calls % others.length]!
              const button = pages[p]!.locator(`[data-test=call-names] button[data-seat="${target}"]`)
              await button.click()
              await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
            }
            await expect.poll(async () => (await view()).lan.call?.ready).toBe(true)
            for (const p of alive)
              await expect.poll(() => pages[p]!.locator('[data-test=call-answered]').textContent()).toContain(`${alive.length} / ${alive.length}`)
            // The first call of each kind, the three screens side by side, in English and then in the ruleset's language.
            if (!shots.has(call.kind) && [mafioso, inspector, citizen].every((p) => g.seats[p]!.alive)) {
              shots.add(call.kind)
              await side(`${call.kind}-en`)
              for (const p of [mafioso, inspector, citizen]) await pages[p]!.locator('[data-test=player-language]').selectOption(lang)
              await expect.poll(() => pages[citizen]!.locator('[data-test=call-question]').textContent()).not.toContain('whom do you suspect?')
              await side(`${call.kind}-${lang}`)
              for (const p of [mafioso, inspector, citizen]) await pages[p]!.locator('[data-test=player-language]').selectOption('en')
            }
            expect(await referee('takePhonePicks')).toMatchObject({ ok: true })
            for (const p of alive) await expect.poll(() => pages[p]!.locator('[data-test=call-names] button').first().isDisabled()).toBe(true)
            if (call.kind === 'investigator' && g.seats[inspector]!.alive) {
              // Every phone says the same (noted); the investigator's answer is on its card, read while held.
              for (const p of alive) expect(await pages[p]!.locator('[data-test=call-result]').textContent()).toMatch(/^Noted: /)
              const card = pages[inspector]!.locator('[data-test=role-card]')
              await card.dispatchEvent('pointerdown')
              await expect.poll(() => pages[inspector]!.locator('[data-test=role-call]').textContent()).toMatch(ANSWER)
              if (!shots.has('answer')) {
                shots.add('answer')
                await pages[inspector]!.screenshot({ path: join(SCREENSHOTS, `night-${id}-answer-held-inspector.png`), fullPage: true })
              }
              await card.dispatchEvent('pointerup')
              answersSeen++
            }
            continue
          }
          // A vote open: every eligible living player votes on their phone (yes, or the first nominee); the referee closes it.
          const vote = g.vote
          const voteId = g.projector.phase === 'day' ? boardVoteId(g.projector) : null
          if (vote && voteId && !votedIn.has(voteId)) {
            votedIn.add(voteId)
            const choice = vote.kind === 'plurality' ? String(vote.candidates[0]!.seat) : 'true'
            for (const p of vote.eligibleSeats) {
              const button = pages[p]!.locator(`[data-test=vote-choices] button[data-choice="${choice}"]`)
              await button.click()
              await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
            }
            await expect.poll(async () => (await view()).game!.vote?.ballots.length).toBe(vote.eligibleSeats.length)
            phoneVotes++
            if (!shots.has('vote') && [mafioso, inspector, citizen].every((p) => g.seats[p]!.alive)) {
              shots.add('vote')
              await side('vote-en')
              const english = await pages[citizen]!.locator('[data-test=phone-vote-question]').textContent()
              for (const p of [mafioso, inspector, citizen]) await pages[p]!.locator('[data-test=player-language]').selectOption(lang)
              await expect.poll(() => pages[citizen]!.locator('[data-test=phone-vote-question]').textContent()).not.toBe(english)
              await side(`vote-${lang}`)
              for (const p of [mafioso, inspector, citizen]) await pages[p]!.locator('[data-test=player-language]').selectOption('en')
            }
            const closed = await referee('play', { type: 'closeVote' })
            if (!closed.ok) throw new Error(`closeVote: ${closed.error?.message}`)
            continue
          }
          const next = nextCall(v)
          if (!next) break
          const [method, args] = next
          // By day the referee accuses (nominates) a seat that is not photographed while there is one.
          const day = method === 'play' ? (args[0] as { type: string; accused?: number; player?: number }) : null
          const spare = (seats: number[]) => seats.find((p) => !photographed.has(p)) ?? seats[0]!
          if (day?.type === 'accuse') day.accused = spare(g.legal.accuse)
          if (day?.type === 'nominate') day.player = spare(g.legal.nominate)
          const type = method === 'play' ? (args[0] as { type: string }).type : ''
          // A single nominee is executed without a vote (Swedish): a second nominee, so the town votes on the phones.
          const second = g.legal.nominate.filter((p) => !g.projector.nominees.includes(p))
          if (type === 'closeNominations' && g.legal.closeNominationsExecutes !== null && second.length) {
            expect(await referee('play', { type: 'nominate', player: spare(second) })).toMatchObject({ ok: true })
            continue
          }
          // At night the phones did the roles' part: the referee only ends the calls.
          const r =
            g.projector.phase === 'night' && method === 'play' && type !== 'endNightStep'
              ? await referee('play', { type: 'endNightStep' })
              : await referee(method, ...args)
          if (!r.ok) throw new Error(`${method} ${JSON.stringify(args)}: ${r.error?.message}`)
        }
        const end = await view()
        expect(end.game!.winner).not.toBeNull()
        expect(calls).toBeGreaterThan(2)
        expect(answersSeen).toBeGreaterThan(0)
        expect(phoneVotes).toBeGreaterThan(0)
        expect(shots.has('mafia') && shots.has('investigator')).toBe(true)
        expect(trouble.filter((l) => !/Failed to load resource|EventSource|net::/.test(l))).toEqual([])
        console.log(`[room-night] ${id}: ${calls} calls and ${phoneVotes} votes on the phones; screenshots in ${SCREENSHOTS}`)
      } finally {
        for (const c of contexts) await c.close()
        await app.stop()
      }
    }, 300_000)
})
