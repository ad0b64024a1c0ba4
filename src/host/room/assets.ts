import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { MIME } from '../http'

/** The kinds of file the page's assets are (anything else there is not served). */
const ASSET_TYPES = new Set(['.js', '.css', '.svg', '.png', '.woff2'])
/** Text, worth compressing (a PNG or a font is compressed already). */
const TEXT = new Set(['.js', '.css', '.svg'])
type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The player page's scripts and styles (out/renderer/assets/), as a phone's browser asks for them
 * (docs/room.md, "First render"): compressed once per file version (brotli, else gzip, else as
 * is: a phone on a club's Wi-Fi loads a third of the bytes), and, their names carrying their
 * content's hash, kept by the browser for a year (a phone that comes back loads none of them again).
 * A name without a hash is asked for again each time.
 */
export function assetServer(pagesDir: string): (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean {
  const root = resolve(pagesDir)
  const assets = join(root, 'assets') + sep
  /** Each file's bytes per encoding, for its version (size and time): a rebuilt page is read again. */
  const kept = new Map<string, { version: string; bodies: Partial<Record<Encoding, Buffer>> }>()
  const body = (file: string, version: string, encoding: Encoding): Buffer => {
    let entry = kept.get(file)
    if (entry?.version !== version) {
      entry = { version, bodies: {} }
      kept.set(file, entry)
    }
    const raw = (entry.bodies.identity ??= readFileSync(file))
    if (encoding === 'br')
      return (entry.bodies.br ??= brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }))
    if (encoding === 'gzip') return (entry.bodies.gzip ??= gzipSync(raw, { level: 9 }))
    return raw
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
    const stat = statSync(file)
    if (!stat.isFile()) return false
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const encoding: Encoding = !TEXT.has(ext) ? 'identity' : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity'
    const bytes = body(file, `${stat.size}-${stat.mtimeMs}`, encoding)
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
