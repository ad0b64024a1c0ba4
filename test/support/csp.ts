/** Reading and judging the Content-Security-Policy <meta> of a renderer page. */
import { createHash } from 'node:crypto'

export type Csp = Map<string, string[]>

interface Tag {
  name: string
  attributes: Record<string, string>
  index: number
  /** Text up to the closing tag, for <script>. */
  body: string
}

/** A deliberately small tag scanner: enough for our own pages (no comments/CDATA games). */
export function tags(html: string, name: string): Tag[] {
  const found: Tag[] = []
  const open = new RegExp(`<${name}\\b([^>]*)>`, 'gi')
  for (const match of html.matchAll(open)) {
    const attributes: Record<string, string> = {}
    for (const attribute of (match[1] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attributes[(attribute[1] ?? '').toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? ''
    }
    const start = (match.index ?? 0) + match[0].length
    const close = html.toLowerCase().indexOf(`</${name}`, start)
    found.push({ name, attributes, index: match.index ?? 0, body: close < 0 ? '' : html.slice(start, close) })
  }
  return found
}

export function parseCsp(policy: string): Csp {
  const csp: Csp = new Map()
  for (const directive of policy.split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/)
    if (name) csp.set(name.toLowerCase(), values)
  }
  return csp
}

export function cspMetaTags(html: string): Tag[] {
  return tags(html, 'meta').filter((tag) => tag.attributes['http-equiv']?.toLowerCase() === 'content-security-policy')
}

/** The page's inline scripts (no src, not empty): each may run only if script-src names its hash. */
export const inlineScriptBodies = (html: string): string[] =>
  tags(html, 'script')
    .filter((s) => s.attributes['src'] === undefined && s.body.trim() !== '')
    .map((s) => s.body)

/** The page's inline stylesheets (not empty): each applies only if style-src names its hash (the player page's, inlined by the build). */
export const inlineStyleBodies = (html: string): string[] =>
  tags(html, 'style')
    .map((s) => s.body)
    .filter((body) => body.trim() !== '')

/** The CSP source that allows one inline script: its SHA-256, as a browser computes it. */
export const hashSource = (body: string): string => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`

/**
 * The pages as built (what Electron loads) connect nowhere: `connect-src 'none'`. Browser mode's
 * server (and the room's) serves them with `'self'` instead (its own origin, see servedHtml in
 * src/host/http.ts); the dev server adds its hot-reload socket.
 */
export const ALLOWED_CONNECT_SOURCES = ["'none'", "'self'"]

/** Everything wrong with a page's CSP and scripts, as human-readable lines; [] when all is well. */
export function cspProblems(html: string): string[] {
  const problems: string[] = []
  const metas = cspMetaTags(html)
  if (metas.length !== 1) return [`expected exactly one CSP <meta>, found ${metas.length}`]
  const meta = metas[0]!
  const firstScript = tags(html, 'script')[0]
  if (firstScript && firstScript.index < meta.index) problems.push('a <script> comes before the CSP <meta>, so it is not covered')
  if (html.toLowerCase().indexOf('</head>') < meta.index) problems.push('the CSP <meta> must be inside <head>')

  const policy = meta.attributes['content'] ?? ''
  const csp = parseCsp(policy)
  const expectExactly = (directive: string, values: string[]): void => {
    const actual = csp.get(directive)
    if (JSON.stringify(actual) !== JSON.stringify(values)) {
      problems.push(`${directive} must be ${values.join(' ')}, is ${actual ? actual.join(' ') || '(empty)' : '(missing)'}`)
    }
  }
  if (/unsafe-eval/i.test(policy)) problems.push("the policy allows 'unsafe-eval'")
  expectExactly('default-src', ["'self'"])
  // 'self', and the hash of each inline script the page carries (the player page's boot), nothing else.
  expectExactly('script-src', ["'self'", ...inlineScriptBodies(html).map(hashSource)])
  expectExactly('object-src', ["'none'"])
  expectExactly('base-uri', ["'none'"])
  // 'self', and the hash of each inline stylesheet the page carries (the player page's), nothing else: never 'unsafe-inline'.
  const styles = csp.get('style-src')
  if (!styles) problems.push('style-src is missing')
  else expectExactly('style-src', ["'self'", ...inlineStyleBodies(html).map(hashSource)])
  for (const source of csp.get('connect-src') ?? []) {
    if (!ALLOWED_CONNECT_SOURCES.includes(source)) problems.push(`connect-src allows ${source}`)
  }
  for (const [directive, values] of csp) {
    for (const value of values) {
      if (value === '*' || value === 'http:' || value === 'https:' || value === 'data:' || value === 'blob:') {
        if (!(directive === 'img-src' && value === 'data:')) problems.push(`${directive} allows ${value}`)
      }
    }
  }
  return problems
}

/** Problems with the page's own markup under its `script-src 'self'` policy (and its inline scripts' hashes). */
export function scriptProblems(html: string): string[] {
  const problems: string[] = []
  const allowed = parseCsp(cspMetaTags(html)[0]?.attributes['content'] ?? '').get('script-src') ?? []
  for (const script of tags(html, 'script')) {
    const src = script.attributes['src']
    if (src === undefined && script.body.trim() !== '' && !allowed.includes(hashSource(script.body)))
      problems.push("inline <script> without its hash (blocked by script-src 'self')")
    if (src !== undefined && /^(https?:)?\/\//i.test(src)) problems.push(`remote script ${src}`)
  }
  if (/\son[a-z]+\s*=/i.test(html.replace(/<script\b[\s\S]*?<\/script>/gi, ''))) {
    problems.push("inline event handler attribute (blocked by script-src 'self')")
  }
  return problems
}
