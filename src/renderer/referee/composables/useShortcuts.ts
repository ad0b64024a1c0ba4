import { onMounted, onUnmounted } from 'vue'
import { useAppStore } from '../stores/useAppStore'
import { useDialogStore } from '../stores/useDialogStore'
import { usePrivacyStore } from '../stores/usePrivacyStore'
import { useRevealStore } from '../stores/useRevealStore'

/** True when the key press belongs to a text field (typing, or the field's own undo). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(target.type)
  return false
}

/** What a shortcut acts on: the app (the host), the dialog, the players panel's privacy. */
export interface ShortcutContext {
  app: ReturnType<typeof useAppStore>
  dialog: ReturnType<typeof useDialogStore>
  privacy: ReturnType<typeof usePrivacyStore>
}

/**
 * The referee window's keys: THE one table. The key handler below is built from it, and the quick
 * start lists it (help.shortcuts.<id> in the help area); a test keeps the two equal.
 * `keys`: each a combination the handler takes ('Ctrl+Z'), modifiers exact, the key case-insensitive.
 * `when`: 'dialog' fires only while a dialog is open; 'game' only in a game, with no dialog, no
 * private reveal showing, no key held down, and not while typing in a text field.
 * `run` answers whether the page took the key (then the browser's own action is prevented).
 */
export interface Shortcut {
  id: 'undo' | 'endNightStep' | 'toggleRoles' | 'closeDialog'
  keys: readonly string[]
  when: 'dialog' | 'game'
  run(ctx: ShortcutContext): boolean
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'undo',
    keys: ['Ctrl+Z', 'Meta+Z'],
    when: 'game',
    run({ app }) {
      if ((app.game?.undoable ?? 0) > 0) void app.act('undo')
      return true
    },
  },
  {
    id: 'endNightStep',
    keys: ['N'],
    when: 'game',
    run({ app }) {
      const game = app.game
      // Where the call cannot end yet, N still answers: the refusal says what is missing.
      if (!game || (!game.legal.endNightStep && !game.legal.endNightStepWhy)) return false
      void app.play({ type: 'endNightStep' })
      return true
    },
  },
  {
    id: 'toggleRoles',
    keys: ['R'],
    when: 'game',
    run({ privacy }) {
      // The players panel hides or shows the roles from whoever looks over the referee's shoulder.
      privacy.toggleRoles()
      return true
    },
  },
  {
    id: 'closeDialog',
    keys: ['Escape'],
    when: 'dialog',
    run({ dialog }) {
      dialog.answer(false)
      return true
    },
  },
]

const MODIFIERS = ['Ctrl', 'Meta', 'Alt', 'Shift'] as const

/** Does the key press match the combination ('Ctrl+Z', 'N', 'Escape')? */
export function matchesKeys(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, combo: string): boolean {
  const parts = combo.split('+')
  const key = parts.pop() ?? ''
  const held = { Ctrl: e.ctrlKey, Meta: e.metaKey, Alt: e.altKey, Shift: e.shiftKey }
  return MODIFIERS.every((m) => held[m] === parts.includes(m)) && e.key.toLowerCase() === key.toLowerCase()
}

/** The shortcut a key press is for, if any. */
export const shortcutFor = (e: KeyboardEvent): Shortcut | undefined => SHORTCUTS.find((s) => s.keys.some((k) => matchesKeys(e, k)))

export function useShortcuts(): void {
  const app = useAppStore()
  const dialog = useDialogStore()
  const reveal = useRevealStore()
  const privacy = usePrivacyStore()

  function onKey(e: KeyboardEvent): void {
    const s = shortcutFor(e)
    if (!s) return
    if (s.when === 'dialog' ? !dialog.current : dialog.current || reveal.active || e.repeat || !app.game || isTyping(e.target)) return
    if (s.run({ app, dialog, privacy })) e.preventDefault()
  }

  onMounted(() => window.addEventListener('keydown', onKey))
  onUnmounted(() => window.removeEventListener('keydown', onKey))
}
