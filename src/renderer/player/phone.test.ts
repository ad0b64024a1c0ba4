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
  readonly named = new Map<string, (e: { data: string }) => void>()
  constructor(readonly url: string) {
    FakeStream.last = this
  }
  addEventListener(name: string, cb: (e: { data: string }) => void): void {
    this.named.set(name, cb)
  }
  /** The room's last word on this stream (server.ts: the `bye` event). */
  bye(why: string): void {
    this.named.get('bye')?.({ data: JSON.stringify(why) })
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

  it('says what is happening while it waits: the laptop restarting (the token kept), the room closed, or dropped at once', async () => {
    localStorage.setItem('nightfall-room-player', 'X'.repeat(32))
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/room/names' ? new Response(JSON.stringify({ names: ['Anna'], lang: null })) : new Response(null, { status: 204 }),
      ),
    )
    const root = document.createElement('div')
    FakeStream.last = null
    mountPhone(root)
    await until(() => FakeStream.last)
    const stream = FakeStream.last!
    stream.send({ kind: 'idle', name: 'Anna', sentAt: Date.now(), lang: 'en' })
    // No word from the laptop: the phone says it keeps trying, and that it comes back by itself.
    stream.onerror?.()
    expect(root.querySelector('[data-test=player-lost]')?.textContent).toContain('If it is restarting or asleep')
    // The laptop said it restarts: the phone says so, and keeps its token.
    stream.onopen?.()
    stream.bye('restarting')
    stream.onerror?.()
    expect(root.querySelector('[data-test=player-lost]')?.textContent).toBe('The laptop is restarting — stay on this page: your phone comes back by itself.')
    expect(localStorage.getItem('nightfall-room-player')).toBe('X'.repeat(32))
    // Back: the screen as before, no line about the laptop.
    stream.send({ kind: 'resuming', name: 'Anna', sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=player-lost]')).toBeNull()
    expect(root.querySelector('[data-test=player-resuming]')?.textContent).toContain('waiting for the referee to continue the game')
    // The referee closed the room: the token is worth nothing, the phone says why and offers the names when it can.
    stream.bye('closed')
    expect(localStorage.getItem('nightfall-room-player')).toBeNull()
    await until(() => root.querySelector('[data-test=player-names]'))
    expect(root.querySelector('[data-test=player-problem]')?.textContent).toBe('The referee closed the room. When it opens again, pick your name here.')
  })

  it('a refused phone says so at once, not "connection lost" first', async () => {
    localStorage.setItem('nightfall-room-player', 'X'.repeat(32))
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ names: ['Anna'], lang: null }))),
    )
    const root = document.createElement('div')
    FakeStream.last = null
    mountPhone(root)
    await until(() => FakeStream.last)
    FakeStream.last!.send({ kind: 'asking', name: 'Anna', sentAt: Date.now(), lang: 'en' })
    FakeStream.last!.bye('dropped')
    expect(root.querySelector('[data-test=player-lost]')).toBeNull()
    expect(localStorage.getItem('nightfall-room-player')).toBeNull()
    await until(() => root.querySelector('[data-test=player-names]'))
    expect(root.querySelector('[data-test=player-problem]')?.textContent).toContain('This phone is not in the room')
  })

  it('speaks its player’s language: the phone’s own when it is one of ours, else the game’s, and the one picked on the phone', async () => {
    const languages = (l: string[]) => Object.defineProperty(navigator, 'languages', { value: l, configurable: true })
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ names: ['Anna'], lang: 'hu' }))),
    )
    try {
      // A Swedish phone in a Hungarian game: Swedish.
      languages(['sv-SE', 'en'])
      const root = document.createElement('div')
      mountPhone(root)
      await until(() => document.documentElement.lang === 'sv' && root.querySelector('[data-test=player-names]'))
      expect(root.querySelector('h1')?.textContent).toBe('Vem är du? Välj ditt namn.')
      // A German phone: the game's language.
      languages(['de-DE'])
      const other = document.createElement('div')
      mountPhone(other)
      await until(() => document.documentElement.lang === 'hu' && other.querySelector('h1')?.textContent === 'Ki vagy? Válaszd ki a neved.')
      // Its player picks 日本語: kept in this browser.
      const select = other.querySelector<HTMLSelectElement>('[data-test=player-language]')!
      select.value = 'ja'
      select.dispatchEvent(new Event('change'))
      await until(() => document.documentElement.lang === 'ja')
      expect(localStorage.getItem('nightfall-room-lang')).toBe('ja')
      await until(() => other.querySelector('[data-test=player-language]')?.closest('footer')?.textContent?.startsWith('言語'))
    } finally {
      languages(['en-US'])
    }
  })
})
