import type { Words } from '../../../shared/text/line'
import { roomNames } from '../../../shared/text/room'
import type { PlayerView } from '../../../shared/views'
import { h } from './h'

/**
 * The player's own card: face down until held, face up while held. The same box, layout and colours
 * for every role (the partners' line is always there, blank for everybody but a told mafioso), so a
 * glance across the table tells nothing; the role is not in the page at all while the card is down.
 * One button for the page's life: a new screen while it is held keeps it open, with the new words.
 * A toggle button for assistive technology (aria-pressed): held, or turned over by Enter or a screen
 * reader's double tap, it is pressed and its name is the role; face down its name says how to look.
 */
export function roleCard(
  words: Words,
  looked: () => void,
): { el: HTMLButtonElement; show(view: PlayerView, partners: string | null, call?: string | null): void } {
  let view: PlayerView | null = null
  let partners: string | null = null
  /** At a night call on the phones, what only this seat may read of it (a partner's pick, the inspector's answer): on the card, shown while held. */
  let call: string | null = null
  let open = false
  const { t } = words
  const draw = () => {
    if (!view) return
    const role = view.role ? roomNames(words).localRoleNames(view.board.names)[view.role] : t('phone.notRecorded')
    const line = partners === null ? '\u00a0' : partners === '' ? t('phone.alone') : t('phone.partners', { names: partners })
    // Always there at a call, blank unless held: a glance at the phone tells nothing.
    const atCall =
      call === null ? [] : [h('span', { class: 'card-partners card-call', 'data-test': open ? 'role-call' : null }, open && call ? call : '\u00a0')]
    el.replaceChildren(
      h('span', { class: 'card-who' }, view.name),
      open ? h('strong', { class: 'card-role', 'data-test': 'role-name' }, role) : h('strong', { class: 'card-role' }, t('phone.hold')),
      open ? h('span', { class: 'card-partners', 'data-test': 'role-partners' }, line) : h('span', { class: 'card-partners' }, '\u00a0'),
      ...atCall,
    )
  }
  const set = (to: boolean) => {
    if (open === to) return
    open = to
    el.setAttribute('aria-pressed', String(open))
    draw()
    if (open) looked()
  }
  /** A finger just lifted from a hold: the click that follows it is that hold's, not a turn. (Space's hold makes no click: its keydown is prevented.) */
  let held = false
  const show = (e: Event) => {
    e.preventDefault()
    held = false
    set(true)
  }
  const hide = () => set(false)
  const lift = () => {
    held = open
    set(false)
  }
  const el = h('button', {
    type: 'button',
    class: 'role-card',
    'data-test': 'role-card',
    'aria-pressed': 'false',
    on: {
      pointerdown: show,
      pointerup: lift,
      pointerleave: hide,
      pointercancel: hide,
      keydown: (e) => e.key === ' ' && show(e),
      keyup: (e) => e.key === ' ' && hide(),
      // A click with no hold before it (Enter, a screen reader's double tap): the card turns over until
      // the next one, or until the focus leaves it. Its words are the button's own: spoken to the
      // player who has it in focus, never announced to the page (no live region).
      click: () => {
        if (held) held = false
        else set(!open)
      },
      blur: () => set(false),
      contextmenu: (e) => e.preventDefault(),
    },
  })
  return {
    el,
    show: (v, p, c = null) => {
      view = v
      partners = p
      call = c
      draw()
    },
  }
}
