import { defineStore } from 'pinia'
import { markRaw, ref, shallowRef } from 'vue'
import type { ProjectorApi, ProjectorScreen } from '../../../shared/api'
import { clockOffset } from '../../shared/clock'

/** Mirrors the ProjectorScreen pushes; the projector sends nothing but its readiness. */
export const useScreenStore = defineStore('projectorScreen', () => {
  const screen = shallowRef<ProjectorScreen | null>(null)
  /** Host ms − local ms, measured at each push. */
  const offset = ref(0)
  let unsubscribe: (() => void) | null = null
  let api: ProjectorApi | null = null

  function receive(s: ProjectorScreen): void {
    offset.value = clockOffset(s.sentAt)
    screen.value = s
  }

  /** Subscribe, then tell the host we are ready (it replies with the current screen). */
  function connect(projectorApi: ProjectorApi | undefined): boolean {
    if (!projectorApi) return false
    disconnect()
    api = markRaw(projectorApi)
    unsubscribe = api.onView(receive)
    api.ready()
    return true
  }

  function disconnect(): void {
    unsubscribe?.()
    unsubscribe = null
    api = null
  }

  return { screen, offset, connect, disconnect, receive }
})
