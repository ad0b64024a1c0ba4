#!/usr/bin/env node
/**
 * `npm run dist` (after `electron-vite build`): electron-builder, for this OS's installer, with its
 * failures said in one paragraph instead of a stack trace. Its output passes through as it comes,
 * without stack-trace lines; all of it is kept in a log file (named in the paragraph). When it fails,
 * the paragraph names the cause — the network first (the first build downloads Electron's
 * distribution and packaging tools: it needs internet or ELECTRON_MIRROR) — and says that installers
 * are built per OS. Arguments are passed on (`npm run dist -- --dir`).
 *
 * NIGHTFALL_DIST_BUILDER, a path to a script run with Node instead of electron-builder's CLI, is for
 * the script's own test (test/dist-script.test.ts).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|socket hang up|fetch failed|getaddrinfo|dial tcp|HTTPError|status code [45]\d\d|certificate|self.signed|UNABLE_TO_VERIFY/i
const INSTALLER = { linux: 'an AppImage', win32: 'an NSIS installer (.exe)', darwin: 'a .dmg' }
const OS_NAME = { linux: 'Linux', win32: 'Windows', darwin: 'macOS' }

/** electron-builder's error line ("  ⨯ getaddrinfo ENOTFOUND github.com  failedTask=build stackTrace=…"): its message. */
function errorOf(output) {
  const line = output.split('\n').find((l) => /^\s*⨯ /.test(l)) ?? output.split('\n').find((l) => /Error\b/.test(l) && !/^\s+at /.test(l))
  if (!line) return null
  return line
    .replace(/^\s*⨯\s*/, '')
    .replace(/\s+(failedTask|stackTrace)=.*$/, '')
    .trim()
    .slice(0, 300)
}

/** The paragraph for a failed build: the cause first, then what is needed. */
export function explain(output, log, platform = process.platform) {
  const error = errorOf(output) ?? 'no error message; see the log'
  const perOs =
    `Installers are built per OS: on ${OS_NAME[platform] ?? platform} this makes ${INSTALLER[platform] ?? "this OS's installer"}; ` +
    'build the Windows installer on Windows, the macOS one on a Mac and the Linux one on Linux.'
  const fullLog = ` The whole output is in ${log}.`
  if (NETWORK.test(output))
    return (
      `The installer was not built: electron-builder could not download what it needs, and the network is the cause (${error}). ` +
      "The first build on a computer downloads Electron's distribution for this OS (and, for the AppImage, deb and NSIS installers, electron-builder's packaging tools), " +
      "so it needs internet access, or ELECTRON_MIRROR set to a mirror of Electron's releases (ELECTRON_BUILDER_BINARIES_MIRROR for the tools); " +
      `later builds use the download cache. ${perOs} The app itself is built in out/, and \`npm run start:web\` runs it without Electron.${fullLog}`
    )
  return `The installer was not built: electron-builder stopped (${error}). ${perOs}${fullLog}`
}

/** Prints one paragraph, wrapped for a terminal. */
function say(paragraph) {
  const lines = ['']
  for (const word of paragraph.split(/\s+/)) {
    const line = lines[lines.length - 1]
    if (line && line.length + word.length + 1 > 100) lines.push(word)
    else lines[lines.length - 1] = line ? `${line} ${word}` : word
  }
  process.stderr.write(`\n${lines.join('\n')}\n\n`)
}

const builder = process.env.NIGHTFALL_DIST_BUILDER ?? join(dirname(require.resolve('electron-builder/package.json')), 'cli.js')
const child = spawn(process.execPath, [builder, ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'pipe'] })
let output = ''
let partial = { stdout: '', stderr: '' }
const pass = (name, stream) => (chunk) => {
  const text = partial[name] + chunk.toString()
  output += chunk.toString()
  const lines = text.split('\n')
  partial[name] = lines.pop() ?? ''
  for (const line of lines) if (!/^\s+at /.test(line)) stream.write(`${line.replace(/\s+stackTrace=.*$/, '')}\n`)
}
child.stdout.on('data', pass('stdout', process.stdout))
child.stderr.on('data', pass('stderr', process.stderr))
process.on('SIGINT', () => {})
process.on('SIGTERM', () => child.kill('SIGTERM'))
child.on('error', (e) => {
  say(`The installer was not built: electron-builder could not be started (${e.message}). Run \`npm install\`, then \`npm run dist\` again.`)
  process.exit(1)
})
child.on('close', (code, signal) => {
  for (const [name, rest] of Object.entries(partial))
    if (rest && !/^\s+at /.test(rest)) (name === 'stdout' ? process.stdout : process.stderr).write(`${rest}\n`)
  if (code === 0) process.exit(0)
  if (signal) process.exit(1)
  const log = join(mkdtempSync(join(tmpdir(), 'nightfall-dist-')), 'electron-builder.log')
  writeFileSync(log, output)
  say(explain(output, log))
  process.exit(code ?? 1)
})
