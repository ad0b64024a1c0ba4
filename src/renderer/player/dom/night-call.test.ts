// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { playerView } from '../../../engine'
import { randomGame } from '../../../engine/testing'
import type { GameState } from '../../../engine/state'
import type { PhoneCall, PhoneCallMine } from '../../../shared/room'
import { phoneWords, switchLanguage } from '../words'
import { roleCard } from './role-card'
import { callSecret, nightCall } from './night-call'

/**
 * A night call on the phone (docs/room.md, "The night on the phones"): the screens of a mafioso, the
 * investigator and a citizen at the same call are the same — the same elements, classes, attributes
 * and words, in every language — but for the own pick; what only the seat may read (a partner's
 * pick, the inspector's answer) is on the role card, shown while held, its line blank otherwise.
 */
/** A state of an Estonian game at a night call of `kind`, with a mafioso, the investigator and a citizen alive. */
function atCall(kind: 'mafia' | 'investigator'): GameState {
  for (let seed = 1; ; seed++) {
    const run = randomGame(seed, 'estonian')
    const st = run.states.find(
      (s) =>
        s.night?.steps[s.night.stepIndex] === kind &&
        s.setup.ruleset.options.killResolution === 'groupTarget' &&
        ['mafia', 'investigator', 'citizen'].every((r) => s.roles.some((x, p) => x === r && s.alive[p])) &&
        s.roles.filter((x, p) => x === 'mafia' && s.alive[p]).length >= 2,
    )
    if (st) return st
  }
}

function screens(st: GameState, kind: 'mafia' | 'investigator', done: boolean) {
  const seat = (r: string) => st.roles.findIndex((x, p) => x === r && st.alive[p])
  const [mafioso, inspector, citizen] = [seat('mafia'), seat('investigator'), seat('citizen')]
  const partner = st.roles.findIndex((x, p) => x === 'mafia' && st.alive[p] && p !== mafioso)
  // The three picked the same seat (the partner): the marked button is then the same on each screen.
  const mine: Record<number, PhoneCallMine> = {
    [mafioso]: { pick: partner, partners: kind === 'mafia' ? [{ seat: partner, pick: null }] : null, answer: null },
    [inspector]: { pick: partner, partners: null, answer: done && kind === 'investigator' ? { target: partner, isMafia: true } : null },
    [citizen]: { pick: partner, partners: null, answer: null },
  }
  const living = st.alive.filter(Boolean).length
  return [mafioso, inspector, citizen].map((p) => {
    const call: PhoneCall = { id: '1.0', kind, answered: 3, total: living, done, style: 'mafia', mine: mine[p]! }
    const v = playerView(st, p)
    const card = roleCard(phoneWords, () => undefined)
    card.show(v, null, callSecret(call, v, phoneWords))
    return { screen: nightCall(call, v, phoneWords, () => undefined), card: card.el, name: v.name }
  })
}

describe('a night call on the phone', () => {
  for (const lang of ['en', 'ja'] as const)
    for (const [kind, done] of [
      ['mafia', false],
      ['investigator', true],
    ] as const)
      it(`${lang}, the ${kind}'s call${done ? ', the picks taken' : ''}: a mafioso's, the investigator's and a citizen's screens have one layout`, async () => {
        await switchLanguage(lang)
        const st = atCall(kind)
        const all = screens(st, kind, done)
        const c = all[2]!.screen
        // One screen: the same elements and the same words (the own pick is the same seat here), but for the own name's "(you)".
        const page = (k: number) => all[k]!.screen.outerHTML.replace(phoneWords.t('phone.call.you', { name: all[k]!.name }), all[k]!.name)
        expect(page(1)).toBe(page(0))
        expect(page(2)).toBe(page(0))
        // The cards face down: the same too; held, what only the seat may read.
        for (const x of all) document.body.append(x.card)
        const card = (k: number) => all[k]!.card.outerHTML.replace(`>${all[k]!.name}<`, '><')
        expect(card(1)).toBe(card(0))
        expect(card(2)).toBe(card(0))
        const held = all.map((x) => {
          x.card.dispatchEvent(new Event('pointerdown'))
          return x.card.querySelector('[data-test=role-call]')?.textContent ?? ''
        })
        const text = (el: Element, test: string) => el.querySelector(`[data-test=${test}]`)!.textContent
        expect(text(c!, 'call-question')).toBe(phoneWords.t('phone.call.question'))
        const first = st.roles.findIndex((x, p) => x === 'mafia' && st.alive[p])
        const partner = st.setup.players[st.roles.findIndex((x, p) => x === 'mafia' && st.alive[p] && p !== first)]!
        // Held: the mafioso reads the partner's pick at the mafia's call, the investigator its answer once taken; the citizen nothing.
        if (kind === 'mafia') expect(held[0]).toContain(partner)
        if (done) expect(held[1]).toBe(phoneWords.t('phone.call.answer.mafia.yes', { name: partner }))
        expect(held[2]).toBe('\u00a0')
        // Every living name is a button, as text.
        const names = [...c!.querySelectorAll('[data-test=call-names] button')].map((b) => b.getAttribute('data-seat'))
        expect(names).toHaveLength(st.alive.filter(Boolean).length)
      })
})
