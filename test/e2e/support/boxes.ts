/**
 * Measuring what a page shows, box by box (in the page, from Chromium's layout): text wider or
 * taller than its box, boxes outside the window, and how many lines a name takes.
 */
import type { Page } from 'playwright'

export interface BoxCheck {
  /** Elements whose own text is measured (every element with a text node under them by default). */
  root: string
  /** Names: each must take at most two lines (counted from the text's line boxes). */
  names?: string
  /** The window's bottom is a limit too (the projector: nothing below the screen). */
  vertical?: boolean
}

/** What does not fit, in words; [] when everything does. */
export async function unfit(page: Page, check: BoxCheck): Promise<string[]> {
  return page.evaluate(({ root, names, vertical }) => {
    const out: string[] = []
    const say = (el: Element, what: string) =>
      out.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, '.')} "${(el.textContent ?? '').trim().slice(0, 40)}": ${what}`)
    const roots = [...document.querySelectorAll<HTMLElement>(root)]
    if (roots.length === 0) return [`nothing matches ${root}`]
    for (const r of roots) {
      for (const el of [r, ...r.querySelectorAll<HTMLElement>('*')]) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
        if (!own) continue
        const style = getComputedStyle(el)
        if (style.display === 'inline' || style.display === 'none') continue
        if (el.scrollWidth > el.clientWidth + 1) say(el, `text wider than its box (${el.scrollWidth} > ${el.clientWidth})`)
        if (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) say(el, `text cut at the bottom (${el.scrollHeight} > ${el.clientHeight})`)
        const b = el.getBoundingClientRect()
        if (b.left < -1 || b.right > window.innerWidth + 1)
          say(el, `outside the window's width (${Math.round(b.left)}…${Math.round(b.right)} of ${window.innerWidth})`)
        if (vertical && b.bottom > window.innerHeight + 1) say(el, `below the window (${Math.round(b.bottom)} > ${window.innerHeight})`)
      }
    }
    if (names) {
      for (const el of document.querySelectorAll<HTMLElement>(names)) {
        const range = document.createRange()
        range.selectNodeContents(el)
        const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)))
        if (tops.size > 2) say(el, `a name on ${tops.size} lines`)
        if (tops.size === 0) say(el, 'a name not shown')
      }
    }
    return out
  }, check)
}

/** The texts of the elements matching `selector`, trimmed. */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()))
}

/** After a resize: resolves once the page has the new size and has drawn two frames with it (no fixed sleep). */
export async function afterLayout(page: Page): Promise<void> {
  const size = page.viewportSize()
  if (size) await page.waitForFunction((s) => window.innerWidth === s.width && window.innerHeight === s.height, size)
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))
}
