/**
 * Every renderer page, as written (src/renderer/**) and as built (out/renderer/**), carries a strict
 * CSP <meta>: no 'unsafe-eval', scripts only from the app itself. See test/support/csp.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cspProblems, hashSource, inlineScriptBodies, inlineStyleBodies, scriptProblems } from './support/csp'
import { BUILT, PAGE_ROLES, REPO_ROOT } from './support/paths'

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file))
    .sort()
}

const sourcePages = htmlFiles(join(REPO_ROOT, 'src', 'renderer'))
const builtPages = htmlFiles(BUILT.rendererDir)
const name = (file: string): string => relative(REPO_ROOT, file)

describe('renderer pages', () => {
  it('include the referee and projector pages, as source and as built', () => {
    for (const role of PAGE_ROLES) {
      expect(sourcePages).toContain(join(REPO_ROOT, 'src', 'renderer', role, 'index.html'))
      expect(builtPages).toContain(BUILT.page(role))
    }
    expect(builtPages.map((file) => relative(BUILT.rendererDir, file))).toEqual(sourcePages.map((file) => relative(join(REPO_ROOT, 'src', 'renderer'), file)))
  })

  it.each([...sourcePages, ...builtPages].map((file) => [name(file), file]))('%s has a strict CSP <meta>', (_name, file) => {
    expect(cspProblems(readFileSync(file, 'utf8'))).toEqual([])
  })

  it.each([...sourcePages, ...builtPages].map((file) => [name(file), file]))(
    '%s connects nowhere: connect-src is exactly none (no network from the Electron pages)',
    (_name, file) => {
      const policy = /content-security-policy"\s+content="([^"]*)"/i.exec(readFileSync(file, 'utf8'))?.[1] ?? ''
      const connect = policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('connect-src'))
      expect(connect).toBe("connect-src 'none'")
    },
  )

  it.each(builtPages.map((file) => [name(file), file]))('%s loads only its own script files', (_name, file) => {
    const html = readFileSync(file, 'utf8')
    expect(scriptProblems(html)).toEqual([])
    expect(html).toMatch(/<script type="module" (blocking="render" )?crossorigin src="\.\.\/assets\/[\w.-]+\.js"><\/script>/)
  })
})

describe('the CSP checks themselves', () => {
  const page = (policy: string, body = ''): string =>
    `<html><head><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body>${body}</body></html>`
  const good = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'"

  it('accept the policy the pages use', () => {
    expect(cspProblems(page(good))).toEqual([])
  })

  it.each([
    ["script-src 'self' 'unsafe-eval'", "'unsafe-eval'"],
    ["script-src 'self' 'unsafe-inline'", 'script-src must be'],
    ["script-src 'self' https://cdn.example", 'script-src must be'],
    ["style-src 'self' 'unsafe-inline'", 'style-src must be'],
    ["connect-src 'self' https://api.example", 'connect-src allows https://api.example'],
    ["connect-src 'self' ws://127.0.0.1:*", 'connect-src allows ws://127.0.0.1:*'],
    ["object-src 'self'", 'object-src must be'],
    ['base-uri *', 'base-uri must be'],
  ])('reject %s', (override, expected) => {
    const directive = override.split(' ')[0]!
    const policy = good
      .split('; ')
      .map((part) => (part.startsWith(`${directive} `) ? override : part))
      .join('; ')
    expect(cspProblems(page(policy)).join('\n')).toContain(expected)
  })

  it('reject a page without a CSP, with two, or with a script before it', () => {
    expect(cspProblems('<html><head></head></html>')).toEqual(['expected exactly one CSP <meta>, found 0'])
    expect(cspProblems(page(good).replace('</head>', `<meta http-equiv="content-security-policy" content="${good}"></head>`))).toEqual([
      'expected exactly one CSP <meta>, found 2',
    ])
    expect(cspProblems(page(good).replace('<head>', '<head><script src="./x.js"></script>')).join('\n')).toContain('before the CSP')
  })

  it('reject inline scripts, remote scripts and inline handlers', () => {
    expect(scriptProblems('<script>alert(1)</script>')).toEqual(["inline <script> without its hash (blocked by script-src 'self')"])
    expect(scriptProblems('<script src="https://cdn.example/x.js"></script>')).toEqual(['remote script https://cdn.example/x.js'])
    expect(scriptProblems('<button onclick="go()">x</button>')).toEqual(["inline event handler attribute (blocked by script-src 'self')"])
    expect(scriptProblems('<script type="module" src="../assets/a.js"></script>')).toEqual([])
  })

  it('accept an inline script only with its own hash in script-src, and no hash of a script the page lacks', () => {
    const boot = 'window.x=1'
    const hashed = good.replace("script-src 'self'", `script-src 'self' ${hashSource(boot)}`)
    expect(cspProblems(page(hashed, `<script>${boot}</script>`))).toEqual([])
    expect(scriptProblems(page(hashed, `<script>${boot}</script>`))).toEqual([])
    // Changed after its hash was taken: it runs nowhere, and the policy names a script the page does not have.
    expect(scriptProblems(page(hashed, '<script>window.x=2</script>'))).toEqual(["inline <script> without its hash (blocked by script-src 'self')"])
    expect(cspProblems(page(hashed, '<script>window.x=2</script>')).join('\n')).toContain('script-src must be')
    expect(cspProblems(page(hashed)).join('\n')).toContain('script-src must be')
  })

  it('the player page carries its boot script, allowed by its hash (docs/room.md, "First render")', () => {
    const html = readFileSync(join(BUILT.rendererDir, 'player', 'index.html'), 'utf8')
    expect(inlineScriptBodies(html)).toHaveLength(1)
    expect(inlineScriptBodies(html)[0]).toContain('/room/player')
    // Its scripts carry V8's compile hint: compiled while they stream in, off the main thread.
    const scripts = [...html.matchAll(/(?:src|href)="\.\.\/(assets\/[\w.-]+\.js)"/g)].map((m) => join(BUILT.rendererDir, m[1]!))
    expect(scripts.length).toBeGreaterThan(0)
    for (const file of scripts) expect(readFileSync(file, 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'), file).toBe(true)
    // Its styles are in the page, one <style> allowed by its hash (cspProblems checks the hash): no stylesheet to ask for.
    expect(inlineStyleBodies(html)).toHaveLength(1)
    expect(inlineStyleBodies(html)[0]).toContain('.role-card')
    expect(inlineStyleBodies(html)[0]).toContain('.seat-list')
    expect(html).not.toMatch(/rel="stylesheet"/)
  })

  it('accept an inline stylesheet only with its own hash in style-src', () => {
    const css = 'p{color:red}'
    const hashed = good.replace("style-src 'self'", `style-src 'self' ${hashSource(css)}`)
    expect(cspProblems(page(hashed, `<style>${css}</style>`))).toEqual([])
    expect(cspProblems(page(good, `<style>${css}</style>`)).join('\n')).toContain('style-src must be')
    expect(cspProblems(page(hashed, '<style>p{color:blue}</style>')).join('\n')).toContain('style-src must be')
    expect(cspProblems(page(hashed)).join('\n')).toContain('style-src must be')
  })
})
