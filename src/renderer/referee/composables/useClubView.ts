import { onMounted, shallowRef, watch, type ShallowRef } from 'vue'
import type { ClubView } from '../../../shared/club'
import { useAppStore } from '../stores/useAppStore'

/**
 * The club's view (the saved games and the standings). It is not part of the pushed
 * RefereeAppView — building it reads the games folder, too costly for every push — so it is pulled
 * when the component mounts and again after every view the host pushes while it is mounted: every
 * change pushes one (a game deleted or imported, a new night, the season's start, a rename carried
 * over), and `clubView` itself pushes nothing. No caller re-pulls by hand; an older answer never
 * replaces a newer one.
 */
export function useClubView(): Readonly<ShallowRef<ClubView | null>> {
  const app = useAppStore()
  const club = shallowRef<ClubView | null>(null)
  let asked = 0
  async function load(): Promise<void> {
    const n = ++asked
    const r = await app.act('clubView')
    if (r.ok && n === asked) club.value = r.value
  }
  onMounted(load)
  watch(
    () => app.view,
    () => void load(),
  )
  return club
}
