import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * Where a worker thread's entry file is, and how to start it. From source (vitest, tsx) the entry
 * is the .ts file beside the calling module and the worker registers tsx first; built, the calling
 * module sits in the main bundle — or, when the bundler shares it between entries, in
 * out/main/chunks/ — and the entry is out/main/<name>.js, beside it or one level up (each worker is
 * a main-process entry in electron.vite.config.ts).
 */

const isTs = (u: URL): boolean => /\.[cm]?ts$/.test(u.pathname)

export function findWorkerEntry(name: string, here: string, what: string): URL {
  if (isTs(new URL(here))) return new URL(`./${name}.ts`, here)
  const candidates = [`./${name}.js`, `../${name}.js`].map((f) => new URL(f, here))
  const found = candidates.find((u) => existsSync(fileURLToPath(u)))
  if (!found)
    throw new Error(
      `The ${what} is missing (looked for ${candidates.map((u) => fileURLToPath(u)).join(' and ')}); ` +
        `build src/host/workers/${name}.ts as a main-process entry (electron.vite.config.ts).`,
    )
  return found
}

export function startWorker(url: URL): Worker {
  if (!isTs(url)) return new Worker(url)
  // From source the worker must compile TypeScript: register tsx in the worker, then load the entry.
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}) })`
  return new Worker(code, { eval: true })
}
