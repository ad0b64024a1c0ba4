import { defineStore } from 'pinia'
import { ref, watch } from 'vue'

/** Where this window keeps the choice (the referee's page only; never sent to the host or the projector). */
export const ROLES_HIDDEN_KEY = 'nightfall.rolesHidden'

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(ROLES_HIDDEN_KEY) === '1'
  } catch {
    return false // storage refused (a locked-down browser): start shown
  }
}

/**
 * The laptop's privacy: whether the players panel hides the roles (and the inspector's answers) from
 * whoever looks over the referee's shoulder. One click or the R key; kept across reloads.
 */
export const usePrivacyStore = defineStore('privacy', () => {
  const rolesHidden = ref(stored())
  watch(rolesHidden, (hidden) => {
    try {
      globalThis.localStorage?.setItem(ROLES_HIDDEN_KEY, hidden ? '1' : '0')
    } catch {
      // storage refused: the choice holds until the page reloads
    }
  })
  const toggleRoles = (): void => {
    rolesHidden.value = !rolesHidden.value
  }
  return { rolesHidden, toggleRoles }
})
