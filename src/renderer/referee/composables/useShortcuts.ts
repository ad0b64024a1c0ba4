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

/**
 * The referee window's keys: Ctrl+Z (or Cmd+Z) undo, N ends the night call where legal, R hides or
 * shows the roles on the players panel, Escape closes a dialog. Nothing fires during the private
 * role reveal.
 */
export function useShortcuts(): void {
  const app = useAppStore()
  const dialog = useDialogStore()
  const reveal = useRevealStore()
  const privacy = usePrivacyStore()

  function onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape' && dialog.current) {
      e.preventDefault()
      dialog.answer(false)
      return
    }
    if (dialog.current || reveal.active || e.repeat) return
    const game = app.game
    if (!game) return
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z') {
      if (isTyping(e.target)) return
      e.preventDefault()
      if (game.undoable > 0) void app.act('undo')
      return
    }
    if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'r') {
      if (isTyping(e.target)) return
      e.preventDefault()
      privacy.toggleRoles()
      return
    }
    if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'n') {
      if (isTyping(e.target)) return
      // Where the call cannot end yet, N still answers: the refusal says what is missing.
      if (game.legal.endNightStep || game.legal.endNightStepWhy) {
        e.preventDefault()
        void app.play({ type: 'endNightStep' })
      }
    }
  }

  onMounted(() => window.addEventListener('keydown', onKey))
  onUnmounted(() => window.removeEventListener('keydown', onKey))
}
