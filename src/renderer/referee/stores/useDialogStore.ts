import { defineStore } from 'pinia'
import { shallowRef } from 'vue'

export interface ConfirmRequest {
  message: string
  confirmLabel?: string
  danger?: boolean
}

/** One confirmation dialog at a time; Escape or Cancel answers false. */
export const useDialogStore = defineStore('dialog', () => {
  const current = shallowRef<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null)

  function confirm(request: ConfirmRequest): Promise<boolean> {
    current.value?.resolve(false)
    return new Promise((resolve) => {
      current.value = { ...request, resolve }
    })
  }

  function answer(ok: boolean): void {
    const c = current.value
    current.value = null
    c?.resolve(ok)
  }

  return { current, confirm, answer }
})
