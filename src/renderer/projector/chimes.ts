import type { SoundSettings } from '../../shared/api'
import type { Chime } from '../shared/chime'

/**
 * The project's own chimes, synthesised with WebAudio (no file, no network): the warning is two
 * soft tones falling a fourth; time-up is three tones of a falling major triad, the last one held.
 * The projector window plays them on the room's speakers.
 */
export interface Tone {
  /** Hz */
  frequency: number
  /** Seconds after the chime starts. */
  at: number
  /** Seconds. */
  duration: number
}

export const CHIMES: Record<Chime, readonly Tone[]> = {
  warning: [
    { frequency: 880, at: 0, duration: 0.35 },
    { frequency: 659.25, at: 0.3, duration: 0.5 },
  ],
  timeUp: [
    { frequency: 1046.5, at: 0, duration: 0.4 },
    { frequency: 783.99, at: 0.3, duration: 0.4 },
    { frequency: 523.25, at: 0.6, duration: 1.1 },
  ],
}

/** Peak gain at volume 100 (a chime, not an alarm). */
const PEAK = 0.5

/** What of WebAudio the chimes use (a fake in tests). */
export type AudioLike = Pick<AudioContext, 'currentTime' | 'state' | 'destination' | 'resume' | 'createOscillator' | 'createGain'>

export class ChimePlayer {
  private ctx: AudioLike | null = null

  constructor(private readonly makeContext: () => AudioLike | null) {}

  private context(): AudioLike | null {
    if (!this.ctx) {
      try {
        this.ctx = this.makeContext()
      } catch {
        this.ctx = null
      }
    }
    return this.ctx
  }

  /** The browser holds the sound back until someone clicks the page (autoplay policy). */
  get blocked(): boolean {
    return this.context()?.state === 'suspended'
  }

  /** After a click on the page: let the sound out (resolves true when it may play). */
  async unlock(): Promise<boolean> {
    const ctx = this.context()
    if (!ctx) return false
    if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined)
    return ctx.state === 'running'
  }

  /** Play a chime at the room's volume; nothing when muted, at volume 0, or with no audio. Returns whether it played. */
  play(chime: Chime, sound: SoundSettings): boolean {
    return this.playTones(CHIMES[chime], sound)
  }

  /** Play `tones` (a chime of a window's own, e.g. the referee's "a phone is asking"); as play(). */
  playTones(tones: readonly Tone[], sound: SoundSettings): boolean {
    if (sound.muted || sound.volume <= 0) return false
    const ctx = this.context()
    if (!ctx) return false
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined)
    const peak = PEAK * Math.min(1, sound.volume / 100)
    const start = ctx.currentTime + 0.02
    for (const tone of tones) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = 'sine'
      osc.frequency.setValueAtTime(tone.frequency, start + tone.at)
      // A bell-like envelope: a quick rise, then an exponential fall to silence.
      gain.gain.setValueAtTime(0.0001, start + tone.at)
      gain.gain.exponentialRampToValueAtTime(peak, start + tone.at + 0.015)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.at + tone.duration)
      osc.connect(gain)
      gain.connect(ctx.destination)
      osc.start(start + tone.at)
      osc.stop(start + tone.at + tone.duration + 0.05)
    }
    return true
  }
}

/** The page's own AudioContext, or null where there is none. */
export function browserAudio(): AudioLike | null {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext
  return Ctor ? new Ctor() : null
}
