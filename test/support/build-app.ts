/**
 * Global setup of the `app` test project: build the app once (electron-vite build → out/).
 * Set NIGHTFALL_SKIP_BUILD=1 to test an existing out/ (e.g. right after `npm run build`).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { BUILT, REPO_ROOT } from './paths'

export default async function buildApp(): Promise<void> {
  if (process.env['NIGHTFALL_SKIP_BUILD'] === '1') {
    if (!existsSync(BUILT.main)) {
      throw new Error(`NIGHTFALL_SKIP_BUILD=1 but ${BUILT.main} is missing: run \`npm run build\` first.`)
    }
    console.log('[app tests] NIGHTFALL_SKIP_BUILD=1: testing the existing out/')
    return
  }
  console.log('[app tests] building the app once with `electron-vite build` (NIGHTFALL_SKIP_BUILD=1 reuses out/)…')
  const cli = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  try {
    await promisify(execFile)(process.execPath, [cli, 'build'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`electron-vite build failed, so the app tests cannot run:\n${stdout}\n${stderr}`, { cause: error })
  }
}
