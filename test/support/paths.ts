import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const OUT = join(REPO_ROOT, 'out')

export type PageRole = 'referee' | 'projector'
export const PAGE_ROLES: readonly PageRole[] = ['referee', 'projector']
/** Every built page: the two windows' and the cards page (printing; opened only to print). */
export type RendererPage = PageRole | 'cards'
export const RENDERER_PAGES: readonly RendererPage[] = [...PAGE_ROLES, 'cards']

/** Where `electron-vite build` puts things (see electron.vite.config.ts). */
export const BUILT = {
  main: join(OUT, 'main', 'index.js'),
  preload: (role: PageRole): string => join(OUT, 'preload', `${role}.cjs`),
  page: (role: RendererPage): string => join(OUT, 'renderer', role, 'index.html'),
  rendererDir: join(OUT, 'renderer'),
}

/** The window icon the main process loads at runtime (made by scripts/make-icons.mjs from build/icon.svg). */
export const RUNTIME_ICON = join(REPO_ROOT, 'resources', 'icon.png')
