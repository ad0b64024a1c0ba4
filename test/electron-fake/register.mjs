/**
 * `node --import ./test/electron-fake/register.mjs <script>`: makes `electron` (and its subpaths)
 * resolve to the fake (test/electron-fake/electron.cjs), so the built main bundle — ES modules, as
 * are electron-store and driver.mjs — runs in plain Node. Import it before anything that imports
 * `electron`. (A preload's `require('electron')` is answered by the fake's own sandbox, loadPreload.)
 */
import { register } from 'node:module'
import { isMainThread } from 'node:worker_threads'

const fakeUrl = new URL('./electron.cjs', import.meta.url).href

/** The resolve hook, run on the loader's own thread: `electron` → the fake (a CommonJS module). */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier.startsWith('electron/')) return { url: fakeUrl, format: 'commonjs', shortCircuit: true }
  return nextResolve(specifier, context)
}

// Imported by `--import` on the main thread: this same file becomes the hooks.
if (isMainThread) register(import.meta.url)
