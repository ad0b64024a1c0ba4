/** The test helpers stay out of the product: no source file outside the tests (and the test helpers of eslint's TEST_FILES) imports this folder. */
import { expect, it } from 'vitest'

const sources = import.meta.glob(['/src/**/*.{ts,vue}', '!/src/**/*.test.ts', '!/src/engine/testing/**', '!/src/renderer/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

it('no product file imports the engine test helpers (src/engine/testing)', () => {
  const files = Object.keys(sources)
  expect(files.length).toBeGreaterThan(20)
  const offenders = files.filter((file) => {
    const text = sources[file] ?? ''
    const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '')
    return specs.some((spec) => /(^|\/)engine\/testing(\/|$)/.test(spec) || (file.startsWith('/src/engine/') && /^(\.\.?\/)+testing(\/|$)/.test(spec)))
  })
  expect(offenders).toEqual([])
})
