import { availableParallelism } from 'node:os'
import vue from '@vitejs/plugin-vue'
import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Two projects:
 * - `unit`: everything that runs from source: src/**\/*.test.ts and test/**\/*.test.ts.
 *   Node environment by default; a component test opts into a DOM with a first-line comment
 *   `// @vitest-environment happy-dom`.
 * - `app`: tests of the BUILT app (out/): `test/**\/*-bundle.test.ts` (the main bundle under the
 *   fake electron, the pages' CSP) and `test/e2e/**\/*.test.ts` (built pages in Chromium via the
 *   `playwright` library — no `playwright test` runner; whole games through the referee page, undo,
 *   resume after a server crash) and `test/electron/**\/*.test.ts` (the real Electron app via
 *   Playwright's `_electron`; skipped with the reason where there is no Electron binary). Its global
 *   setup runs `electron-vite build` once per run, only when an `app` test is selected. NIGHTFALL_SKIP_BUILD=1 reuses out/.
 *
 * `vitest run --project unit` skips the build entirely. Both projects first make sure the browser
 * tests have a Chromium (test/support/provision-chromium.ts: `npx playwright install chromium` when none is found).
 */
const APP_TESTS = ['test/**/*-bundle.test.ts', 'test/e2e/**/*.test.ts', 'test/electron/**/*.test.ts']

export default defineConfig({
  plugins: [vue()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two test files at a time even on two cores (vitest's default there is one): most files wait on
    // a browser, a server process or a child more than they compute, and the CPU-bound ones then get
    // the second core. Both projects share this pool, so unit files fill the gaps of the e2e ones.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // electron-store is ESM that imports `electron`: inline it so `vi.mock('electron', …)` reaches it.
    server: { deps: { inline: ['electron-store'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'out/**', ...APP_TESTS],
          globalSetup: ['test/support/provision-chromium.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: APP_TESTS,
          exclude: [...configDefaults.exclude, 'out/**'],
          globalSetup: ['test/support/provision-chromium.ts', 'test/support/build-app.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
})
