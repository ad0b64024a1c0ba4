import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/support/host'
import { assetServer, pagePreloads } from './assets'

let server: Server | null = null
afterEach(() => void server?.close())

async function serve(dir: string): Promise<string> {
  const handle = assetServer(dir)
  server = createServer((req, res) => {
    if (!handle(req, res, new URL(req.url ?? '/', 'http://x').pathname)) res.writeHead(404).end()
  })
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server!.address() as { port: number }).port}`
}

const get = (url: string, encoding?: string, method = 'GET') =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    const req = request(url, { method, headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', fail)
    req.end()
  })

describe("the room's page assets (assets.ts)", () => {
  it('sends a script brotli or gzip compressed as the browser accepts, the same bytes once opened; a hashed name is kept a year', async () => {
    const dir = tempDir('nightfall-assets-')
    mkdirSync(join(dir, 'assets'))
    const code = 'export const words = "' + 'night '.repeat(2000) + '"\n'
    writeFileSync(join(dir, 'assets', 'player-AbC_12-x.js'), code)
    writeFileSync(join(dir, 'assets', 'plain.css'), 'p{color:red}')
    writeFileSync(join(dir, 'assets', 'secret.json'), '{}')
    writeFileSync(join(dir, 'outside.js'), 'x')
    const origin = await serve(dir)
    // Brotli is made in the background: gzip until it is ready.
    const first = await get(`${origin}/assets/player-AbC_12-x.js`, 'gzip, deflate, br')
    expect(['br', 'gzip']).toContain(first.headers['content-encoding'])
    let br = first
    for (let i = 0; i < 200 && br.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((done) => setTimeout(done, 10))
      br = await get(`${origin}/assets/player-AbC_12-x.js`, 'gzip, deflate, br')
    }
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.body.length).toBeLessThan(code.length / 10)
    expect(brotliDecompressSync(br.body).toString()).toBe(code)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-type']).toMatch(/^text\/javascript/)
    expect(br.headers['vary']).toBe('accept-encoding')
    const gz = await get(`${origin}/assets/player-AbC_12-x.js`, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(code)
    const raw = await get(`${origin}/assets/player-AbC_12-x.js`)
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.body.toString()).toBe(code)
    const head = await get(`${origin}/assets/player-AbC_12-x.js`, 'br', 'HEAD')
    expect(head.headers['content-encoding']).toBe('br')
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(br.body.length)])
    // A name without a hash is asked for again; a rebuilt file is read again.
    expect((await get(`${origin}/assets/plain.css`, 'br')).headers['cache-control']).toBe('no-cache')
    writeFileSync(join(dir, 'assets', 'plain.css'), 'p{color:blue}')
    expect(gunzipSync((await get(`${origin}/assets/plain.css`, 'gzip')).body).toString()).toBe('p{color:blue}')
    // Nothing but the page's kinds of file, and nothing outside assets/.
    for (const path of ['/assets/secret.json', '/outside.js', '/assets/../outside.js', '/assets/%2e%2e/outside.js', '/assets/none.js'])
      expect((await get(`${origin}${path}`)).status, path).toBe(404)
  })
})

describe("the page's preloads (pagePreloads)", () => {
  it('names the module scripts the page loads from assets/, once each, and nothing else', () => {
    const html = `<!doctype html><head><script>"inline"</script>
      <script type="module" blocking="render" crossorigin src="../assets/player-Bd6kyW2I.js"></script>
      <script src="../assets/classic-AAAAAAAA.js"></script>
      <link rel="stylesheet" href="../assets/player-CCCCCCCC.css">
      <script type="module" src="https://elsewhere.example/x.js"></script>
      <script type="module" crossorigin src="../assets/player-Bd6kyW2I.js"></script></head>`
    expect(pagePreloads(html)).toBe('</assets/player-Bd6kyW2I.js>; rel=modulepreload')
    expect(pagePreloads('<!doctype html><title>Nightfall</title><p>The player page is not built yet</p>')).toBeNull()
  })
})
