import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../../shared/languages'
import { GUIDE_FILES, guideBlocks, guideIn } from './guides'

/** The Quick start's link to the referee's guide: each language's file exists, and is that language's own where one is written. */
const DOCS = join(import.meta.dirname, '..', '..', '..', 'docs')

describe('the referee’s guide in the app', () => {
  it('links every language to a file that exists: its own docs/guide.<lang>.md where there is one, else docs/guide.md', () => {
    for (const lang of LANGUAGE_IDS) {
      const file = GUIDE_FILES[lang]
      expect(existsSync(join(DOCS, file)), `${lang}: ${file}`).toBe(true)
      const own = `guide.${lang}.md`
      expect(file, lang).toBe(lang === 'en' ? 'guide.md' : existsSync(join(DOCS, own)) ? own : 'guide.md')
    }
    // Every translation on disk is linked from its language.
    for (const f of readdirSync(DOCS).filter((x) => /^guide\.[a-z]{2}\.md$/.test(x))) expect(Object.values(GUIDE_FILES)).toContain(f)
  })

  it('loads the file of the language asked for (English for an unknown one), as headings, items, tables and paragraphs', async () => {
    for (const lang of LANGUAGE_IDS) {
      const g = await guideIn(lang)
      expect(g.file).toBe(GUIDE_FILES[lang])
      const first = readFileSync(join(DOCS, g.file), 'utf8').split('\n')[0]!.replace(/^#\s+/, '')
      expect(g.blocks[0]).toEqual({ kind: 'heading', level: 1, text: first.replace(/\*\*|`/g, '') })
    }
    expect((await guideIn('xx')).file).toBe('guide.md')
  })

  it('reads Markdown as plain text: no mark, no link target, a table’s cells; Japanese lines join without a space', () => {
    const md =
      '## The **night**\n\n1. **Start** the `app`\n   and [read](guide.md) on.\n\n| Key | What |\n|---|---|\n| N | End the call |\n\nOne line\nand the next.'
    expect(guideBlocks(md, 'en')).toEqual([
      { kind: 'heading', level: 2, text: 'The night' },
      { kind: 'item', text: 'Start the app and read on.' },
      {
        kind: 'table',
        rows: [
          ['Key', 'What'],
          ['N', 'End the call'],
        ],
      },
      { kind: 'paragraph', text: 'One line and the next.' },
    ])
    expect(guideBlocks('夜です。\n昼です。', 'ja')).toEqual([{ kind: 'paragraph', text: '夜です。昼です。' }])
  })
})
