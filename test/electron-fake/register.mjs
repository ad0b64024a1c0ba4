/**
 * `node --import ./test/electron-fake/register.mjs <script>`: makes `electron` resolve to the fake
 * (test/electron-fake/electron.cjs) for ES `import` and CommonJS `require` alike, so the built
 * main bundle runs in plain Node. Import it before anything that imports `electron`.
 */
import Module, { register } from 'node:module'
import { fileURLToPath } from 'node:url'

const fakeUrl = new URL('./electron.cjs', import.meta.url).href
const fakePath = fileURLToPath(fakeUrl)

/** `electron`, and the `electron/main` / `electron/renderer` / `electron/common` subpaths. */
export const isElectronSpecifier = (specifier) => specifier === 'electron' || specifier.startsWith('electron/')

// ES modules: a resolve hook (runs on the loader thread, see hooks.mjs).
register('./hooks.mjs', import.meta.url, { data: { fakeUrl } })

// CommonJS: Node 20's module.register hooks do not see require(), so patch the CJS resolver too.
/** @type {{ _resolveFilename: (request: string, ...rest: unknown[]) => string }} */
const cjs = /** @type {any} */ (Module)
const resolveFilename = cjs._resolveFilename
cjs._resolveFilename = function resolveElectronFake(/** @type {string} */ request, /** @type {unknown[]} */ ...rest) {
  return isElectronSpecifier(request) ? fakePath : resolveFilename.call(this, request, ...rest)
}
