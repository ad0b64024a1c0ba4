import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_IDS, type Language } from '../../shared/languages'

/**
 * The referee's guide (docs/guide.md, and each translation docs/guide.<lang>.md) inside the app: the
 * Quick start opens it in the window's language, English where a language has none. Each file is a
 * lazily loaded chunk of text, fetched only when opened, and shown as headings, paragraphs, lists and
 * tables of plain text (no HTML from the file reaches the page).
 */
const loaders = import.meta.glob<string>('../../../docs/guide*.md', { query: '?raw', import: 'default' })
const fileOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1)
const byFile = new Map(Object.entries(loaders).map(([path, load]) => [fileOf(path), load]))

/** The guide file each language links to: its own where it exists, else English's. */
export const GUIDE_FILES: Readonly<Record<Language, string>> = Object.fromEntries(
  LANGUAGE_IDS.map((l) => [l, l !== FALLBACK_LANGUAGE && byFile.has(`guide.${l}.md`) ? `guide.${l}.md` : 'guide.md']),
) as Record<Language, string>

export type GuideBlock =
  { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string } | { kind: 'item'; text: string } | { kind: 'table'; rows: string[][] }

/** Markdown's inline marks as plain text: **bold**, `code`, [text](link) → bold, code, text. */
const plain = (s: string): string =>
  s
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .trim()

/** The guide's Markdown as blocks: `#` headings, numbered or bulleted items, tables, and paragraphs (lines joined; none between Japanese lines). */
export function guideBlocks(markdown: string, lang: string): GuideBlock[] {
  const out: GuideBlock[] = []
  const gap = lang === 'ja' ? '' : ' '
  let open: GuideBlock | null = null
  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd()
    const heading = /^(#{1,6})\s+(.*)$/.exec(line)
    const item = /^\s*(?:\d+\.|[-*])\s+(.*)$/.exec(line)
    if (line.trim() === '') {
      open = null
    } else if (heading) {
      open = null
      out.push({ kind: 'heading', level: heading[1]!.length, text: plain(heading[2]!) })
    } else if (line.startsWith('|')) {
      if (/^\|[\s:|-]+\|$/.test(line)) continue // the row under a table's header
      const cells = line.slice(1, -1).split('|').map(plain)
      if (open?.kind === 'table') open.rows.push(cells)
      else out.push((open = { kind: 'table', rows: [cells] }))
    } else if (item) {
      out.push((open = { kind: 'item', text: plain(item[1]!) }))
    } else if (open?.kind === 'paragraph' || open?.kind === 'item') {
      open.text = `${open.text}${gap}${plain(line)}`
    } else {
      out.push((open = { kind: 'paragraph', text: plain(line) }))
    }
  }
  return out
}

/** The guide in `lang` (English where it has none), as blocks to show. */
export async function guideIn(lang: string): Promise<{ file: string; blocks: GuideBlock[] }> {
  const file = GUIDE_FILES[isLanguage(lang) ? lang : FALLBACK_LANGUAGE]
  const text = (await byFile.get(file)?.()) ?? ''
  return { file, blocks: guideBlocks(text, lang) }
}
