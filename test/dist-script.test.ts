/**
 * `npm run dist` runs electron-builder through scripts/dist.mjs. Offline, electron-builder ends in a
 * stack trace (its real output, captured offline, is test/fixtures/electron-builder/offline.txt);
 * the script shows its output without the stack lines and ends with one paragraph: the cause (the
 * network) first, what is needed (internet or ELECTRON_MIRROR), that installers are built per OS,
 * and where the whole output is. A stand-in builder (NIGHTFALL_DIST_BUILDER) replays the output, so
 * the test does not wait for electron-builder's retries (about a minute).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from './support/host'
import { REPO_ROOT } from './support/paths'

function runDist(output: string, exitCode: number) {
  const dir = tempDir()
  const builder = join(dir, 'builder.mjs')
  writeFileSync(builder, `process.stdout.write(${JSON.stringify(output)}); process.exitCode = ${exitCode}`)
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'dist.mjs'), '--dir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NIGHTFALL_DIST_BUILDER: builder },
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.trim().replace(/\s+/g, ' ') }
}

describe('npm run dist: a failure is one paragraph', () => {
  it('offline: no stack trace; the network named first, what is needed, installers per OS, the log', () => {
    const offline = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'electron-builder', 'offline.txt'), 'utf8')
    expect(offline).toMatch(/^\s+at /m)
    const r = runDist(offline, 1)
    expect(r.code).toBe(1)
    expect(`${r.stdout}\n${r.stderr}`).not.toMatch(/^\s+at /m)
    expect(r.stdout).not.toContain('stackTrace=')
    expect(r.stdout).toContain('packaging') // electron-builder's own lines still pass through
    expect(r.stderr).toMatch(
      /^The installer was not built: electron-builder could not download what it needs, and the network is the cause \(getaddrinfo ENOTFOUND github\.com\)\./,
    )
    expect(r.stderr).toContain('internet access, or ELECTRON_MIRROR')
    expect(r.stderr).toContain('Installers are built per OS')
    const log = /The whole output is in (\S+)\.$/.exec(r.stderr)?.[1]
    expect(log && readFileSync(log, 'utf8')).toBe(offline)
  })

  it('another failure: its message, installers per OS; a success passes through', () => {
    const r = runDist('  • packaging\n  ⨯ Cannot find module out/main/index.js  failedTask=build stackTrace=Error: Cannot find\n    at x (y.js:1:1)\n', 1)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^The installer was not built: electron-builder stopped \(Cannot find module out\/main\/index\.js\)\. Installers are built per OS/)
    const ok = runDist('  • building target=AppImage\n', 0)
    expect(ok).toMatchObject({ code: 0, stderr: '' })
    expect(ok.stdout).toContain('building target=AppImage')
  })
})
