import { screen, type BrowserWindow, type BrowserWindowConstructorOptions, type Display, type Rectangle } from 'electron'

/**
 * Where the projector window goes. With an external display connected (any display but the primary
 * one) it is full screen there; with a single display it is a normal window on it, which the referee
 * can move and toggle full screen. As displays come and go it follows: a new external display gets
 * the projector, full screen; when its display goes, it comes back as a normal window on the primary
 * display (or full screen on another external one).
 */
export interface Placement {
  display: Display
  bounds: Rectangle
  fullScreen: boolean
}

const WINDOWED = { width: 1280, height: 720 }

/** A display for the projector: any but the primary one (and `except`, a display being removed). */
export function externalDisplay(except?: number): Display | undefined {
  const primary = screen.getPrimaryDisplay().id
  return screen.getAllDisplays().find((display) => display.id !== primary && display.id !== except)
}

/** Full screen on `external` if there is one; otherwise a normal window centred on the primary display. */
export function projectorPlacement(external: Display | undefined = externalDisplay()): Placement {
  if (external) return { display: external, bounds: external.bounds, fullScreen: true }
  const primary = screen.getPrimaryDisplay()
  const area = primary.workArea
  const width = Math.min(WINDOWED.width, area.width)
  const height = Math.min(WINDOWED.height, area.height)
  const bounds = {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  }
  return { display: primary, bounds, fullScreen: false }
}

/** BrowserWindow options that open a window at `placement`. */
export function placementOptions(placement: Placement): BrowserWindowConstructorOptions {
  return { ...placement.bounds, fullscreen: placement.fullScreen }
}

/** Moves an open window to `placement`. A full-screen window cannot move: it leaves full screen first. */
export function applyPlacement(window: BrowserWindow, placement: Placement): void {
  const move = (): void => {
    window.setBounds(placement.bounds)
    if (placement.fullScreen) window.setFullScreen(true)
  }
  if (!window.isFullScreen()) return move()
  if (process.platform === 'darwin') {
    // macOS animates leaving full screen; a window moved during the animation is put back.
    window.once('leave-full-screen', move)
    window.setFullScreen(false)
    return
  }
  window.setFullScreen(false)
  move()
}

const displayOf = (window: BrowserWindow): Display => screen.getDisplayMatching(window.getBounds())
const overlaps = (a: Rectangle, b: Rectangle): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The display each projector window is full screen on, whoever made it so (the app, the referee, the OS). */
const fullScreenOn = new WeakMap<BrowserWindow, number>()

/** Call once for each projector window, with the placement it was opened at. */
export function trackProjector(window: BrowserWindow, placement: Placement): void {
  if (placement.fullScreen) fullScreenOn.set(window, placement.display.id)
  window.on('enter-full-screen', () => fullScreenOn.set(window, displayOf(window).id))
  window.on('leave-full-screen', () => fullScreenOn.delete(window))
}

/** Moves the projector as displays are plugged in and out. Returns a function that stops it. */
export function followDisplays(projector: () => BrowserWindow | undefined): () => void {
  const onAdded = (_event: unknown, added: Display): void => {
    const window = projector()
    if (!window || added.id === screen.getPrimaryDisplay().id) return
    const home = fullScreenOn.get(window)
    const onExternal = home !== undefined && home !== screen.getPrimaryDisplay().id && home !== added.id
    if (onExternal && screen.getAllDisplays().some((display) => display.id === home)) return
    applyPlacement(window, projectorPlacement(added))
  }
  const onRemoved = (_event: unknown, removed: Display): void => {
    const window = projector()
    if (!window) return
    const wasThere = window.isFullScreen() ? fullScreenOn.get(window) === removed.id : overlaps(window.getBounds(), removed.bounds)
    if (wasThere) applyPlacement(window, projectorPlacement(externalDisplay(removed.id)))
  }
  screen.on('display-added', onAdded)
  screen.on('display-removed', onRemoved)
  return () => {
    screen.removeListener('display-added', onAdded)
    screen.removeListener('display-removed', onRemoved)
  }
}
