/**
 * The phone page's whole rendering toolkit (no Vue on a phone: docs/room.md): an element with its
 * attributes, listeners and children. Text is always a text node (textContent), never parsed as
 * HTML, so nothing a player typed can become markup.
 */
export type Child = Node | string | number | null | undefined | false
export interface Props {
  /** Class names; falsy entries are left out. */
  class?: string | (string | false | null | undefined)[]
  /** Listeners by event name. */
  on?: { [K in keyof HTMLElementEventMap]?: (e: HTMLElementEventMap[K]) => void }
  /** Any other attribute (data-test, role, aria-*, type…); null or false leaves it out. */
  [attribute: string]: unknown
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(props)) {
    if (v === null || v === undefined || v === false) continue
    if (k === 'class') el.className = (Array.isArray(v) ? v.filter(Boolean) : [v]).join(' ')
    else if (k === 'on') for (const [e, f] of Object.entries(v as Record<string, EventListener>)) el.addEventListener(e, f)
    else el.setAttribute(k, v === true ? '' : String(v as string | number))
  }
  el.append(...children.flat().flatMap((c) => (c === null || c === undefined || c === false ? [] : typeof c === 'number' ? [String(c)] : [c])))
  return el
}
