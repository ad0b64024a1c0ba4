/** The browser tests find and launch Chromium exactly as the CLI's `cards` command does. */
export { CHROMIUM_ARGS, browserTestsSkipped, findChromium, launchChromium } from '../../../src/cli/print/chromium'
