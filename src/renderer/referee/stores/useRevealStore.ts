import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { RoleId } from '../../../shared/roles'
import { useAppStore } from './useAppStore'

/**
 * The private role reveal after a digital deal: one player at a time, in seating order.
 * `shown` is true only between "show my role" and "hide"; the screen shows at most the role of
 * the player at `index`. While the operator is a blind player (variant) the view carries no roles:
 * the one role shown is then asked of the host, and forgotten on hide.
 */
export const useRevealStore = defineStore('reveal', () => {
  const app = useAppStore()
  const active = ref(false)
  const index = ref(0)
  const shown = ref(false)
  /** The role fetched from the host for the current player (blind operator only). */
  const fetched = ref<RoleId | null>(null)
  /** Showing one chosen player only (a player who forgot their card): their seat, else null. */
  const only = ref<number | null>(null)

  const seats = computed(() => app.game?.seats ?? [])
  const current = computed(() => seats.value[index.value] ?? null)
  /** The role on screen: only while shown, only the current player's. */
  const role = computed<RoleId | null>(() => (shown.value ? (current.value?.role ?? fetched.value) : null))
  const done = computed(() => active.value && index.value >= seats.value.length)

  function begin(): void {
    active.value = true
    only.value = null
    index.value = 0
    shown.value = false
  }
  /** Show one chosen player their card again; nobody before or after them. */
  function beginOne(seat: number): void {
    const at = seats.value.findIndex((s) => s.seat === seat)
    if (at < 0) return
    active.value = true
    only.value = seat
    index.value = at
    shown.value = false
  }
  async function show(): Promise<void> {
    const seat = current.value
    if (!seat) return
    fetched.value = null
    if (seat.role === null && app.game?.blind) {
      const answer = await app.invoke('revealRole', seat.seat)
      if (answer.ok) fetched.value = answer.value
    }
    shown.value = true
  }
  function hide(): void {
    fetched.value = null
    shown.value = false
    index.value = only.value === null ? index.value + 1 : seats.value.length
  }
  /** The current player looks on their own phone (the room): on to the next, their role never shown here. */
  function next(): void {
    if (shown.value || !current.value) return
    index.value = only.value === null ? index.value + 1 : seats.value.length
  }
  function finish(): void {
    fetched.value = null
    active.value = false
    shown.value = false
    only.value = null
    index.value = 0
  }

  return { active, index, shown, only, seats, current, role, done, begin, beginOne, show, hide, next, finish }
})
