/**
 * The lint that keeps every test running or saying why not (eslint.config.js, "Tests say why they
 * skip"), proven on planted snippets through ESLint's own API: each must be refused, and the
 * allowed ways to skip must pass.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from './support/paths'

const eslint = new ESLint({ cwd: REPO_ROOT })

/** The messages of the test lint for `code`, linted as a test file beside the host's. */
async function refusals(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { describe, it, test } from 'vitest'\nimport { skipReason } from '../../test/support/skip'\n${code}\n`, {
    filePath: 'src/host/planted.test.ts',
  })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

describe('the test lint', () => {
  it.each([
    "it.only('x', () => {})",
    "describe.only('x', () => {})",
    "test.only('x', () => {})",
    "it.concurrent.only('x', () => {})",
    "it.only.each([1])('x %i', () => {})",
  ])('refuses a focused test: %s', async (code) => {
    expect(await refusals(code)).toEqual([expect.stringContaining('No focused tests')])
  })

  it.each([
    "it.skip('x', () => {})",
    "describe.skip('x', () => {})",
    "it.todo('x')",
    "describe.runIf(process.env.CI)('x', () => {})",
    "it.skipIf(process.platform === 'win32')('x', () => {})",
    "it('x', (ctx) => ctx.skip())",
  ])('refuses a skip without its reason: %s', async (code) => {
    expect(await refusals(code)).toHaveLength(1)
  })

  it.each([
    "describe.skipIf(skipReason(process.env.NO_DISK && 'no tmpfs here'))('x', () => {})",
    "it('x', (ctx) => { ctx.skip(process.platform === 'win32', 'a shell script') })",
    "it('x', (ctx) => ctx.skip('no LAN address'))",
    "it.each([1])('x %i', () => {})",
  ])('allows a skip that says why: %s', async (code) => {
    expect(await refusals(code)).toEqual([])
  })
})
