import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import VueI18nPlugin from '@intlify/unplugin-vue-i18n/vite'
import vue from '@vitejs/plugin-vue'
import { buildSync } from 'esbuild'
import { defineConfig } from 'electron-vite'
import type { Plugin, PluginOption, ResolvedConfig } from 'vite'
import { withInlineHashes } from './src/host/csp-hashes'
import { phoneSectionsOf } from './src/renderer/player/phone-sections'

const root = import.meta.dirname
const src = (path: string): string => resolve(root, 'src', path)

/**
 * `electron-vite dev` injects component styles as <style> elements for hot reload, which the
 * pages' strict `style-src 'self'` would block, and talks to its hot-reload socket, which
 * `connect-src 'none'` would block. Relax both for the dev server only;
 * built pages keep the strict policy (asserted by test/csp-bundle.test.ts).
 */
function devOnlyInlineStyles(): Plugin {
  return {
    name: 'nightfall:dev-only-inline-styles',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        // The dev server's own origin and its hot-reload socket; built pages connect nowhere.
        .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
  }
}

/**
 * A page's `<!-- boot: ./file.ts -->` becomes that file, bundled and minified, as an inline script
 * (the player page's boot.ts: a seated phone's stream opened while the HTML is parsed, docs/room.md
 * "First render"), and every inline script of a page is allowed by its hash in the CSP <meta>
 * (`script-src 'self' 'sha256-…'`, never 'unsafe-inline'; test/csp-bundle.test.ts checks it).
 */
function inlineBoot(): Plugin {
  return {
    name: 'nightfall:inline-boot',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        let withBoot = html.replace(/<!-- boot: ([\w./-]+\.ts)[^>]*-->/g, (_, file: string) => {
          const out = buildSync({
            entryPoints: [resolve(ctx.filename, '..', file)],
            bundle: true,
            write: false,
            format: 'iife',
            minify: true,
            target: 'es2020',
            logLevel: 'silent',
          })
          return `<script>${out.outputFiles[0]!.text.trim()}</script>`
        })
        // With a boot, the page's module blocks the first frame (blocking="render", which Vite's own
        // tag drops): a seated phone whose screen is in when its code runs paints it at once, not an empty page first.
        if (withBoot !== html) withBoot = withBoot.replace(/<script type="module" crossorigin /g, '<script type="module" blocking="render" crossorigin ')
        return withBoot.replace(
          /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/i,
          (_, head: string, policy: string) => `${head}${withInlineHashes(policy, withBoot)}"`,
        )
      },
    },
  }
}

/**
 * The player page's code, and what it imports at once, starts with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chromium 136+; other browsers read a comment): its functions are
 * compiled while the file streams in, off the main thread, not one by one as a phone first calls
 * them (docs/room.md, "First render": a seated phone's first render at 4x throttling).
 */
function playerCompileHints(): Plugin {
  return {
    name: 'nightfall:player-compile-hints',
    apply: 'build',
    // After Vite's own (its preload helper's list goes first in the file): the comment must open it.
    generateBundle: {
      order: 'post',
      handler: (_, bundle) => {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/player/index.html'))
        const seen = new Set<string>()
        const walk = (file: string): void => {
          const c = bundle[file]
          if (seen.has(file) || c?.type !== 'chunk') return
          seen.add(file)
          c.code = `//# allFunctionsCalledOnLoad\n${c.code}`
          c.imports.forEach(walk)
        }
        if (entry) walk(entry.fileName)
      },
    },
  }
}

/**
 * The player page's stylesheets (its own and the board's, shared with the projector) are inlined in
 * the page, in their order, as one <style> allowed by its hash (`style-src 'self' 'sha256-…'`, never
 * 'unsafe-inline'; test/csp-bundle.test.ts). A phone's browser then asks for no stylesheet (and,
 * the page built on its own, playerOwnBuild, for one script): each answer costs a throttled phone's main thread its turn, the page's module waits for every
 * stylesheet the page links, and a seated phone's stream no longer waits for one of the six
 * connections a browser opens to one host (docs/room.md, "First render"). The files stay as they
 * are for the other pages. A stylesheet with a url() (relative to its file) is left linked.
 */
function playerInlineStyles(): Plugin {
  const LINK = /<link rel="stylesheet" crossorigin href="\.\.\/(assets\/[\w.-]+\.css)">\s*/g
  return {
    name: 'nightfall:player-inline-styles',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const page = bundle['player/index.html']
        if (page?.type !== 'asset' || typeof page.source !== 'string') return
        const css = (file: string): string | null => {
          const a = bundle[file]
          const text = a?.type === 'asset' ? (typeof a.source === 'string' ? a.source : new TextDecoder().decode(a.source)) : null
          return text !== null && !/url\(|<\/style/i.test(text) ? text.trim() : null
        }
        const inlined: string[] = []
        let at = -1
        const html = page.source.replace(LINK, (link: string, file: string, offset: number) => {
          const text = css(file)
          if (text === null) return link
          if (at < 0) at = offset
          inlined.push(text)
          return ''
        })
        if (!inlined.length) return
        const withStyle = `${html.slice(0, at)}<style>${inlined.join('\n')}</style>\n    ${html.slice(at)}`.replace(/\s*<\/head>/, '\n  </head>')
        page.source = withStyle.replace(
          /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/i,
          (_m: string, head: string, policy: string) => `${head}${withInlineHashes(policy, withStyle)}"`,
        )
      },
    },
  }
}

/**
 * A locale file asked for as `?raw&phone` (the phone's words, src/renderer/player/words.ts) is its
 * text with only the sections a phone shows: the same words, half the bytes in the phone's script.
 */
function phoneWordsOnly(): Plugin {
  return {
    name: 'nightfall:phone-words-only',
    enforce: 'pre',
    load: (id) => {
      const [file, query] = id.split('?')
      if (!file!.endsWith('.json') || !/(^|&)phone(&|$)/.test(query ?? '') || !/(^|&)raw(&|$)/.test(query ?? '')) return null
      const tree = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, unknown>
      const kept = phoneSectionsOf(file!, tree)
      return `export default ${JSON.stringify(JSON.stringify(kept))}`
    },
  }
}

/** The renderer's plugins: the same for the Electron pages' build and the player page's own (playerOwnBuild). */
const rendererPlugins = (): PluginOption[] => [
  // Every component is <script setup>: Vue's Options API support is left out of the bundle.
  vue({ features: { optionsAPI: false } }),
  // The locale files (src/shared/locales/<language>/<area>.json, and each feature's,
  // <language>/features/<feature>.json) are precompiled at build time, and vue-i18n's runtime-only
  // build is bundled: no message compiler ships, nothing needs eval. (A file left out reaches the
  // windows raw: "Fouls: {n}/{max}" — test/e2e/fouls.test.ts.)
  VueI18nPlugin({
    include: [src('shared/locales/*/*.json'), src('shared/locales/*/features/*.json')],
    runtimeOnly: true,
    compositionOnly: true,
    fullInstall: false,
    dropMessageCompiler: true,
    strictMessage: true,
    escapeHtml: false,
  }),
  devOnlyInlineStyles(),
  inlineBoot(),
  playerCompileHints(),
  playerInlineStyles(),
  phoneWordsOnly(),
]

const RENDERER_DEFINE = {
  // vue-i18n's esm-bundler build keeps its devtools hooks unless this is replaced at build time.
  __INTLIFY_PROD_DEVTOOLS__: false,
}

/** A language's lazily loaded areas are named for it: assets/locale-hu-script-<hash>.js. */
const chunkFileNames = (chunk: { facadeModuleId: string | null }): string => {
  const m = /locales[\\/]([a-z]{2,3})[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '')
  return m ? `assets/locale-${m[1]}-${m[2]}-[hash].js` : 'assets/[name]-[hash].js'
}

/**
 * The room's page (a player's phone at /player/, a TV at /tv/, served by the room only) is built on
 * its own, after the Electron pages, into the same out/renderer/: what the page imports at once is
 * then one script (the phone's code, its English words, the seal, the names' rules, the board and
 * the story), not three — two fewer answers, each a throttled phone's main-thread turn, before a
 * seated phone's first render (docs/room.md, "First render"). What it imports lazily stays in
 * chunks of its own that import from that script: the TV's Vue app, the joining phone's handshake,
 * another language's words. The Electron pages' chunks are as before (the shared modules the room's
 * page also uses are in both builds' files).
 */
function playerOwnBuild(): Plugin {
  let resolved: ResolvedConfig | null = null
  let written = false
  return {
    name: 'nightfall:player-own-build',
    apply: 'build',
    configResolved: (config) => void (resolved = config),
    writeBundle: () => void (written = true),
    async closeBundle() {
      if (!resolved || !written) return
      const { build } = await import('vite')
      await build({
        configFile: false,
        envDir: false,
        root: resolved.root,
        base: resolved.base,
        mode: resolved.mode,
        logLevel: resolved.logLevel,
        plugins: rendererPlugins(),
        define: RENDERER_DEFINE,
        build: {
          outDir: resolved.build.outDir,
          emptyOutDir: false,
          target: resolved.build.target,
          modulePreload: resolved.build.modulePreload,
          reportCompressedSize: false,
          minify: true,
          rolldownOptions: { input: { player: src('renderer/player/index.html') }, output: { chunkFileNames } },
        },
      })
    },
  }
}

export default defineConfig({
  main: {
    build: {
      // ES module output: out/main/index.js ("type": "module" in package.json), and the balance
      // estimator's worker thread, out/main/estimator-worker.js (docs/estimator.md), and the import's,
      // out/main/import-worker.js (docs/host.md, "Importing a game").
      rolldownOptions: {
        input: {
          index: src('main/index.ts'),
          'estimator-worker': src('host/workers/estimator-worker.ts'),
          'import-worker': src('host/workers/import-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // CommonJS, one self-contained file per window: a sandboxed preload can neither be an
      // ES module nor require() a shared chunk. Dependencies are bundled in, not externalized.
      isolatedEntries: true,
      externalizeDeps: false,
      rolldownOptions: {
        input: {
          referee: src('preload/referee.ts'),
          projector: src('preload/projector.ts'),
          // The hidden print window's: it only receives the payload to render (src/main/print.ts).
          cards: src('preload/cards.ts'),
        },
        output: {
          format: 'cjs',
          entryFileNames: '[name].cjs',
          chunkFileNames: 'chunks/[name]-[hash].cjs',
        },
      },
    },
  },
  renderer: {
    root: src('renderer'),
    plugins: [...rendererPlugins(), playerOwnBuild()],
    define: RENDERER_DEFINE,
    build: {
      // electron-vite leaves the pages unminified by default; minified, the projector page loads
      // about a third less JavaScript (bench: npm run bench -- pages).
      minify: true,
      rolldownOptions: {
        input: {
          referee: src('renderer/referee/index.html'),
          projector: src('renderer/projector/index.html'),
          // Printable role cards and the referee's sheet (same strict CSP, no remote font or image).
          cards: src('renderer/cards/index.html'),
        },
        output: { chunkFileNames },
      },
    },
  },
})
