import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { brotliCompress, constants, gzipSync } from 'node:zlib'
import { MIME } from '../http'

/** The kinds of file the page's assets are (anything else there is not served). */
const ASSET_TYPES = new Set(['.js', '.css', '.svg', '.png', '.woff2'])
/** Text, worth compressing (a PNG or a font is compressed already). */
const TEXT = new Set(['.js', '.css', '.svg'])
type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The page's module scripts as a `Link` header's value (`</assets/player-….js>; rel=modulepreload`),
 * or null: sent with the page, the browser asks for its script as the answer's headers arrive, not
 * once it has read the page as far as the script's tag (docs/room.md, "First render": the script
 * came ~100 ms earlier, on a throttled phone, and was fetched once). From the page as built, as
 * the asset server's own list is.
 */
export function pagePreloads(html: string): string | null {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\.\.\/(assets\/[\w.-]+\.js)"/g)].map((m) => `</${m[1]}>; rel=modulepreload`)
  return scripts.length ? [...new Set(scripts)].join(', ') : null
}

/**
 * The player page's scripts and styles (out/renderer/assets/), as a phone's browser asks for them
 * (docs/room.md, "First render"): compressed once per file version (brotli, else gzip, else as
 * is: a phone on a club's Wi-Fi loads a third of the bytes), and, their names carrying their
 * content's hash, kept by the browser for a year (a phone that comes back loads none of them again).
 * A name without a hash is asked for again each time. Brotli at its best costs tens of
 * milliseconds a file: it is made off the event loop (zlib's threads), the player page's own files
 * as soon as the room opens; until a file's is ready, its gzip (a couple of milliseconds) is sent.
 */
export function assetServer(pagesDir: string): (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean {
  const root = resolve(pagesDir)
  const assets = join(root, 'assets') + sep
  /** Each file's bytes per encoding, for its version (size and time): a rebuilt page is read again. */
  const kept = new Map<string, { version: string; bodies: Partial<Record<Encoding, Buffer>>; brotli?: true }>()
  const entry = (file: string, version: string) => {
    let e = kept.get(file)
    if (e?.version !== version) {
      e = { version, bodies: {} }
      kept.set(file, e)
    }
    return e
  }
  const raw = (file: string, version: string): Buffer => (entry(file, version).bodies.identity ??= readFileSync(file))
  /** Brotli for this version, made in the background once; undefined until it is ready. */
  const brotli = (file: string, version: string): Buffer | undefined => {
    const e = entry(file, version)
    if (!e.bodies.br && !e.brotli) {
      e.brotli = true
      const input = raw(file, version)
      brotliCompress(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } }, (err, out) => {
        if (!err && kept.get(file) === e) e.bodies.br = out
      })
    }
    return e.bodies.br
  }
  const version = (file: string): string | null => {
    try {
      const stat = statSync(file)
      return stat.isFile() ? `${stat.size}-${stat.mtimeMs}` : null
    } catch {
      return null
    }
  }
  // The player page's own scripts and styles, compressed before the first phone asks.
  try {
    const page = readFileSync(join(root, 'player', 'index.html'), 'utf8')
    for (const m of page.matchAll(/(?:src|href)="\.\.\/(assets\/[\w.-]+)"/g)) {
      const file = join(root, m[1]!)
      const v = TEXT.has(extname(file)) ? version(file) : null
      if (v) brotli(file, v)
    }
  } catch {
    // not built yet: the room serves its placeholder page
  }
  return (req, res, pathname) => {
    let file: string
    try {
      file = resolve(root, normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, ''))
    } catch {
      return false
    }
    const ext = extname(file)
    if (!file.startsWith(assets) || !ASSET_TYPES.has(ext) || !existsSync(file)) return false
    const v = version(file)
    if (!v) return false
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const br = TEXT.has(ext) && /\bbr\b/.test(accepts) ? brotli(file, v) : undefined
    const gzip = !br && TEXT.has(ext) && /\bgzip\b/.test(accepts)
    const encoding: Encoding = br ? 'br' : gzip ? 'gzip' : 'identity'
    const bytes = br ?? (gzip ? (entry(file, v).bodies.gzip ??= gzipSync(raw(file, v), { level: 9 })) : raw(file, v))
    const hashed = /-[\w-]{8}\.\w+$/.test(file)
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-length': String(bytes.length),
      ...(TEXT.has(ext) ? { vary: 'accept-encoding' } : {}),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    })
    res.end(req.method === 'HEAD' ? undefined : bytes)
    return true
  }
}
