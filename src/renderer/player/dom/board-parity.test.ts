// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { projectorView } from '../../../engine'
import { randomGame } from '../../../engine/testing'
import { PRESET_IDS } from '../../../shared/ruleset'
import { roomNames } from '../../../shared/text/room'
import type { ProjectorView, RoleNames } from '../../../shared/views'
import { createAppI18n } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import ProjectorBoard from '../../shared/components/ProjectorBoard.vue'
import { boardSeats, SEAT_MARKS } from '../../shared/seats'
import { phoneWords, switchLanguage } from '../words'
import { board } from './board'

/**
 * The phone's board and the projector's show the same facts (docs/room.md): both drawn from the same
 * random views, every fact each shows (by its `data-test` name, and each seat's state by its
 * classes) is compared; a board that drops a fact, or shows one the other does not, fails. The seats
 * are one model (seats.ts): each board draws every seat's classes and every mark of it, whatever
 * marks there are (none is listed here).
 */
const FACTS = [
  'board-ruleset',
  'board-title',
  'clock-label',
  'clock-time',
  'board-speaker',
  'board-nominees',
  'board-announcement',
  'winner',
  'vote-question',
  'vote-count',
  'vote-progress',
  'vote-hands',
  'revote-reason',
  'candidate-name',
  'candidate-votes',
  'candidate-hands',
] as const

/** An element's words, each text node apart (markup between words is not a difference). */
function text(e: Element): string {
  const parts: string[] = []
  const walk = (n: Node) => (n.nodeType === 3 ? parts.push(n.textContent ?? '') : n.childNodes.forEach(walk))
  walk(e)
  return parts.join(' ').replace(/\s+/g, ' ').replace(/ ·/g, ' ·').trim()
}

function facts(root: Element): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const f of FACTS) {
    const found = [...root.querySelectorAll(`[data-test="${f}"]`)].map(text)
    if (found.length) out[f] = found
  }
  out.seats = [...root.querySelectorAll('[data-seat]')].map(
    (s) => `${s.getAttribute('data-seat')}:${[...s.classList].filter((c) => c !== 'fit-name').join(',')}`,
  )
  out.seatFacts = [...root.querySelectorAll('[data-seat] [data-test]')].map(
    (e) => `${e.closest('[data-seat]')?.getAttribute('data-seat')}:${e.getAttribute('data-test')}=${text(e)}|${e.getAttribute('aria-label') ?? ''}`,
  )
  return out
}

/** The seats' facts as the model has them (the same shape as `facts` reads them off a board). */
function modelFacts(view: ProjectorView, roleNames: RoleNames): string[] {
  return boardSeats(view, phoneWords.t, roleNames).flatMap((s) => [
    `${s.seat}:seat-no=${s.no}|`,
    `${s.seat}:seat-name=${s.name}|`,
    ...s.marks.map((m) => `${s.seat}:${m.name}=${m.text}|${m.label ?? ''}`),
  ])
}

/**
 * Views from random games of every preset (every fifth step, with voters shown or not), and each
 * open vote again with hands up (a random game records a vote at once: no hands are seen up).
 */
function views(): ProjectorView[] {
  const out: ProjectorView[] = []
  let k = 0
  for (let seed = 1; seed <= 5; seed++)
    for (const id of PRESET_IDS) {
      const run = randomGame(seed * 31 + id.length, id, { progress: 1 })
      for (const [i, s] of run.states.entries()) {
        // Every fifth step, and the last (a finished game's winner).
        if (k++ % 5 && i < run.states.length - 1) continue
        const v = projectorView(s, { showVoters: k % 2 === 0 })
        out.push(v)
        const alive = v.seats.filter((x) => x.alive).map((x) => x.seat)
        // The presets have no fouls: the same view under a ruleset that counts them, some seats fouled, seat 5 removed by its fourth.
        if (k % 3 === 0)
          out.push({
            ...v,
            rules: { foulsToRemove: 4 },
            seats: v.seats.map((x) => ({ ...x, fouls: x.seat % 5, alive: x.alive && x.seat !== 4 })),
            announcements: [...v.announcements, { kind: 'removed', day: v.dayNumber, player: 4, role: null, fouls: 4 }],
          })
        if (v.vote) out.push({ ...v, vote: { ...v.vote, candidates: v.vote.candidates.map((c, i) => ({ ...c, voters: alive.slice(i, i + 2) })) } })
      }
    }
  return out
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T20:00:00Z'), toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the phone's board and the projector's", () => {
  it('show the same facts for the same views', async () => {
    await switchLanguage('en')
    const i18n = createAppI18n(refereeMessages)
    const seen = new Set<string>()
    const { localRoleNames } = roomNames(phoneWords)
    const all = views()
    for (const view of all) {
      const projector = mount(ProjectorBoard, { props: { view }, global: { plugins: [i18n] } })
      const phone = board(view, 0, phoneWords).el
      const p = facts(projector.element)
      const f = facts(phone)
      const at = `view ${JSON.stringify({ phase: view.phase, stage: view.stage, day: view.dayNumber })}`
      expect(f, at).toEqual(p)
      // Both draw the one model: every seat's number, name and marks, nothing more, nothing less.
      expect(p.seatFacts, at).toEqual(modelFacts(view, localRoleNames(view.names)))
      for (const k of Object.keys(p)) seen.add(k)
      for (const m of p.seatFacts ?? []) seen.add(m.slice(m.indexOf(':') + 1, m.indexOf('=')))
      projector.unmount()
    }
    // The views reach the facts that matter (a comparison of nothing would prove nothing).
    for (const f of ['board-title', 'clock-time', 'board-announcement', 'winner', 'vote-count', 'candidate-votes', 'seat-name', ...SEAT_MARKS])
      expect(seen, f).toContain(f)
    expect(all.length).toBeGreaterThan(80)
  })

  it('the title\'s stage keeps its space: outside the stage\'s inline-block, which would drop it ("Day 1· Vote")', async () => {
    await switchLanguage('en')
    const view = views().find((v) => v.phase === 'day' && v.stage === 'vote')!
    const title = board(view, 0, phoneWords).el.querySelector('[data-test="board-title"]')!
    expect(title.querySelector('.stage')!.textContent).toBe('· Vote')
    expect(title.textContent).toBe(`${title.querySelector('.phase-name')!.textContent} · Vote`)
  })

  it('fails when one of them drops a fact', async () => {
    await switchLanguage('en')
    const view = views().find((v) => v.seats.some((s) => !s.alive) && v.clock !== null)!
    const phone = board(view, 0, phoneWords).el
    const before = facts(phone)
    phone.querySelector('[data-test="seat-status"]')!.remove()
    expect(facts(phone)).not.toEqual(before)
  })
})
