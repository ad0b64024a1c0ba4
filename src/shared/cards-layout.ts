import type { Paper } from './cards'

/**
 * Where cards sit on the paper, in millimetres from the page's top-left corner. Pure arithmetic,
 * shared by the cards page (which positions by it) and the tests (which check the PDF against it).
 *
 * Poker cards (63 × 88 mm) touch each other in a grid centred on the page, so one cut serves two
 * cards; cut marks sit in the margin around the grid, on every grid line. A personal card is a
 * strip of three card-sized panels (name | role | cover), folded to card size with the role inside.
 * A backs page mirrors its fronts page left-right: flipped on the long edge, every back lands on
 * its front.
 */

export const CARD = { w: 63, h: 88 } as const
export const PAPER_MM: Record<Paper, { w: number; h: number }> = {
  a4: { w: 210, h: 297 },
  letter: { w: 215.9, h: 279.4 },
}
/** The referee's sheet's page margin in mm (cards.css: `@page a4-sheet`, `@page letter-sheet` and the screen padding). */
export const SHEET_MARGIN = 12
/** Room kept free around the grid for the cut marks and the printer's unprintable edge. */
export const MIN_MARGIN = 7
/** Words stay this far inside a card's cut lines, so an uneven cut never clips them. */
export const SAFE_INSET = 4
/** Cut marks: the gap between the grid and a mark, and a mark's longest length. */
export const MARK = { gap: 1.5, length: 5 } as const

export interface Slot {
  /** Index of the card in the payload's list. */
  card: number
  x: number
  y: number
  w: number
  h: number
}

export interface CutMark {
  x1: number
  y1: number
  x2: number
  y2: number
}

export interface CardPage {
  side: 'front' | 'back'
  slots: Slot[]
  marks: CutMark[]
}

export interface Grid {
  cols: number
  rows: number
  /** Top-left corner of the grid. */
  x: number
  y: number
}

export function gridFor(paper: Paper): Grid {
  const p = PAPER_MM[paper]
  const cols = Math.floor((p.w - 2 * MIN_MARGIN) / CARD.w)
  const rows = Math.floor((p.h - 2 * MIN_MARGIN) / CARD.h)
  return { cols, rows, x: round((p.w - cols * CARD.w) / 2), y: round((p.h - rows * CARD.h) / 2) }
}

const round = (v: number): number => Math.round(v * 100) / 100

/** Cut marks on every grid line of the used rows and columns, outside the grid. */
export function cutMarks(paper: Paper, usedRows: number, usedCols: number, mirror = false): CutMark[] {
  const p = PAPER_MM[paper]
  const g = gridFor(paper)
  const marks: CutMark[] = []
  const left = mirror ? round(p.w - g.x - usedCols * CARD.w) : g.x
  const right = left + usedCols * CARD.w
  const top = g.y
  const bottom = top + usedRows * CARD.h
  const lenX = Math.max(1, Math.min(MARK.length, left - MARK.gap - 1))
  const lenY = Math.max(1, Math.min(MARK.length, top - MARK.gap - 1))
  for (let c = 0; c <= usedCols; c++) {
    const x = round(left + c * CARD.w)
    marks.push({ x1: x, y1: round(top - MARK.gap - lenY), x2: x, y2: round(top - MARK.gap) })
    marks.push({ x1: x, y1: round(bottom + MARK.gap), x2: x, y2: round(bottom + MARK.gap + lenY) })
  }
  for (let r = 0; r <= usedRows; r++) {
    const y = round(top + r * CARD.h)
    marks.push({ x1: round(left - MARK.gap - lenX), y1: y, x2: round(left - MARK.gap), y2: y })
    marks.push({ x1: round(right + MARK.gap), y1: y, x2: round(right + MARK.gap + lenX), y2: y })
  }
  return marks
}

/** Deck pages: the cards in a grid, row by row; with `backs`, each fronts page is followed by its mirrored backs page. */
export function deckPages(paper: Paper, count: number, backs: boolean): CardPage[] {
  const g = gridFor(paper)
  const p = PAPER_MM[paper]
  const perPage = g.cols * g.rows
  const pages: CardPage[] = []
  for (let start = 0; start < count; start += perPage) {
    const n = Math.min(perPage, count - start)
    const slots: Slot[] = []
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / g.cols)
      const col = i % g.cols
      slots.push({ card: start + i, x: round(g.x + col * CARD.w), y: round(g.y + row * CARD.h), w: CARD.w, h: CARD.h })
    }
    const rows = Math.ceil(n / g.cols)
    const cols = Math.min(n, g.cols)
    pages.push({ side: 'front', slots, marks: cutMarks(paper, rows, cols) })
    if (backs) {
      pages.push({
        side: 'back',
        slots: slots.map((s) => ({ ...s, x: round(p.w - s.x - s.w) })),
        // The marks of a full-width row are symmetric; a short last row is mirrored with its cards.
        marks: cutMarks(paper, rows, cols, true),
      })
    }
  }
  return pages
}

/** Personal cards: one strip of three panels per row (name | role | cover), as many rows as fit. */
export function stripPages(paper: Paper, count: number): CardPage[] {
  const g = gridFor(paper)
  const panels = 3
  if (g.cols < panels) throw new Error(`A ${paper} page is too narrow for a folded card.`)
  const pages: CardPage[] = []
  for (let start = 0; start < count; start += g.rows) {
    const n = Math.min(g.rows, count - start)
    const slots: Slot[] = []
    for (let i = 0; i < n; i++) {
      slots.push({ card: start + i, x: g.x, y: round(g.y + i * CARD.h), w: panels * CARD.w, h: CARD.h })
    }
    // The inner panel edges are folds (dashed on the card), not cuts: no marks there.
    const edges = [g.x, round(g.x + panels * CARD.w)]
    const marks = cutMarks(paper, n, panels).filter((m) => m.x1 !== m.x2 || edges.includes(m.x1))
    pages.push({ side: 'front', slots, marks })
  }
  return pages
}
