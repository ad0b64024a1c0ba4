/** Prints docs/glossary.md from src/shared/glossary.ts: `npx tsx scripts/glossary.ts`. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { glossaryMarkdown } from '../src/shared/glossary-doc'

writeFileSync(join(import.meta.dirname, '..', 'docs', 'glossary.md'), glossaryMarkdown())
