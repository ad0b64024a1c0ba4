import { computed, ref, watch } from 'vue'
import { DEFAULT_ROOM_SETTINGS, type ProjectorScreen, type SoundSettings } from '../../shared/api'
import { chimeFor, type Chime, type ClockSample, sampleClock } from '../shared/chime'
import { useNow } from '../shared/composables/useNow'
import { ChimePlayer, browserAudio } from './chimes'

/**
 * The projector's chimes: samples the clock on screen every `intervalMs`, asks chimeFor() whether
 * this moment chimes, and plays it at the room's volume. `blocked`: the browser holds the sound
 * back until someone clicks the page (the browser mode; Electron's projector window may play).
 */
export function useChimes(
  source: { readonly screen: ProjectorScreen | null; readonly offset: number },
  player: ChimePlayer = new ChimePlayer(browserAudio),
  intervalMs = 250,
) {
  const now = useNow(intervalMs)
  const sound = computed<SoundSettings>(() => source.screen?.sound ?? DEFAULT_ROOM_SETTINGS.sound)
  const blocked = ref(false)
  /** The chimes played so far (for the page's own checks). */
  const played = ref<Chime[]>([])
  let prev: ClockSample | null = null

  function tick(): void {
    const next = sampleClock(source.screen, now.value, source.offset)
    const chime = chimeFor(prev, next)
    prev = next
    if (chime && player.play(chime, sound.value)) played.value = [...played.value, chime]
    blocked.value = !sound.value.muted && sound.value.volume > 0 && player.blocked
  }
  watch([now, () => source.screen, () => source.offset], tick, { immediate: true })

  /** A click on the page: let the sound out. */
  async function unlock(): Promise<void> {
    await player.unlock()
    blocked.value = player.blocked
  }

  return { blocked, played, sound, unlock }
}
