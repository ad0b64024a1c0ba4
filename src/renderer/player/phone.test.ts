// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildStory, playerView } from '../../engine'
import { randomGame } from '../../engine/testing'
import { Handshakes, sealScreen } from '../../host/room/seal'
import type { PlayerScreen } from '../../shared/room'
import type { Agreed } from '../../shared/room-handshake'
import { mountPhone } from './phone'
import { saveSeal } from './seal'

/**
 * The phone's page as a whole (phone.ts), on a fake room: the room's answers (with the host's own
 * handshake, host/room/seal.ts) and its stream, each screen sealed for the key the page agreed.
 */
let key: Agreed | null = null
class FakeStream {
  static last: FakeStream | null = null
  static readonly CLOSED = 2
  readyState = 1
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
  send(s: PlayerScreen, k: Uint8Array | undefined = key?.key): void {
    this.fire('message', JSON.stringify(sealScreen(s, k!)))
  }
  fire(name: string, data = ''): void {
    this.named.get(name)?.({ data })
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

/** A phone that was let in before (its token and key kept in this browser), as after a reload. */
function keptPhone(token = 'X'.repeat(32)): void {
  key = { key: new Uint8Array(32).fill(3), code: '123456' }
  localStorage.setItem('nightfall-room-player', token)
  saveSeal({ token, ...key })
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  key = null
})

describe("the phone's page", () => {
  it('picks a name, waits for the referee, then shows the card and the board, and after the game the story the projector shows', async () => {
    const posted: string[] = []
    const handshakes = new Handshakes()
    const token = 'T'.repeat(32)
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: { body?: string }) => {
        if (url === '/room/names') return new Response(JSON.stringify({ names: ['Anna', '<b>Bence</b>'], lang: 'en' }))
        posted.push(url)
        const body = JSON.parse(init?.body ?? '{}') as { name?: string; commit: string; pub: string }
        if (url === '/room/join') return new Response(JSON.stringify({ ok: true, token, pub: handshakes.hello(token, body.commit) }))
        if (url === '/room/key') {
          key = handshakes.finish(token, body.pub)
          return new Response(null, { status: key ? 204 : 403 })
        }
        return new Response(null, { status: 204 })
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
    // The join, then the phone's public key: the key is agreed, and the page shows the code the referee's row shows.
    expect(posted).toEqual(['/room/join', '/room/key'])
    expect(key).not.toBeNull()
    expect(localStorage.getItem('nightfall-room-player')).toBe(token)
    const stream = FakeStream.last!
    stream.send({ kind: 'asking', name: 'Anna', sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=player-asking]')?.textContent).toContain('Anna')
    expect(root.querySelector('[data-test=player-code]')?.textContent).toContain(`${key!.code.slice(0, 3)} ${key!.code.slice(3)}`)
    // The key is kept with the token in this browser, never sent: no request carried it.
    expect(localStorage.getItem('nightfall-room-seal')).toContain(token)

    const run = game()
    const during = run.states[4]!
    // A screen sealed for another key is not shown.
    stream.send({ kind: 'game', view: playerView(during, 0), story: null, call: null, vote: null, sentAt: Date.now(), lang: 'en' }, new Uint8Array(32).fill(7))
    expect(root.querySelector('[data-test=role-card]')).toBeNull()
    stream.send({ kind: 'game', view: playerView(during, 0), story: null, call: null, vote: null, sentAt: Date.now(), lang: 'en' })
    const card = root.querySelector('[data-test=role-card]')!
    expect(root.querySelector('[data-test=projector-board]')).not.toBeNull()
    // Held, the card stays open (the same element) while a new screen arrives; let go, it hides.
    card.dispatchEvent(new Event('pointerdown', { cancelable: true }))
    stream.send({ kind: 'game', view: playerView(run.states[5]!, 0), story: null, call: null, vote: null, sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=role-card]')).toBe(card)
    expect(root.querySelector('[data-test=role-name]')).not.toBeNull()
    expect(posted.filter((p) => p.startsWith('/room/looked'))).toHaveLength(1)
    card.dispatchEvent(new Event('pointerup'))
    expect(root.querySelector('[data-test=role-name]')).toBeNull()

    const end = run.states.at(-1)!
    const story = buildStory(run.game)
    if (!story.ok) throw new Error(story.error.message)
    stream.send({ kind: 'game', view: playerView(end, 0), story: null, call: null, vote: null, sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=winner]')).not.toBeNull()
    stream.send({ kind: 'game', view: playerView(end, 0), story: { story: story.value, index: 0 }, call: null, vote: null, sentAt: Date.now(), lang: 'en' })
    expect(root.querySelector('[data-test=projector-board]')).toBeNull()
    expect(root.querySelector('[data-test=story-board]')).not.toBeNull()
    expect(root.querySelector('[data-test=role-card]')).toBe(card)
  })

  it('forgets a token the room no longer knows and offers the names again', async () => {
    localStorage.setItem('nightfall-room-player', 'X'.repeat(32))
    saveSeal({ token: 'X'.repeat(32), key: new Uint8Array(32), code: '123456' })
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
    stream.fire('error')
    await until(() => root.querySelector('[data-test=player-problem]') && root.querySelector('[data-test=player-names]'))
    expect(localStorage.getItem('nightfall-room-player')).toBeNull()
    expect(localStorage.getItem('nightfall-room-seal')).toBeNull()
  })

  it('a token kept without its key (a page from before the seal) is not used: the names are offered', async () => {
    localStorage.setItem('nightfall-room-player', 'X'.repeat(32))
    vi.stubGlobal('EventSource', FakeStream)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ names: ['Anna'], lang: null }))),
    )
    const root = document.createElement('div')
    FakeStream.last = null
    mountPhone(root)
    await until(() => root.querySelector('[data-test=player-names]'))
    expect(FakeStream.last).toBeNull()
  })

  it('says what is happening while it waits: the laptop restarting (the token kept), the room closed, or dropped at once', async () => {
    keptPhone()
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
    stream.fire('error')
    expect(root.querySelector('[data-test=player-lost]')?.textContent).toContain('If it is restarting or asleep')
    // The laptop said it restarts: the phone says so, and keeps its token.
    stream.fire('open')
    stream.bye('restarting')
    stream.fire('error')
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
    keptPhone()
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
