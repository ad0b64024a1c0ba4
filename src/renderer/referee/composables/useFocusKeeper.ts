import { onMounted, onUnmounted, type Ref } from 'vue'

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])'

function canFocus(el: Element): el is HTMLElement {
  return (
    el instanceof HTMLElement && el.matches(FOCUSABLE) && !(el as HTMLButtonElement).disabled && el.isConnected && !el.closest('[inert], [aria-hidden="true"]')
  )
}

function firstFocusable(root: Element): HTMLElement | null {
  if (canFocus(root)) return root
  for (const el of root.querySelectorAll(FOCUSABLE)) if (canFocus(el)) return el
  return null
}

/**
 * Keyboard focus survives the view changing under it. When the focused control disappears (its panel
 * is replaced: the night becomes the day, a vote closes, the reveal ends) or becomes disabled, focus
 * would fall to <body> and the next Tab would start from the top of the page. Instead it moves to the
 * first control of what replaced it (preferring the main column), else to the next control near where
 * it was. Focus a user moved on purpose (a click on empty space) is left alone.
 */
export function useFocusKeeper(root: Ref<HTMLElement | null>): void {
  let last: HTMLElement | null = null
  /** Where `last` sat when it got focus (a removed element forgets its parents' connection). */
  let lastParents: Element[] = []
  let added: Element[] = []
  let pending = false

  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement)) return
    last = e.target
    lastParents = []
    for (let up = last.parentElement; up; up = up.parentElement) lastParents.push(up)
  }

  function lost(): boolean {
    const active = document.activeElement
    // A control disabled while focused keeps focus until the browser's next update, then loses it.
    if (active && active !== document.body && !(active as HTMLButtonElement).disabled) return false
    return !!last && (!last.isConnected || (last as HTMLButtonElement).disabled === true)
  }

  /** The next focusable control after `el` in document order inside `scope`, else the last before it. */
  function near(el: Element, scope: Element): HTMLElement | null {
    const all = [...scope.querySelectorAll(FOCUSABLE)].filter(canFocus)
    const after = all.find((c) => el.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)
    return after ?? all.at(-1) ?? null
  }

  function restore(): void {
    pending = false
    const fresh = added.filter((n) => n.isConnected)
    added = []
    if (!lost() || !root.value) return
    const from = last!
    let target: HTMLElement | null = null
    // The first control of what appeared, in page order, preferring the main column.
    const candidates = fresh.flatMap((n) => [n, ...n.querySelectorAll(FOCUSABLE)]).filter(canFocus)
    candidates.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    target = candidates.find((c) => c.closest('main')) ?? candidates[0] ?? null
    if (!target && from.isConnected) target = near(from, root.value)
    if (!target) {
      // Gone with its panel and nothing new: the first control of the nearest part that is left.
      for (const scope of lastParents) {
        if (!scope.isConnected) continue
        target = firstFocusable(scope)
        if (target) break
      }
    }
    target?.focus()
  }

  let observer: MutationObserver | null = null
  onMounted(() => {
    document.addEventListener('focusin', onFocusIn)
    if (!root.value || typeof MutationObserver === 'undefined') return
    observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) added.push(n)
      if (!pending) {
        pending = true
        queueMicrotask(restore)
      }
    })
    observer.observe(root.value, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] })
  })
  onUnmounted(() => {
    document.removeEventListener('focusin', onFocusIn)
    observer?.disconnect()
  })
}
