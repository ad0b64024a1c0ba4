import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StartGameRequest } from '../shared/api'
import type { CardsRequest } from '../shared/cards'
import { roleNamesIn } from '../shared/role-names'
import { preset } from '../engine'
import { rulesFor } from './rules-screen'
import type { GameHost, GameHostOptions } from './game-host'
import { createFileHost } from './index'
import { PLAYERS9, seededRandom, tempDir } from '../../test/support/host'

/** The host's printing methods: what data a print request may have, and when it is refused. */

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})

function makeHost(printCards?: GameHostOptions['printCards']): GameHost {
  const host = createFileHost(tempDir(), { durable: false, random: seededRandom(1, { identity: true }), ...(printCards ? { printCards } : {}) })
  hosts.push(host)
  return host
}

const game = (over: Partial<StartGameRequest['ruleset']['options']> = {}): StartGameRequest => {
  const r = preset('maffiasig')
  return {
    ruleset: { ...r, options: { ...r.options, ...over } },
    players: [...PLAYERS9],
    counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
    dealMode: 'digital',
  }
}
const req = (kind: CardsRequest['kind'], over: Partial<CardsRequest> = {}): CardsRequest => ({ kind, paper: 'a4', backs: false, locale: 'en', ...over })

describe('GameHost: role cards and the sheet', () => {
  it('builds personal cards and the sheet from the game in progress: names, seats and the dealt roles', () => {
    const host = makeHost()
    expect(host.invoke('startGame', game())).toMatchObject({ ok: true })
    const r = host.invoke('cardsPayload', req('personal'))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.cards.map((c) => c.name)).toEqual(PLAYERS9)
    // The identity deal gives the first seats the mafia, then the inspector.
    expect(r.value.cards.map((c) => c.role).slice(0, 4)).toEqual(['mafia', 'mafia', 'investigator', 'citizen'])
    expect(host.invoke('cardsPayload', req('sheet'))).toMatchObject({
      ok: true,
      value: { kind: 'sheet', sheet: { investigator: true, doctor: false, shots: 'individual' } },
    })
  })

  it('a deck comes from the request (the setup screen) or the game, and has no names', () => {
    const host = makeHost()
    const swedish = preset('swedish')
    const r = host.invoke('cardsPayload', req('deck', { ruleset: swedish, counts: { mafia: 3, investigator: 1, doctor: 1, citizen: 4 }, backs: true }))
    expect(r).toMatchObject({ ok: true, value: { kind: 'deck', players: 9, backs: true, rulesetName: 'Swedish' } })
    expect(r.ok && r.value.cards.some((c) => c.name !== undefined)).toBe(false)
    expect(host.invoke('cardsPayload', req('deck'))).toMatchObject({ ok: false, error: { code: 'no-game' } })
    expect(host.invoke('cardsPayload', req('deck', { ruleset: swedish, counts: { mafia: 3, investigator: 1, doctor: 1, citizen: 40 } }))).toMatchObject({
      ok: false,
      error: { code: 'invalid-table', message: expect.stringMatching(/45 players is more than 40/) },
    })
    expect(host.invoke('cardsPayload', req('personal'))).toMatchObject({ ok: false, error: { code: 'no-game' } })
  })

  it('refuses personal cards and the sheet while the blind-operator variant hides roles, and prints nothing', async () => {
    const printer = vi.fn(() => Promise.resolve({ ok: true as const, value: { done: 'printed' as const } }))
    const host = makeHost(printer)
    expect(host.invoke('startGame', game({ firstDeadBecomesReferee: true }))).toMatchObject({ ok: true })
    for (const kind of ['personal', 'sheet'] as const) {
      expect(host.invoke('cardsPayload', req(kind))).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
      expect(await host.invoke('printCards', req(kind), 'pdf')).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
      expect(await host.call('printCards', [req(kind), 'print'])).toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    }
    expect(printer).not.toHaveBeenCalled()
    // The deck has no secret: the counts are known to everyone at the table.
    expect(await host.invoke('printCards', req('deck'), 'print')).toMatchObject({ ok: true })
    expect(printer).toHaveBeenCalledTimes(1)
  })

  it('hands the payload to the printer, or answers unavailable without one (browser mode prints from the page)', async () => {
    const printer = vi.fn(() => Promise.resolve({ ok: true as const, value: { done: 'saved' as const, path: '/tmp/x.pdf' } }))
    const host = makeHost(printer)
    expect(host.invoke('startGame', game())).toMatchObject({ ok: true })
    expect(await host.invoke('printCards', req('personal', { paper: 'letter' }), 'pdf')).toEqual({ ok: true, value: { done: 'saved', path: '/tmp/x.pdf' } })
    expect(printer).toHaveBeenCalledWith(expect.objectContaining({ kind: 'personal', paper: 'letter', players: 9 }), 'pdf')
    const plain = makeHost()
    expect(plain.invoke('startGame', game())).toMatchObject({ ok: true })
    expect(await plain.invoke('printCards', req('personal'), 'print')).toMatchObject({ ok: false, error: { code: 'unavailable' } })
    expect(await plain.call('printCards', [req('personal'), 'fax'])).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(await plain.call('cardsPayload', [{ ...req('personal'), paper: 'a3' }])).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
  })

  it("the rules page carries the chosen ruleset's rules text in the language asked, and a blind referee may print it", async () => {
    const host = makeHost()
    const base = preset('maffiasig')
    const club = { ...base, options: { ...base.options, revealOnExecution: !base.options.revealOnExecution } }
    const r = host.invoke('cardsPayload', req('rules', { locale: 'hu-HU', ruleset: club }))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value).toMatchObject({ kind: 'rules', cards: [], sheet: null, backs: false })
    expect(r.value.rules).toEqual(rulesFor(club, 'hu'))
    const text = JSON.stringify(r.value.rules)
    // MaffiaSIG plays without a doctor: its three roles, by their Hungarian names.
    const hu = roleNamesIn(club, 'hu')
    expect(r.value.roles.map((x) => x.name)).toEqual([hu.mafia, hu.investigator, hu.citizen])
    for (const name of [hu.mafia, hu.investigator, hu.citizen]) expect(text).toContain(name)
    expect(hu.mafia).not.toBe(roleNamesIn(club, 'en').mafia)
    // The club's changed option is in the words: the preset's own text differs.
    expect(r.value.rules).not.toEqual(rulesFor(base, 'hu'))
    expect(r.value.rules).not.toEqual(rulesFor(club, 'en'))
    expect(host.invoke('cardsPayload', req('rules'))).toMatchObject({ ok: false, error: { code: 'no-game' } })
    // In a game (here with the blind-operator variant): the game's ruleset; no role of anyone on it.
    expect(host.invoke('startGame', game({ firstDeadBecomesReferee: true }))).toMatchObject({ ok: true })
    const inGame = host.invoke('cardsPayload', req('rules', { locale: 'sv' }))
    if (!inGame.ok) throw new Error(inGame.error.message)
    expect(inGame.value.rules?.lang).toBe('sv')
    expect(inGame.value.cards).toEqual([])
  })
})
