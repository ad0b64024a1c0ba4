import { EARLY_GLOBAL, openEarly } from './saved-seat'

// The player page's inline boot script (index.html; built by electron.vite.config.ts, allowed by its
// hash): a seated phone asks for its screen while the browser is still parsing the page, before any
// of the page's own scripts has arrived. Whatever goes wrong here, the page opens the stream itself.
try {
  ;(window as unknown as Record<string, unknown>)[EARLY_GLOBAL] = openEarly()
} catch {
  // the page's code opens the stream as before
}
