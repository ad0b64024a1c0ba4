// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildStory, playerView } from '../../main/engine'
import { randomGame } from '../../main/engine/testing'
import type { PlayerScreen } from '../../shared/room'
import { mountPhone } from './phone'

/** The phone's page as a whole (phone.ts), on a fake room: the room's answers and its stream. */
class FakeStream {
  static last: FakeStream | null = null
  static readonly CLOSED = 2
  readyState = 1
  onopen: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeStream.last = this
  }
  send(s: PlayerScreen): void {
    this.onmessage?.({ data: JSON.stringify(s) })
  }
  close(): void {
    this.readyState = 2
  }
}

const game = () => {
  for (let seed = 1; ; seed++) {
    const run = randomGame(seed, 'maffiasig', { progress: 1 })
    if (run.states.at(-1)!.phase === 'over') return run
  }
}
const until = (what: () => unknown) => vi.waitFor(() => expect(what()).toBeTruthy(), { timeout: 2000 })

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe("the phone's page", () => {
  it('picks a name, waits for the referee, then shows the card and the board, and after the game the story the projector shows', async () => {
    const posted: string[] = []
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: { body?: string }) => {
        if (url === '/room/names') return new Response(JSON.stringify({ names: ['Anna', '<b>Bence</b>'], lang: 'en' }))
        posted.push(`${url} ${init?.body ?? ''}`)
        return new Response(JSON.stringify({ ok: true, token: 'T'.repeat(32) }))
      }),
    )
    const root = document.createElement('div')
    document.body.replaceChildren(root)
    FakeStream.last = null
    mountPhone(root)
    await until(() => root.querySelectorAll('[data-test=player-names] button').length === 2)
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-test=player-names] button')]
    expect(buttons.map((b) => b.textContent)).toEqual(['Anna', '<b>Bence</b>'])
    expect(root.querySelector('b')).toBeNull()
    buttons[0]!.click()
    await until(() => FakeStream.last)
    expect(posted).toEqual(['/room/join {"name":"Anna"}'])
    expect(localStorage.getItem('nightfall-room-player')).toBe('T'.repeat(32))
    const stream = FakeStream.last!
    stream.send({ kind: 'asking', name: 'Anna', sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=player-asking]')?.textContent).toContain('Anna')

    const run = game()
    const during = run.states[4]!
    stream.send({ kind: 'game', view: playerView(during, 0), story: null, sentAt: Date.now(), lang: 'en' })
    const card = root.querySelector('[data-test=role-card]')!
    expect(root.querySelector('[data-test=projector-board]')).not.toBeNull()
    // Held, the card stays open (the same element) while a new screen arrives; let go, it hides.
    card.dispatchEvent(new Event('pointerdown', { cancelable: true }))
    stream.send({ kind: 'game', view: playerView(run.states[5]!, 0), story: null, sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=role-card]')).toBe(card)
    expect(root.querySelector('[data-test=role-name]')).not.toBeNull()
    expect(posted.filter((p) => p.startsWith('/room/looked'))).toHaveLength(1)
    card.dispatchEvent(new Event('pointerup'))
    expect(root.querySelector('[data-test=role-name]')).toBeNull()

    const end = run.states.at(-1)!
    const story = buildStory(run.game)
    if (!story.ok) throw new Error(story.error.message)
    stream.send({ kind: 'game', view: playerView(end, 0), story: null, sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=winner]')).not.toBeNull()
    stream.send({ kind: 'game', view: playerView(end, 0), story: { story: story.value, index: 0 }, sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=projector-board]')).toBeNull()
    expect(root.querySelector('[data-test=story-board]')).not.toBeNull()
    expect(root.querySelector('[data-test=role-card]')).toBe(card)
  })

  it('forgets a token the room no longer knows and offers the names again', async () => {
    localStorage.setItem('nightfall-room-player', 'X'.repeat(32))
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/room/device') ? new Response(null, { status: 403 }) : new Response(JSON.stringify({ names: ['Anna'], lang: null })),
      ),
    )
    const root = document.createElement('div')
    FakeStream.last = null
    mountPhone(root)
    await until(() => FakeStream.last)
    const stream = FakeStream.last!
    expect(stream.url).toContain('X'.repeat(32))
    stream.readyState = FakeStream.CLOSED
    stream.onerror?.()
    await until(() => root.querySelector('[data-test=player-problem]') && root.querySelector('[data-test=player-names]'))
    expect(localStorage.getItem('nightfall-room-player')).toBeNull()
  })
})
