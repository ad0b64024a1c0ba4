// Preloaded (NODE_OPTIONS=--require) into the Electronegativity process by scripts/electronegativity.mjs.
// Only patches the scanner itself, not npm/npx.
//
// 1. In-order report writes. Electronegativity 1.10.3 writes its CSV report as two concurrent
//    fs.writeFile calls (header with flag 'w', rows with flag 'a'); when the header lands second it
//    overwrites the first finding. A synchronous fs.writeFile keeps them in order.
// 2. Offline. It fetches translations and Electron's release list with `got` and retries with
//    back-off when offline (~15 s here). The scan must not depend on the network, so `got` fails at once.
'use strict'
if (/electronegativity/i.test(process.argv[1] ?? '')) {
  const fs = require('node:fs')
  const Module = require('node:module')

  fs.writeFile = function writeFileInOrder(file, data, options, callback) {
    const done = typeof options === 'function' ? options : callback
    try {
      fs.writeFileSync(file, data, typeof options === 'function' ? undefined : options)
      if (done) process.nextTick(done, null)
    } catch (error) {
      if (done) process.nextTick(done, error)
      else throw error
    }
  }

  const offlineGot = async () => {
    throw new Error('network disabled for the Nightfall scan')
  }
  const load = Module._load
  Module._load = function loadOffline(request, ...rest) {
    if (request === 'got') return Object.assign(offlineGot, { default: offlineGot })
    return load.call(this, request, ...rest)
  }
}
