/** The browser tests find and launch Chromium exactly as the CLI's `cards` command does. */
import { browserTestsSkipped } from '../../../src/cli/print/chromium'
export { CHROMIUM_ARGS, browserTestsSkipped, findChromium, launchChromium } from '../../../src/cli/print/chromium'

/** Why the browser tests are off, or null (for skipReason, test/support/skip.ts). */
export const browserTestsOff: string | null = browserTestsSkipped ? 'NIGHTFALL_SKIP_BROWSER_TESTS=1: the browser tests are off' : null
