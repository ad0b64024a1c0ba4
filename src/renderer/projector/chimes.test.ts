// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProjectorScreen, SoundSettings } from '../../shared/api'
import { createAppI18n } from '../i18n'
import { projectorMessages } from '../i18n/projector-messages'
import { fakeProjectorApi } from '../testing/fakes'
import { makeProjectorView } from '../testing/fixtures'
import App from './App.vue'
import { CHIMES, ChimePlayer, type AudioLike } from './chimes'

/** A WebAudio stand-in that records every tone scheduled (frequency, start, stop, peak gain). */
class FakeAudioContext {
  static made: FakeAudioContext[] = []
  static startState: AudioContextState = 'running'
  state: AudioContextState = FakeAudioContext.startState
  currentTime = 10
  destination = { kind: 'destination' }
  tones: { frequency: number; start: number; stop: number }[] = []
  /** The highest level each tone's gain rises to. */
  peaks: number[] = []
  constructor() {
    FakeAudioContext.made.push(this)
  }
  resume = vi.fn(async () => {
    this.state = 'running'
  })
  createOscillator() {
    const tone = { frequency: 0, start: 0, stop: 0 }
    return {
      type: 'sine',
      frequency: { setValueAtTime: (f: number) => (tone.frequency = f) },
      connect: () => undefined,
      start: (at: number) => (tone.start = at),
      stop: (at: number) => {
        tone.stop = at
        this.tones.push(tone)
      },
    }
  }
  createGain() {
    const i = this.peaks.push(0) - 1
    return {
      gain: {
        setValueAtTime: () => undefined,
        exponentialRampToValueAtTime: (v: number) => (this.peaks[i] = Math.max(this.peaks[i]!, v)),
      },
      connect: () => undefined,
    }
  }
}

const T0 = Date.UTC(2026, 0, 1, 20, 0, 0)
const DEFAULT_SOUND: SoundSettings = { volume: 70, muted: false }
/** Day 1 with a running 2-minute clock (warning at 30 s) whose deadline is `left` ms from T0. */
const dayScreen = (left: number, sound: SoundSettings = DEFAULT_SOUND): ProjectorScreen => ({
  kind: 'game',
  sentAt: Date.now(),
  lang: 'en',
  sound,
  view: makeProjectorView({
    phase: 'day',
    dayNumber: 1,
    stage: 'discussion',
    clock: { kind: 'day', deadline: T0 + left, remainingMs: left, durationMs: 120_000, warningMs: 30_000, expired: false },
  }),
})

function mountProjector() {
  const api = fakeProjectorApi()
  Object.assign(window, { projector: api })
  const w = mount(App, { global: { plugins: [createPinia(), createAppI18n(projectorMessages)] } })
  return { api, w }
}

describe('the projector chimes (a fake audio context)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    FakeAudioContext.made = []
    FakeAudioContext.startState = 'running'
    vi.stubGlobal('AudioContext', FakeAudioContext)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    delete (window as { projector?: unknown }).projector
  })

  it('plays the warning chime as the clock enters its warning, and the time-up chime when it runs out, once each', async () => {
    const { api, w } = mountProjector()
    api.push(dayScreen(40_000))
    await flushPromises()
    const ctx = FakeAudioContext.made[0]!
    await vi.advanceTimersByTimeAsync(5_000) // 35 s left: no chime yet
    expect(ctx.tones).toEqual([])
    await vi.advanceTimersByTimeAsync(6_000) // 29 s left: the warning
    expect(ctx.tones.map((t) => t.frequency)).toEqual(CHIMES.warning.map((t) => t.frequency))
    await vi.advanceTimersByTimeAsync(20_000) // 9 s left: nothing more
    expect(ctx.tones).toHaveLength(CHIMES.warning.length)
    await vi.advanceTimersByTimeAsync(10_000) // run out
    expect(ctx.tones.slice(CHIMES.warning.length).map((t) => t.frequency)).toEqual(CHIMES.timeUp.map((t) => t.frequency))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(ctx.tones).toHaveLength(CHIMES.warning.length + CHIMES.timeUp.length)
    // The room's volume sets the peak: 70 % of the chime's full level.
    expect(Math.max(...ctx.peaks)).toBeCloseTo(0.35)
    expect(w.find('[data-test="enable-sound"]').exists()).toBe(false)
  })

  it('muted, or at volume 0, it stays silent', async () => {
    for (const sound of [
      { volume: 70, muted: true },
      { volume: 0, muted: false },
    ]) {
      FakeAudioContext.made = []
      const { api, w } = mountProjector()
      api.push(dayScreen(31_000, sound))
      await flushPromises()
      await vi.advanceTimersByTimeAsync(40_000)
      expect(FakeAudioContext.made.flatMap((c) => c.tones)).toEqual([])
      w.unmount()
    }
  })

  it('where the browser holds sound back, the page offers one click to enable it', async () => {
    FakeAudioContext.startState = 'suspended'
    const { api, w } = mountProjector()
    api.push(dayScreen(60_000))
    await flushPromises()
    const button = w.get('[data-test="enable-sound"]')
    expect(button.text()).toMatch(/sound/i)
    await button.trigger('click')
    await flushPromises()
    expect(FakeAudioContext.made[0]!.resume).toHaveBeenCalled()
    expect(w.find('[data-test="enable-sound"]').exists()).toBe(false)
  })
})

describe('ChimePlayer', () => {
  it('without WebAudio it plays nothing and never throws', () => {
    const player = new ChimePlayer(() => null)
    expect(player.play('warning', DEFAULT_SOUND)).toBe(false)
    expect(player.blocked).toBe(false)
    const throwing = new ChimePlayer(() => {
      throw new Error('no audio device')
    })
    expect(throwing.play('timeUp', DEFAULT_SOUND)).toBe(false)
  })

  it('every tone of both chimes is short and ends in silence', () => {
    const ctx = new FakeAudioContext()
    const player = new ChimePlayer(() => ctx as unknown as AudioLike)
    expect(player.play('timeUp', { volume: 100, muted: false })).toBe(true)
    for (const t of ctx.tones) expect(t.stop - t.start).toBeLessThanOrEqual(1.2)
    expect(Math.max(...ctx.tones.map((t) => t.stop)) - ctx.currentTime).toBeLessThan(2)
  })
})
