import { REFEREE_METHODS, type ApiResult, type RefereeApi, type RefereeAppView, type RefereeMethod } from './api'

/** Sends one call over a transport and answers with the host's ApiResult (never throws). */
export type RefereeTransport = (method: RefereeMethod, args: unknown[]) => Promise<ApiResult<unknown>>

/**
 * A RefereeApi over a transport: one function per name in REFEREE_METHODS, each sending its own
 * fixed name and its argument list. Used by the Electron preload and the browser bridge alike.
 */
export function refereeClient(send: RefereeTransport, onView: RefereeApi['onView']): RefereeApi {
  const methods: Record<string, (...args: unknown[]) => Promise<ApiResult<unknown>>> = {}
  for (const m of REFEREE_METHODS) methods[m] = (...args: unknown[]) => send(m, args)
  return {
    ...(methods as unknown as Omit<RefereeApi, 'onView' | 'ready'>),
    onView,
    async ready() {
      const answer = await send('ready', [])
      if (!answer.ok) throw new Error(answer.error.message)
      return answer.value as RefereeAppView
    },
  }
}
