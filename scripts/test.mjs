#!/usr/bin/env node
/**
 * `npm test [-- VITEST ARGS…]`: every check, in order, stopping at the first that fails:
 *   typecheck · lint · format · scan · vitest (both projects; VITEST ARGS, e.g. a file, narrow it).
 * A whole run builds the app (out/, for the `app` project) alongside the checks. At the end (pass or
 * fail) it prints each phase's duration, each vitest project's, and the ten slowest test files.
 *
 * vitest runs on a private LAN (scripts/lan-sandbox) wherever one can be made (root, unshare, ip:
 * the project's machines and CI): the room's tests then see the laptop at 10.77.0.2 and their phones
 * on a second host, and no test can reach this machine's own interface addresses or the outside.
 * Where no private LAN can be made (a laptop without root), vitest runs as it is and says why; the
 * LAN tests then fall back as their files say.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SANDBOX = join(ROOT, 'scripts', 'lan-sandbox')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const vitestArgs = process.argv.slice(2)

const run = (cmd, args, env = {}) =>
  new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on('error', (e) => {
      console.error(e.message)
      done(1)
    })
  })

/** The command that runs vitest: inside the private LAN when it can be made. */
function vitestCommand() {
  const vitest = [
    join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=./test/support/timing-reporter.ts',
    ...vitestArgs,
  ]
  if (process.env['NF_LAN_SANDBOX']) return { cmd: process.execPath, args: vitest, note: `already on a private LAN (laptop ${process.env['NF_LAN_SANDBOX']})` }
  if (process.platform === 'linux') {
    const check = spawnSync(SANDBOX, ['--check'], { encoding: 'utf8' })
    if (check.status === 0)
      return { cmd: SANDBOX, args: [process.execPath, ...vitest], note: 'on a private LAN (scripts/lan-sandbox: laptop 10.77.0.2, a phone host 10.77.0.3)' }
    return {
      cmd: process.execPath,
      args: vitest,
      note: `not on a private LAN (${check.stdout.trim() || 'scripts/lan-sandbox --check failed'}): the LAN tests fall back or skip, saying why`,
    }
  }
  return { cmd: process.execPath, args: vitest, note: `not on a private LAN (network namespaces are Linux's): the LAN tests fall back or skip, saying why` }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const phases = []
const started = Date.now()
const dir = mkdtempSync(join(tmpdir(), 'nightfall-test-'))
const timings = join(dir, 'timings.json')

async function phase(name, cmd, args, env) {
  console.log(`\n== ${name}`)
  const t0 = Date.now()
  const code = await run(cmd, args, env)
  phases.push({ name, ms: Date.now() - t0, code })
  return code
}

function summary() {
  console.log('\n== npm test: durations')
  for (const p of phases)
    console.log(`  ${p.name.padEnd(10)} ${seconds(p.ms).padStart(8)}${p.note ? `  (${p.note})` : ''}${p.code === 0 ? '' : `  (failed, exit ${p.code})`}`)
  console.log(`  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(8)}`)
  if (!existsSync(timings)) return
  const files = JSON.parse(readFileSync(timings, 'utf8'))
  const projects = new Map()
  for (const f of files) {
    const p = projects.get(f.project) ?? { files: 0, first: Infinity, last: 0, busy: 0 }
    p.files++
    p.first = Math.min(p.first, f.startedAt)
    p.last = Math.max(p.last, f.endedAt)
    p.busy += f.ms
    projects.set(f.project, p)
  }
  console.log('  vitest projects (wall time from the first file’s start to the last one’s end; files run side by side):')
  for (const [name, p] of projects)
    console.log(`    ${name.padEnd(8)} ${seconds(p.last - p.first).padStart(8)} wall, ${String(p.files).padStart(3)} files, ${seconds(p.busy)} in files`)
  console.log('  the ten slowest test files:')
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`    ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(5)} ${f.file}${f.state === 'passed' || f.state === 'skipped' ? '' : `  (${f.state})`}`)
}

// The whole run builds the app (the `app` project's tests need out/) alongside the static checks,
// which use one core: the build then costs no wall time of its own. A narrowed run (`npm test --
// FILE`) leaves it to the `app` project's global setup, which builds only when an app test is chosen.
const early = vitestArgs.length === 0 && process.env['NIGHTFALL_SKIP_BUILD'] !== '1' ? startBuild() : undefined

function startBuild() {
  const t0 = Date.now()
  const cli = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
  const child = spawn(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  return new Promise((done) => {
    child.on('exit', (code) => done({ code: code ?? 1, ms: Date.now() - t0, output }))
    child.on('error', (e) => done({ code: 1, ms: Date.now() - t0, output: e.message }))
  })
}

let code = 0
for (const [name, script] of [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['format', 'format:check'],
  ['scan', 'scan'],
]) {
  code = await phase(name, npm, ['run', '--silent', script])
  if (code !== 0) break
}
let built = {}
if (early) {
  const b = await early
  phases.push({ name: 'build', ms: b.ms, code: b.code, note: 'alongside the checks above' })
  if (b.code === 0) built = { NIGHTFALL_SKIP_BUILD: '1' }
  else if (code === 0) console.log(`\n== the app's build failed (the app project's set-up builds again and reports it):\n${b.output}`)
}
if (code === 0) {
  const v = vitestCommand()
  console.log(`\n== vitest runs ${v.note}`)
  code = await phase('vitest', v.cmd, v.args, { NIGHTFALL_TIMINGS: timings, ...built })
}
summary()
rmSync(dir, { recursive: true, force: true })
process.exit(code)
