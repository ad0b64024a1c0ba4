/**
 * Reading PDFs with poppler-utils (pdfinfo, pdftotext, pdftoppm, pdffonts), for tests of printed
 * output. Debian/Ubuntu: `apt-get install poppler-utils` (.ci/run installs it).
 */
import { execFileSync, spawnSync } from 'node:child_process'

const run = (tool: string, args: string[]): string => execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })

export const hasPoppler = (): boolean => spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0

export function pageCount(file: string): number {
  const m = run('pdfinfo', [file]).match(/^Pages:\s+(\d+)/m)
  if (!m) throw new Error(`pdfinfo gave no page count for ${file}`)
  return Number(m[1])
}

/** Page size in points. */
export function pageSize(file: string): { w: number; h: number } {
  const m = run('pdfinfo', [file]).match(/^Page size:\s+([\d.]+) x ([\d.]+) pts/m)
  if (!m) throw new Error(`pdfinfo gave no page size for ${file}`)
  return { w: Number(m[1]), h: Number(m[2]) }
}

/** The text of the whole document (or one page), as pdftotext reads it. */
export const pdfText = (file: string, page?: number): string => run('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), file, '-'])

/** How many lines of the text are exactly `line` (after trimming). */
export const linesEqual = (text: string, line: string): number => text.split('\n').filter((l) => l.trim() === line).length

export interface Word {
  text: string
  xMin: number
  yMin: number
  xMax: number
  yMax: number
}

/** Every word of every page with its box, in points from the page's top-left corner (pdftotext -bbox). */
export function pdfWords(file: string): Word[][] {
  const xml = run('pdftotext', ['-bbox', file, '-'])
  return xml
    .split(/<page\b/)
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: m[5]!
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'"),
      })),
    )
}

/** Share of dark pixels (gray < 128) in a box of a page, rendered at `dpi` (box in points). */
export function inkIn(file: string, page: number, box: { x: number; y: number; w: number; h: number }, dpi = 100): number {
  const s = dpi / 72
  const args = [
    '-gray',
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-x',
    String(Math.floor(box.x * s)),
    '-y',
    String(Math.floor(box.y * s)),
    '-W',
    String(Math.ceil(box.w * s)),
    '-H',
    String(Math.ceil(box.h * s)),
    file,
  ]
  const pgm = execFileSync('pdftoppm', args, { maxBuffer: 64 * 1024 * 1024 })
  // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
  const header = pgm
    .subarray(0, 64)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)
  if (!header) throw new Error('pdftoppm did not write a PGM')
  const pixels = pgm.subarray(header[0].length)
  let dark = 0
  for (const v of pixels) if (v < 128) dark++
  return pixels.length ? dark / pixels.length : 0
}

/** The fonts the document embeds (pdffonts), by name. */
export const pdfFonts = (file: string): string[] =>
  run('pdffonts', [file])
    .split('\n')
    .slice(2)
    .map((l) => l.split(/\s+/)[0] ?? '')
    .filter(Boolean)
