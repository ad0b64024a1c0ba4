import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Where the built cards page is: the repository is three folders up from this file, or (bundled elsewhere) the working directory. */
const fromSource = resolve(import.meta.dirname, '..', '..', '..')
const root = existsSync(join(fromSource, 'package.json')) ? fromSource : process.cwd()

export const DEFAULT_RENDERER_DIR = join(root, 'out', 'renderer')

export const cardsPagePath = (rendererDir = DEFAULT_RENDERER_DIR): string => join(rendererDir, 'cards', 'index.html')
