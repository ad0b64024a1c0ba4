/**
 * Loaded with `node --require` in front of Electron's own installer (node_modules/electron/install.js)
 * by scripts/start-electron.mjs. The installer reports a failed download with `console.error(err.stack)`;
 * this hands the error's first line to the start script on file descriptor 3 instead, so the user sees
 * one clear paragraph rather than a stack trace. A network failure's first line is only "TypeError:
 * fetch failed", so the reason (e.g. "getaddrinfo ENOTFOUND …") and the address are added from the
 * failed fetch. Everything else (the download's progress bar on stderr) passes through unchanged.
 */
'use strict'
const { writeSync } = require('node:fs')

let failedFetch
const originalFetch = globalThis.fetch
if (typeof originalFetch === 'function') {
  globalThis.fetch = async (input, init) => {
    try {
      return await originalFetch(input, init)
    } catch (error) {
      const cause = error && error.cause
      failedFetch = { url: String(input instanceof Request ? input.url : input), reason: cause && cause.message ? cause.message : '' }
      throw error
    }
  }
}

const printError = console.error.bind(console)
console.error = (...args) => {
  const [first] = args
  if (args.length === 1 && typeof first === 'string' && /\n\s+at /.test(first)) {
    let message = first.split('\n')[0]
    if (/fetch failed$/.test(message) && failedFetch) {
      message += `: ${failedFetch.reason ? `${failedFetch.reason} ` : ''}(${failedFetch.url})`
    }
    try {
      writeSync(3, message)
      return
    } catch {
      // No start script listening on fd 3 (the installer was run some other way): print as usual.
    }
  }
  printError(...args)
}
