import type { PlayerScreen, WireScreen } from '../../shared/room'
import { clockOffset } from '../shared/clock'
import { board } from './dom/board'
import { h } from './dom/h'
import { callSecret, nightCall } from './dom/night-call'
import { dayVote, type VoteChoice } from './dom/day-vote'
import { roleCard } from './dom/role-card'
import { storyBoard } from './dom/story'
import { lookedAtRole, names, openStream, savedToken, saveToken, type RoomBye } from './room-client'
import { claimFromAddress, joinSealed, opened, savedSeal, saveSeal, sendPick, sendVote, type PhoneSeal } from './seal'
import { LANGUAGES, LANGUAGE_IDS, type Language } from '../../shared/languages'
import { chooseLanguage, playerLanguage, phoneWords as words, switchLanguage, t } from './words'
import { listOf } from '../../shared/phrasing'

/** Why a phone shows no game, and the words it says for it. */
const PROBLEMS = {
  busy: 'phone.busy',
  refused: 'phone.refused',
  unreachable: 'phone.unreachable',
  gone: 'phone.refused',
  left: 'phone.left',
  replaced: 'phone.replaced',
  claimRefused: 'phone.claimRefused',
  closed: 'phone.closed',
} as const
type Problem = keyof typeof PROBLEMS

/**
 * A player's phone in the room, without Vue (docs/room.md): pick a seated name, wait for the referee
 * to let it in, then the own role (hidden until held), a mafioso's partners once told, and the public
 * board — after the game, the story as the projector shows it. Nothing else. Its secrets arrive
 * sealed for its key (seal.ts), and it shows its code for the referee to compare. Each change draws
 * the page again from this state (render); only the role card lives on, so a held card stays open.
 */
export function mountPhone(root: HTMLElement): void {
  // A token without its key (kept by a page before the seal) is worth nothing to this page.
  let seal: PhoneSeal | null = savedSeal(savedToken('player'))
  let token = seal?.token ?? null
  let screen: PlayerScreen | null = null
  let offset = 0
  let connected = true
  let choices: string[] | null = null
  let problem: Problem | null = null
  let close: (() => void) | null = null
  let lang = ''
  /** The room's language (the game's: the referee's), the phone's own when it has none of ours. */
  let roomLang: string | null = null
  let told = false
  /** The laptop's last word on a stream that ended ('restarting': it comes back on the same address, the token kept). */
  let bye: RoomBye | null = null
  let tick = () => {}
  /** The night call this phone was last shown (a new one vibrates, on every phone alike), and whether its last pick was refused. */
  let callId: string | null = null
  let pickRefused = false
  /** Whether this phone's last day vote was refused (one words for every reason). */
  let voteRefused = false
  let voteId: string | null = null
  /**
   * What a screen reader says politely as the game goes on (the phase, a death, the clock running
   * out): one live region for the page's life (a region drawn anew would say nothing). Never the role.
   */
  const said = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'data-test': 'player-news' })
  let news = () => ''
  const say = () => {
    const now = news()
    if (said.textContent !== now) said.textContent = now
  }

  const card = roleCard(words, () => {
    if (told || !token) return
    told = true
    lookedAtRole(token)
  })

  const language = (want: string) => {
    if (want === lang) return
    lang = want
    void switchLanguage(want).then((changed) => changed && render())
  }

  async function loadNames(): Promise<void> {
    const c = await names()
    // A closed room: look again now and then (at most 10 minutes), so the names show when it opens again.
    if (!c && problem === 'closed') {
      if (Date.now() - closedAt < 600_000) setTimeout(() => void loadNames(), 5000)
    } else if (!c) problem = 'unreachable'
    else {
      choices = c.names
      roomLang = c.lang
      language(playerLanguage(roomLang))
    }
    render()
  }

  function listen(mine: PhoneSeal): void {
    close?.()
    close = openStream<WireScreen>('/room/player', mine.token, {
      message: (wire) => {
        // A message not sealed for this phone's key (or changed on the way) is not shown.
        const s = opened(wire, mine)
        if (!s) return
        offset = clockOffset(s.sentAt)
        const call = s.kind === 'game' ? s.call : null
        if (call && call.id !== callId) {
          pickRefused = false
          // No sound at night; a short vibration, the same on every phone at the same call.
          navigator.vibrate?.(150)
        }
        callId = call?.id ?? null
        // A new vote (or none) forgets the last vote's refusal.
        const voteNow = s.kind === 'game' ? (s.vote?.id ?? null) : null
        if (voteNow !== voteId) voteRefused = false
        voteId = voteNow
        screen = s
        connected = true
        problem = null
        bye = null
        roomLang = s.lang
        language(playerLanguage(roomLang))
        render()
      },
      connected: (up) => {
        if (connected === up) return
        connected = up
        render()
      },
      gone: () => forget('gone'),
      bye: (why) => {
        bye = why
        if (why === 'closed') return forget('closed')
        render()
      },
    })
  }

  let closedAt = 0
  function forget(why: 'gone' | 'left' | 'replaced' | 'closed' | null): void {
    if (why === 'closed') closedAt = Date.now()
    // The last word of a phone whose player left the roster, or whose seat another phone took, stays on screen.
    if (why === 'gone' && (screen?.kind === 'left' || screen?.kind === 'replaced')) why = screen.kind
    close?.()
    close = null
    saveToken('player', null)
    saveSeal(null)
    token = null
    seal = null
    screen = null
    problem = why
    render()
    void loadNames()
  }

  /** A pick at the call: the room answers with every phone's new screen; a refusal is said here (one words for every role). */
  async function pick(call: string, target: number): Promise<void> {
    if (!seal) return
    const taken = await sendPick(seal, { call, target })
    if (pickRefused === !taken) return
    pickRefused = !taken
    render()
  }

  /** A day's vote on the phone: the room answers with every phone's new screen; a refusal is said here (one words for every reason). */
  async function vote(id: string, choice: VoteChoice): Promise<void> {
    if (!seal) return
    const taken = await sendVote(seal, id, choice)
    if (voteRefused === !taken) return
    voteRefused = !taken
    render()
  }

  async function join(name: string): Promise<void> {
    const r = await joinSealed(name)
    if ('error' in r) {
      problem = r.error
      return render()
    }
    problem = null
    keep(r)
    render()
    listen(r)
  }

  function keep(s: PhoneSeal): void {
    saveToken('player', s.token)
    saveSeal(s)
    seal = s
    token = s.token
  }

  /** This phone's code, as the referee's row shows it: compared before the phone is let in. */
  const code = (): HTMLElement[] =>
    seal ? [h('p', { class: 'code', 'data-test': 'player-code' }, t('phone.code', { code: seal.code.replace(/^(\d{3})(\d{3})$/, '$1 $2') }))] : []

  /** What the page shows below the role card (the card is shown during a game). */
  function content(): HTMLElement[] {
    tick = () => {}
    news = () => ''
    if (screen?.kind === 'game') {
      const v = screen.view
      const partners = v.partners
        ? listOf(
            words.locale.value,
            v.partners.map((p) => v.board.seats[p]?.name ?? ''),
          )
        : null
      card.show(v, partners, callSecret(v.board.seats[v.seat]?.alive ? screen.call : null, v, words))
      if (screen.story) return [h('div', { class: 'story' }, storyBoard(screen.story.story, screen.story.index, words))]
      const b = board(v.board, offset, words)
      tick = b.tick
      news = b.news
      const call = screen.call
      const atCall = call && v.board.seats[v.seat]?.alive ? [nightCall(call, v, words, (target) => void pick(call.id, target))] : []
      const refusedLine =
        atCall.length && pickRefused ? [h('p', { class: 'problem', role: 'alert', 'data-test': 'call-refused' }, t('phone.call.refused'))] : []
      const open = screen.vote
      const voting = (open && v.board.seats[v.seat]?.alive && dayVote(open, v, words, (choice) => void vote(open.id, choice))) || null
      const voteLine = voting && voteRefused ? [h('p', { class: 'problem', role: 'alert', 'data-test': 'vote-refused' }, t('phoneVotes.refused'))] : []
      return [...atCall, ...refusedLine, ...(voting ? [voting] : []), ...voteLine, h('div', { class: 'board' }, b.el), ...code()]
    }
    if (screen)
      return [h('section', { class: 'message', 'data-test': `player-${screen.kind}` }, h('p', {}, t(`phone.${screen.kind}`, { name: screen.name })), ...code())]
    if (token) return []
    return [
      h(
        'section',
        { class: 'message' },
        problem && h('p', { class: 'problem', role: 'alert', 'data-test': 'player-problem' }, t(PROBLEMS[problem])),
        choices?.length
          ? [
              h('h1', {}, t('phone.pickName')),
              h(
                'ul',
                { class: 'names', 'data-test': 'player-names' },
                ...choices.map((n) => h('li', {}, h('button', { type: 'button', on: { click: () => void join(n) } }, n))),
              ),
            ]
          : choices && [h('p', {}, t('phone.noGame')), h('button', { type: 'button', on: { click: () => void loadNames() } }, t('phone.look'))],
      ),
    ]
  }

  /** The phone's language, switchable by its player (kept in this browser). */
  function languagePicker(): HTMLElement {
    const select = h(
      'select',
      {
        'data-test': 'player-language',
        'aria-label': t('phone.language'),
        on: {
          change: (e: Event) => {
            const l = (e.target as HTMLSelectElement).value as Language
            chooseLanguage(l)
            language(l)
          },
        },
      },
      ...LANGUAGE_IDS.map((l) => h('option', { value: l, selected: l === lang }, LANGUAGES[l])),
    )
    return h('footer', { class: 'player-language' }, h('label', {}, `${t('phone.language')} `, select))
  }

  const app = h('main', { class: 'player-app', 'data-test': 'player-app' })
  root.replaceChildren(app, said)
  /**
   * The language picker comes a frame after the page's first screen (or after half a second, if no
   * screen comes): a <select> and its five languages' names cost a phone's first layout a sixth of
   * its time, and it sits below the card and the board (docs/room.md, "First render").
   */
  let picker = false
  const showPicker = () => {
    if (picker) return
    picker = true
    render()
  }
  setTimeout(showPicker, 500)
  function render(): void {
    // While the stream is away the phone says what is happening: the laptop restarting (it said so), or no word from it.
    const lost =
      token &&
      !connected &&
      h('p', { class: 'lost', role: 'status', 'data-test': 'player-lost' }, t(bye === 'restarting' ? 'phone.restarting' : 'phone.lostWait'))
    const rest = [...content(), ...(lost ? [lost] : []), ...(picker ? [languagePicker()] : [])]
    if (!picker && rest.length) requestAnimationFrame(() => setTimeout(showPicker))
    // The page's name and its landmark's, in the phone's language.
    document.title = t('phone.title')
    app.setAttribute('aria-label', t('phone.title'))
    say()
    if (screen?.kind !== 'game') return app.replaceChildren(...rest)
    // The card stays where it is (a card held down is never taken out of the page): only what follows it is drawn again.
    if (app.firstChild !== card.el) app.prepend(card.el)
    while (card.el.nextSibling) card.el.nextSibling.remove()
    app.append(...rest)
  }

  setInterval(() => {
    tick()
    say()
  }, 200)
  language(playerLanguage(null))
  render()
  void claimFromAddress().then((claimed) => {
    if (claimed && 'token' in claimed) keep(claimed)
    else if (claimed) problem = claimed.error === 'refused' ? 'claimRefused' : claimed.error
    if (seal) listen(seal)
    else void loadNames()
  })
}
