import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import type { ApiError, ApiResult, RefereeApi, RefereeAppView, RefereeMethod } from '../../../shared/api'
import type { RefereeCommand } from '../../../shared/commands'
import { clockOffset } from '../../shared/clock'

/** Every RefereeApi method that answers with an ApiResult. */
export type ApiMethod = Exclude<RefereeMethod, 'ready'>
type Answer<K extends ApiMethod> = Awaited<ReturnType<RefereeApi[K]>>

/**
 * Mirrors the RefereeAppView the host pushes, and is the one door to window.referee.
 * It computes nothing about the rules: what is legal comes in view.game.legal.
 */
export const useAppStore = defineStore('app', () => {
  const view = shallowRef<RefereeAppView | null>(null)
  /** Host ms − local ms, measured when a view arrives (for the countdowns). */
  const offset = ref(0)
  /** The last refused action, shown until dismissed or until the next action succeeds. */
  const error = ref<ApiError | null>(null)
  const connected = ref(false)
  /** The host answers now (the browser mode can lose it; Electron's IPC cannot). */
  const reachable = ref(true)
  /** 'browser' in the browser mode. */
  const transport = ref<'browser' | undefined>(undefined)
  let api: RefereeApi | null = null
  let unsubscribe: (() => void) | null = null
  let unwatch: (() => void) | null = null

  const game = computed(() => view.value?.game ?? null)
  const legal = computed(() => game.value?.legal ?? null)
  const screen = computed(() => view.value?.screen ?? 'setup')

  function receive(v: RefereeAppView): void {
    offset.value = clockOffset(v.sentAt)
    view.value = v
  }

  async function connect(refereeApi: RefereeApi | undefined): Promise<boolean> {
    if (!refereeApi) return false
    disconnect()
    api = markRaw(refereeApi)
    unsubscribe = api.onView(receive)
    transport.value = api.transport
    unwatch = api.onConnection?.((c) => (reachable.value = c)) ?? null
    const first = await api.ready()
    if (!view.value || first.sentAt >= view.value.sentAt) receive(first)
    connected.value = true
    return true
  }

  function disconnect(): void {
    unsubscribe?.()
    unwatch?.()
    unsubscribe = null
    unwatch = null
    api = null
    connected.value = false
    reachable.value = true
  }

  /** Call the host; a refusal or a broken transport comes back as an ApiResult error, never a throw. */
  async function invoke<K extends ApiMethod>(name: K, ...args: Parameters<RefereeApi[K]>): Promise<Answer<K>> {
    if (!api) return { ok: false, error: { code: 'no-host', message: 'The game host is not connected.' } } as Answer<K>
    try {
      const method = api[name] as (...a: unknown[]) => Promise<ApiResult<unknown>>
      return (await method.apply(api, args)) as Answer<K>
    } catch (e) {
      return { ok: false, error: { code: 'transport', message: e instanceof Error ? e.message : String(e) } } as Answer<K>
    }
  }

  /** invoke(), and show a refusal to the referee. */
  async function act<K extends ApiMethod>(name: K, ...args: Parameters<RefereeApi[K]>): Promise<Answer<K>> {
    const result = await invoke(name, ...args)
    error.value = result.ok ? null : result.error
    return result
  }

  /** One game action (act('play', command)): the host adds its clock and draws, the engine decides. */
  function play(command: RefereeCommand): Promise<ApiResult> {
    return act('play', command)
  }

  function clearError(): void {
    error.value = null
  }

  return { view, offset, error, connected, reachable, transport, game, legal, screen, receive, connect, disconnect, invoke, act, play, clearError }
})
