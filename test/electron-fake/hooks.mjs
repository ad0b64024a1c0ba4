/** Module resolve hook registered by register.mjs: `electron` → the fake (a CommonJS module). */
let fakeUrl

export function initialize(data) {
  fakeUrl = data.fakeUrl
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier.startsWith('electron/')) {
    return { url: fakeUrl, format: 'commonjs', shortCircuit: true }
  }
  return nextResolve(specifier, context)
}
