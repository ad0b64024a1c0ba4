import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright'
import type { CardsPayload } from '../../shared/cards'
import { launchChromium } from './chromium'
import { cardsPagePath, DEFAULT_RENDERER_DIR } from './paths'

/**
 * Rendering the built cards page (out/renderer/cards/index.html) to PDF in Chromium, outside the
 * app: the CLI's `cards` command, the PDF tests and the benchmark. The payload is handed to the
 * page as `window.cards` (the CardsApi) by an init script, the way the Electron preload hands it
 * over: the page runs under its own CSP, loads no remote file, and needs no server.
 */

export { cardsPagePath, DEFAULT_RENDERER_DIR } from './paths'

/** Chromium with the flag a module script loaded from file:// needs. */
export const launchForCards = (): Promise<Browser> => launchChromium(['--allow-file-access-from-files'])

export class CardsRenderError extends Error {
  override name = 'CardsRenderError'
}

/** Open the cards page on `payload` and wait until it says it is rendered (fonts loaded). */
export async function openCardsPage(browser: Browser, payload: CardsPayload, rendererDir = DEFAULT_RENDERER_DIR): Promise<Page> {
  const file = cardsPagePath(rendererDir)
  if (!existsSync(file)) throw new CardsRenderError(`The cards page is not built (${file} is missing): run \`npm run build\` first.`)
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  // A string, not a function: a transpiler's helpers (tsx adds __name) would not exist in the page.
  await page.addInitScript({
    content: `Object.defineProperty(window, 'cards', { value: Object.freeze({ payload: () => Promise.resolve(${JSON.stringify(payload)}) }) })`,
  })
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' })
  const state = await page
    .waitForFunction(() => document.body.dataset['cards'], null, { timeout: 20_000 })
    .then((h) => h.jsonValue())
    .catch(() => 'timeout')
  if (state !== 'ready') {
    const shown = await page
      .locator('.error')
      .textContent()
      .catch(() => null)
    await page.close()
    throw new CardsRenderError(`The cards page did not render (${state}): ${shown ?? problems.join('; ') ?? 'no message'}`)
  }
  return page
}

/** The PDF of an open, rendered cards page: paper size from its CSS @page rules, colours kept. */
export const pagePdf = (page: Page): Promise<Buffer> => page.pdf({ preferCSSPageSize: true, printBackground: true })

/** Render one payload to PDF bytes in an already launched browser. */
export async function renderCardsPdf(browser: Browser, payload: CardsPayload, rendererDir = DEFAULT_RENDERER_DIR): Promise<Buffer> {
  const page = await openCardsPage(browser, payload, rendererDir)
  try {
    return await pagePdf(page)
  } finally {
    await page.close()
  }
}
