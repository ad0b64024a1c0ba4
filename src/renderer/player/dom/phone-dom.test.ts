// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { buildStory, playerView } from '../../../engine'
import { randomGame } from '../../../engine/testing'
import type { GameState } from '../../../engine/state'
import { presetNames, roleName } from '../../../shared/role-names'
import { phoneWords, switchLanguage } from '../words'
import { board } from './board'
import { roleCard } from './role-card'
import { storyBoard } from './story'

/** The phone's page drawn without Vue (docs/room.md): the card, the board and the story, from real games. */
const finished = (): { run: ReturnType<typeof randomGame>; end: GameState } => {
  for (let seed = 1; ; seed++) {
    const run = randomGame(seed, 'maffiasig', { progress: 1 })
    const end = run.states.at(-1)!
    if (end.phase === 'over') return { run, end }
  }
}

/** The card's shape: every element's tag, classes and attributes but no text. */
const shape = (el: Element): string =>
  `${el.tagName}.${el.className}[${[...el.attributes].map((a) => a.name).join(',')}](${[...el.children].map(shape).join('')})`

describe("the phone's page, drawn without Vue", () => {
  it('keeps the role face down until held, with the same box for every role, and tells the referee it was looked at', async () => {
    await switchLanguage('en')
    const { run } = finished()
    const st = run.states[Math.floor(run.states.length / 2)]!
    const shapes = new Set<string>()
    const roles = new Set<string>()
    st.roles.forEach((role, seat) => {
      let looked = 0
      const card = roleCard(phoneWords, () => looked++)
      const v = playerView(st, seat)
      card.show(v, v.partners?.map((p) => st.setup.players[p]!).join(', ') ?? null)
      document.body.replaceChildren(card.el)
      const name = roleName(presetNames('maffiasig'), role!, 'en')
      // Face down: the role is not in the page at all.
      expect(card.el.querySelector('[data-test=role-name]')).toBeNull()
      expect(card.el.textContent).not.toContain(name)
      const down = shape(card.el)
      card.el.dispatchEvent(new Event('pointerdown', { cancelable: true }))
      expect(card.el.querySelector('[data-test=role-name]')?.textContent).toBe(name)
      expect(looked).toBe(1)
      shapes.add(`${down}|${shape(card.el)}`)
      roles.add(role!)
      card.el.dispatchEvent(new Event('pointerup'))
      expect(card.el.querySelector('[data-test=role-name]')).toBeNull()
    })
    expect(roles.size).toBeGreaterThan(1)
    expect([...shapes]).toHaveLength(1)
  })

  it('writes names as text, never as markup', () => {
    const { end } = finished()
    const st = structuredClone(end)
    st.setup.players[0] = '<img src=x onerror=alert(1)>'
    const v = playerView(st, 0)
    const b = board(v.board, 0, phoneWords)
    expect(b.el.querySelector('img')).toBeNull()
    expect(b.el.textContent).toContain('<img src=x onerror=alert(1)>')
  })

  it('shows the board as the projector does, and after the game every card', () => {
    const { run, end } = finished()
    const during = board(playerView(run.states[3]!, 0).board, 0, phoneWords).el
    expect(during.querySelectorAll('[data-test=seat-no]')).toHaveLength(end.setup.players.length)
    expect(during.querySelector('[data-test=winner]')).toBeNull()
    const over = board(playerView(end, 0).board, 0, phoneWords).el
    expect(over.querySelector('[data-test=winner]')?.textContent).toMatch(/win|draw/i)
    expect(over.querySelectorAll('[data-test=seat-role]')).toHaveLength(end.setup.players.length)
  })

  it('tells the story page by page, the end with every role', async () => {
    const { run } = finished()
    const story = buildStory(run.game)
    if (!story.ok) throw new Error(story.error.message)
    const s = story.value
    const first = storyBoard(s, 0, phoneWords)
    expect(first.querySelectorAll('.story-lines li').length).toBeGreaterThan(0)
    expect(first.textContent).not.toMatch(/story\.\w/)
    const end = storyBoard(s, s.chapters.length, phoneWords)
    expect(end.querySelectorAll('.story-roles li')).toHaveLength(s.players.length)
    for (const [seat, p] of s.players.entries()) expect(end.textContent).toContain(`${p}${roleName(s.names, s.roles[seat]!, 'en')}`)
    // In the room's language.
    await switchLanguage('hu')
    expect(storyBoard(s, s.chapters.length, phoneWords).querySelector('.story-title')?.textContent).not.toBe(end.querySelector('.story-title')?.textContent)
    await switchLanguage('en')
  })
})
