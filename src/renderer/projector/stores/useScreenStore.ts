import { defineStore } from 'pinia'
import { markRaw, ref, shallowRef } from 'vue'
import type { ProjectorApi, ProjectorScreen } from '../../../shared/api'
import { clockOffset } from '../../shared/clock'

/** Mirrors the ProjectorScreen pushes; the projector sends nothing but its readiness. */
export const useScreenStore = defineStore('projectorScreen', () => {
  const screen = shallowRef<ProjectorScreen | null>(null)
  /** Host ms − local ms, measured at each push. */
  const offset = ref(0)
  /** The host answers (browser mode can lose it; Electron's IPC cannot). */
  const reachable = ref(true)
  /** 'browser' in the browser mode: full screen is then the page's own (Fullscreen API). */
  const transport = ref<'browser' | undefined>(undefined)
  let unsubscribe: (() => void) | null = null
  let unwatch: (() => void) | null = null
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
    transport.value = api.transport
    unwatch = api.onConnection?.((c) => (reachable.value = c)) ?? null
    api.ready()
    return true
  }

  function disconnect(): void {
    unsubscribe?.()
    unwatch?.()
    unsubscribe = null
    unwatch = null
    api = null
    reachable.value = true
  }

  return { screen, offset, reachable, transport, connect, disconnect, receive }
})
