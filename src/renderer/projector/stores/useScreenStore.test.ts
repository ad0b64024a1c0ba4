import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeProjectorApi } from '../../testing/fakes'
import { makeProjectorView } from '../../testing/fixtures'
import { useScreenStore } from './useScreenStore'

describe('useScreenStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('mirrors pushes and measures the host clock offset from sentAt', () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const api = fakeProjectorApi()
    const store = useScreenStore()
    expect(store.connect(api)).toBe(true)
    const view = makeProjectorView()
    api.push({ kind: 'game', view, sentAt: 1_004_000, lang: null })
    expect(store.screen).toEqual({ kind: 'game', view, sentAt: 1_004_000, lang: null })
    expect(store.offset).toBe(4_000)
    vi.useRealTimers()
  })

  it('unsubscribes on disconnect', () => {
    const api = fakeProjectorApi()
    const store = useScreenStore()
    store.connect(api)
    store.disconnect()
    api.push({ kind: 'idle', sentAt: 1, lang: null })
    expect(store.screen).toBeNull()
  })

  it('reports a missing API', () => {
    expect(useScreenStore().connect(undefined)).toBe(false)
  })
})
