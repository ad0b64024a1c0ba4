/**
 * The estimator's worker bundled the way the app bundles it (esbuild, no keepNames), so the CLI and
 * the benchmarks time what the app runs rather than tsx's slower output. Kept in the system's
 * temporary folder: the bundle (named by a hash of its contents) and a manifest of the files it was
 * built from with their sizes and times, so a later run whose sources have not changed skips esbuild.
 * Node only.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as Esbuild from 'esbuild'

const ROOT = resolve(import.meta.dirname, '..', '..')
const ENTRY = join(ROOT, 'src', 'host', 'workers', 'estimator-worker.ts')

type Manifest = { bundle: string; inputs: Record<string, string> }

const stamp = (path: string): string | null => {
  try {
    const s = statSync(path)
    return `${s.size}:${s.mtimeMs}`
  } catch {
    return null
  }
}

function writeAtomic(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, data)
  renameSync(tmp, file)
}

function fresh(manifestFile: string): string | null {
  try {
    const m = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
    if (!existsSync(m.bundle)) return null
    for (const [path, was] of Object.entries(m.inputs)) if (stamp(path) !== was) return null
    return m.bundle
  } catch {
    return null
  }
}

/** The bundled worker's URL, or null when esbuild (a development dependency) is not installed. */
export async function bundledEstimatorWorker(dir: string = join(tmpdir(), 'nightfall-estimator')): Promise<URL | null> {
  const manifestFile = join(dir, `manifest-${createHash('sha256').update(ENTRY).digest('hex').slice(0, 12)}.json`)
  const cached = fresh(manifestFile)
  if (cached) return pathToFileURL(cached)
  let esbuild: typeof Esbuild
  try {
    esbuild = await import('esbuild')
  } catch {
    return null
  }
  const out = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    absWorkingDir: ROOT,
    logLevel: 'silent',
  })
  const code = out.outputFiles[0]?.contents
  if (!code) return null
  mkdirSync(dir, { recursive: true })
  const bundle = join(dir, `estimator-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!existsSync(bundle)) writeAtomic(bundle, code)
  const inputs: Record<string, string> = {}
  for (const p of Object.keys(out.metafile.inputs)) {
    const abs = resolve(ROOT, p)
    const s = stamp(abs)
    if (s) inputs[abs] = s
  }
  writeAtomic(manifestFile, JSON.stringify({ bundle, inputs } satisfies Manifest))
  return pathToFileURL(bundle)
}
