/**
 * The installer's content, tested where no Electron can be downloaded: electron-builder's unpacked
 * target (`--dir`, what `npm run dist -- --dir` makes) runs on the built out/ with a stand-in
 * Electron distribution (`electronDist`: a folder whose `electron` file carries a fuse wire, so
 * the hardening is checked too). Then:
 * - app.asar holds the main bundle, both preloads, both pages, package.json and exactly the
 *   runtime dependencies (package.json "dependencies" and what they need) — no sources, tests,
 *   source maps or dev dependencies; the window icon is unpacked beside it;
 * - the packaged main bundle, extracted and run under the fake electron with only the packaged
 *   node_modules, opens both windows with preloads, pages and icon that resolve inside the package;
 * - the fuses are flipped as electron-builder.yml says.
 */
import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { extractAll, listPackage } from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchMain } from './electron-fake/run'
import { REPO_ROOT } from './support/paths'

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** A fuse's state in the wire: the characters '0' and '1'. */
const OFF = '0'.charCodeAt(0)
const ON = '1'.charCodeAt(0)
const scratch = mkdtempSync(join(tmpdir(), 'nightfall-package-'))
const appDir = join(scratch, 'linux-unpacked')
const asarPath = join(appDir, 'resources', 'app.asar')

/**
 * A stand-in Electron distribution for Linux: a locale and an `electron` file with a fuse wire whose
 * eight fuses start opposite to electron-builder.yml where it sets them: RunAsNode, NODE_OPTIONS and
 * inspect arguments on; cookie encryption off; asar integrity and asar-only off; V8 snapshot off;
 * file:// privileges on.
 */
function standInElectron(): string {
  const dist = join(scratch, 'electron-dist')
  mkdirSync(join(dist, 'locales'), { recursive: true })
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from('10110001')])
  writeFileSync(join(dist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), Buffer.alloc(64), wire, Buffer.alloc(64)]))
  chmodSync(join(dist, 'electron'), 0o755)
  writeFileSync(join(dist, 'locales', 'en-US.pak'), '')
  writeFileSync(join(dist, 'version'), '45.5.0')
  return dist
}

/** Package folders (e.g. node_modules/conf, node_modules/a/node_modules/b) the lock file installs for production. */
function runtimePackages(): string[] {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; optional?: boolean; devOptional?: boolean }>
  }
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional && existsSync(join(REPO_ROOT, path)))
    .map(([path]) => path)
    .sort()
}

let files: string[] = []

beforeAll(async () => {
  const cli = join(REPO_ROOT, 'node_modules', 'electron-builder', 'cli.js')
  try {
    await promisify(execFile)(process.execPath, [cli, '--linux', '--dir', `-c.electronDist=${standInElectron()}`, `-c.directories.output=${scratch}`], {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, CI: 'true' },
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`electron-builder --dir failed:\n${stdout}\n${stderr}`, { cause: error })
  }
  files = listPackage(asarPath, { isPack: false }).map((file) => file.split(sep).join('/'))
}, 120_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the packaged app (electron-builder --dir)', () => {
  it('holds main, both preloads, both pages and package.json, and no sources, tests or source maps', () => {
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/estimator-worker.js',
      '/out/main/import-worker.js',
      '/out/preload/referee.cjs',
      '/out/preload/projector.cjs',
      '/out/renderer/referee/index.html',
      '/out/renderer/projector/index.html',
    ]) {
      expect(files).toContain(file)
    }
    const topLevel = new Set(files.map((file) => file.split('/')[1]))
    expect([...topLevel].sort()).toEqual(['node_modules', 'out', 'package.json', 'resources'])
    expect(files.filter((file) => /\.(map|[cm]?ts|tsx|vue)$/.test(file))).toEqual([])
    expect(files.filter((file) => /\.test\.[cm]?[jt]s$/.test(file))).toEqual([])
    const packaged = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    expect(Object.keys(packaged.dependencies).sort()).toEqual(['electron-store', 'zod'])
  })

  it('carries exactly the runtime dependencies, none of the dev dependencies', () => {
    const packagedModules = files
      .filter((file) => /^\/(node_modules\/(@[^/]+\/)?[^/]+\/)*node_modules\/(@[^/]+\/)?[^/]+$/.test(file) && !file.endsWith('/node_modules'))
      .filter((file) => files.includes(`${file}/package.json`))
      .map((file) => file.slice(1))
      .sort()
    expect(packagedModules).toEqual(runtimePackages())
    for (const dev of ['vue', 'pinia', 'vue-i18n', 'electron', 'electron-vite', 'vite', 'playwright']) {
      expect(packagedModules, dev).not.toContain(`node_modules/${dev}`)
    }
  })

  it('unpacks the window icon beside the archive', () => {
    expect(files).toContain('/resources/icon.png')
    const icon = readFileSync(join(appDir, 'resources', 'app.asar.unpacked', 'resources', 'icon.png'))
    expect(icon.subarray(1, 4).toString()).toBe('PNG')
  })

  it('flips the fuses: no RunAsNode, NODE_OPTIONS or inspect arguments; the app only from the asar, its integrity checked', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'nightfall'))
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON)
    // The fuses it does not set stay as Electron ships them.
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(OFF)
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(OFF)
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(ON)
  })

  it('its main bundle, run with only the packaged files, opens both windows on preloads, pages and an icon inside the package', async () => {
    const extracted = join(scratch, 'extracted')
    extractAll(asarPath, extracted)
    const root = realpathSync(extracted)
    const run = await launchMain({ main: join(root, 'out', 'main', 'index.js'), cwd: root })
    expect((await run.stop()).errors).toEqual([])
    const windows = run.startup.windows
    expect(windows.map((w) => w.options.title)).toEqual(['Nightfall — Referee', 'Nightfall — Projector'])
    const inside = (path: string | undefined): string => {
      expect(path, 'a path').toBeTypeOf('string')
      const rel = relative(root, path as string)
      expect(rel.startsWith('..'), `${path} is inside the package`).toBe(false)
      expect(existsSync(path as string), `${path} exists`).toBe(true)
      return rel.split(sep).join('/')
    }
    const roles = ['referee', 'projector']
    windows.forEach((window, i) => {
      expect(inside(window.options.webPreferences?.preload)).toBe(`out/preload/${roles[i]}.cjs`)
      expect(inside(window.loads[0]?.path)).toBe(`out/renderer/${roles[i]}/index.html`)
      expect(inside((window.options as { icon?: string }).icon)).toBe('resources/icon.png')
    })
    expect(run.preloads.map((p) => p.ok)).toEqual([true, true])
  })
})
