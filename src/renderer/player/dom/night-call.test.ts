// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { playerView } from '../../../engine'
import { randomGame } from '../../../engine/testing'
import type { GameState } from '../../../engine/state'
import type { PhoneCall, PhoneCallMine } from '../../../shared/room'
import { phoneWords, switchLanguage } from '../words'
import { nightCall } from './night-call'

/**
 * A night call on the phone (docs/room.md, "The night on the phones"): the screens of a mafioso, the
 * investigator and a citizen at the same call have one layout — the same elements, classes and
 * attributes — and differ only in their words, in every language; the names are text.
 */
const shape = (el: Element): string =>
  `${el.tagName}.${el.className}[${[...el.attributes].map((a) => a.name).join(',')}](${[...el.children].map(shape).join('')})`

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
    return nightCall(call, playerView(st, p), phoneWords, () => undefined)
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
        const [m, i, c] = screens(st, kind, done)
        expect(shape(i!)).toBe(shape(m!))
        expect(shape(c!)).toBe(shape(m!))
        const text = (el: Element, test: string) => el.querySelector(`[data-test=${test}]`)!.textContent
        // The citizen is asked whom they suspect; the actors their own question.
        expect(text(c!, 'call-question')).toBe(phoneWords.t('phone.call.suspect'))
        expect(text(kind === 'mafia' ? m! : i!, 'call-question')).toBe(phoneWords.t(kind === 'mafia' ? 'phone.call.victim' : 'phone.call.inspect'))
        // The partners' line: filled for the mafioso at the mafia's call, blank for the others.
        expect(text(c!, 'call-partners')).toBe('\u00a0')
        const first = st.roles.findIndex((x, p) => x === 'mafia' && st.alive[p])
        const partner = st.setup.players[st.roles.findIndex((x, p) => x === 'mafia' && st.alive[p] && p !== first)]!
        if (kind === 'mafia') expect(text(m!, 'call-partners')).toContain(partner)
        // The investigator's answer on the investigator's screen only.
        if (done) {
          const mafioso = partner
          expect(text(i!, 'call-result')).toBe(phoneWords.t('phone.call.answer.mafia.yes', { name: mafioso }))
          expect(text(c!, 'call-result')).not.toContain(phoneWords.t('phone.call.answer.mafia.yes', { name: mafioso }))
        }
        // Every living name is a button, as text.
        const names = [...c!.querySelectorAll('[data-test=call-names] button')].map((b) => b.getAttribute('data-seat'))
        expect(names).toHaveLength(st.alive.filter(Boolean).length)
      })
})
