import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeRefereeApi } from '../../testing/fakes'
import { makeAppView, makeRefereeView } from '../../testing/fixtures'
import { freshPinia } from '../../testing/mount'
import { useAppStore } from './useAppStore'

describe('useAppStore', () => {
  beforeEach(() => {
    freshPinia()
  })

  it('takes the first view from ready() and mirrors every push', async () => {
    const api = fakeRefereeApi(makeAppView({ roster: ['A'] }))
    const app = useAppStore()
    expect(await app.connect(api)).toBe(true)
    expect(api.ready).toHaveBeenCalledOnce()
    expect(app.view?.roster).toEqual(['A'])
    expect(app.screen).toBe('setup')

    const game = makeRefereeView()
    api.push(makeAppView({ screen: 'game', game }))
    expect(app.screen).toBe('game')
    expect(app.game).toStrictEqual(game)
    expect(app.legal).toStrictEqual(game.legal)
  })

  it('measures the host clock offset from sentAt', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(50_000)
    const app = useAppStore()
    await app.connect(fakeRefereeApi(makeAppView({ sentAt: 48_000 })))
    expect(app.offset).toBe(-2_000)
    vi.useRealTimers()
  })

  it('act() calls the API with the arguments and shows a refusal until the next success', async () => {
    const api = fakeRefereeApi()
    const app = useAppStore()
    await app.connect(api)
    api.play.mockResolvedValueOnce({ ok: false, error: { code: 'not-allowed', message: 'Nobody may shoot themselves.' } })
    const refused = await app.play({ type: 'shoot', shooter: 1, target: 1 })
    expect(api.play).toHaveBeenCalledWith({ type: 'shoot', shooter: 1, target: 1 })
    expect(refused.ok).toBe(false)
    expect(app.error?.message).toBe('Nobody may shoot themselves.')
    await app.play({ type: 'shoot', shooter: 1, target: 2 })
    expect(app.error).toBeNull()
  })

  it('turns a broken transport into an error result instead of throwing', async () => {
    const api = fakeRefereeApi()
    const app = useAppStore()
    await app.connect(api)
    api.undo.mockRejectedValueOnce(new Error('IPC closed'))
    const res = await app.act('undo')
    expect(res).toEqual({ ok: false, error: { code: 'transport', message: 'IPC closed' } })
    expect(app.error?.code).toBe('transport')
  })

  it('answers no-host when not connected', async () => {
    const app = useAppStore()
    expect(await app.connect(undefined)).toBe(false)
    expect((await app.invoke('undo')).ok).toBe(false)
  })
})
