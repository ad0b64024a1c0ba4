import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './host'

const CSP = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'`

/** A renderer folder shaped like electron-vite's output. */
export function fakeRenderer(): string {
  const dir = tempDir('nightfall-renderer-')
  for (const page of ['referee', 'projector']) {
    mkdirSync(join(dir, page), { recursive: true })
    writeFileSync(
      join(dir, page, 'index.html'),
      `<!doctype html>\n<html><head><meta charset="UTF-8" />\n<meta http-equiv="Content-Security-Policy" content="${CSP}" />\n` +
        `<title>${page}</title>\n<script type="module" crossorigin src="../assets/${page}-x.js"></script>\n</head><body><div id="app"></div></body></html>\n`,
    )
  }
  mkdirSync(join(dir, 'assets'))
  // The "app": records what the bridge offers and talks to the host through it.
  writeFileSync(
    join(dir, 'assets', 'referee-x.js'),
    `const r = window.referee; window.__app = { keys: Object.keys(r).sort(), views: [] };
     r.onView((v) => window.__app.views.push(v)); r.ready().then((v) => { window.__app.first = v })`,
  )
  writeFileSync(
    join(dir, 'assets', 'projector-x.js'),
    `const p = window.projector; window.__app = { keys: Object.keys(p).sort(), screens: [] };
     p.onView((s) => window.__app.screens.push(s)); p.ready()`,
  )
  writeFileSync(join(dir, 'assets', 'style.css'), 'body{}')
  return dir
}
