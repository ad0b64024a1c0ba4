import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useAppStore } from './useAppStore'

/**
 * The private role reveal after a digital deal: one player at a time, in seating order.
 * `shown` is true only between "show my role" and "hide"; the screen shows at most the role of
 * the player at `index`.
 */
export const useRevealStore = defineStore('reveal', () => {
  const app = useAppStore()
  const active = ref(false)
  const index = ref(0)
  const shown = ref(false)

  const seats = computed(() => app.game?.seats ?? [])
  const current = computed(() => seats.value[index.value] ?? null)
  const done = computed(() => active.value && index.value >= seats.value.length)

  function begin(): void {
    active.value = true
    index.value = 0
    shown.value = false
  }
  function show(): void {
    if (current.value) shown.value = true
  }
  function hide(): void {
    shown.value = false
    index.value += 1
  }
  function finish(): void {
    active.value = false
    shown.value = false
    index.value = 0
  }

  return { active, index, shown, seats, current, done, begin, show, hide, finish }
})
