#!/usr/bin/env node
/**
 * `npm run scan`: Electron security scan of src/ with Doyensec Electronegativity.
 *
 * Fails (exit 1) on any HIGH or MEDIUM finding that is not justified by a comment in the flagged
 * file (anywhere under src/ for app-wide "global" findings, which have no file):
 *
 *     // electronegativity-justified: <RULE_ID> <reason>
 *
 * Also fails when the scanner cannot parse a source file (a file it cannot read is a file it did
 * not check), and on Electronegativity's own `eng-disable` comments unless they are justified the
 * same way. LOW and INFORMATIONAL findings are listed, not failed.
 *
 * The scanner runs isolated through npx (inside the app's node_modules it breaks on a `commander`
 * it does not declare). It always exits 0, so its CSV report is parsed. Two runs in parallel:
 * one writes the CSV, one prints to the console (only there does it report files it could not
 * parse). The scan is offline (scripts/electronegativity-shim.cjs), so AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK,
 * which needs Electron's release list from the network, is skipped: the result must not depend on
 * the day. Keep Electron on a supported, patched release separately (see README).
 *
 * Usage: node scripts/electronegativity.mjs [--input src] [--keep-report <dir>]
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, cpSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SCANNER = '@doyensec/electronegativity@1.10.3'
export const FAILING_SEVERITIES = new Set(['HIGH', 'MEDIUM'])
export const SKIPPED_CHECKS = ['AvailableSecurityFixesGlobalCheck']
export const CSV_HEADER = ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description', 'url']

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
const SCANNER_SHIM = fileURLToPath(new URL('./electronegativity-shim.cjs', import.meta.url))
const SCANNED_EXTENSIONS = /\.(js|jsx|ts|tsx|html|htm)$/i

/** RFC 4180-style CSV: quoted fields, "" escapes, newlines inside quotes. */
export function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}

/** Findings from Electronegativity's CSV report; throws if the report is not the expected shape. */
export function findingsFromCsv(text) {
  const [header, ...rows] = parseCsv(text)
  if (!header || header.map((cell) => cell.trim()).join(',') !== CSV_HEADER.join(',')) {
    throw new Error(`unexpected report header: ${JSON.stringify(header)}`)
  }
  return rows.map((cells, index) => {
    if (cells.length !== CSV_HEADER.length) {
      throw new Error(`report row ${index + 2} has ${cells.length} fields, expected ${CSV_HEADER.length}`)
    }
    const [id, severity, confidence, file, location, sample, description, url] = cells.map((cell) => cell.trim())
    return { id, severity, confidence, file: file.split('\\').join('/'), location, sample, description, url }
  })
}

/** `// electronegativity-justified: RULE_ID reason` comments in a text: RULE_ID → reasons. */
export function justificationsIn(text) {
  const found = new Map()
  for (const match of text.matchAll(/electronegativity-justified:\s*([A-Z0-9_]+)[ \t]+([^\n]*?)\s*(?:\*\/|-->)?\s*$/gm)) {
    const [, rule, reason] = match
    if (!reason || reason.trim().length < 3) continue
    found.set(rule, [...(found.get(rule) ?? []), reason.trim()])
  }
  return found
}

/** Checks hidden with Electronegativity's own `eng-disable` comments. */
export function engDisablesIn(text) {
  const found = []
  for (const match of text.matchAll(/eng-disable\s+([A-Z0-9_ ,]+)/g)) {
    for (const rule of match[1].split(/[\s,]+/).filter(Boolean)) found.push(rule)
  }
  return found
}

/** "Error parsing <file> - <message>" lines of a console run. */
export function parseErrorsIn(consoleOutput) {
  // eslint-disable-next-line no-control-regex
  const plain = consoleOutput.replace(/\u001b\[[0-9;]*m/g, '')
  return plain
    .split('\n')
    .filter((line) => line.startsWith('Error parsing '))
    .map((line) => line.trim())
}

/**
 * Sort findings into failing / justified / informational.
 * `files` maps a path relative to the scanned directory to that file's text.
 */
export function evaluate(findings, files) {
  const failing = []
  const justified = []
  const informational = []
  const justificationsByFile = new Map([...files].map(([file, text]) => [file, justificationsIn(text)]))
  for (const finding of findings) {
    if (!FAILING_SEVERITIES.has(finding.severity.toUpperCase())) {
      informational.push(finding)
      continue
    }
    const candidates = finding.file === 'N/A' ? [...justificationsByFile] : [[finding.file, justificationsByFile.get(finding.file)]]
    const match = candidates.find(([, justifications]) => justifications?.has(finding.id))
    if (match) justified.push({ ...finding, justifiedIn: match[0], reason: match[1].get(finding.id)[0] })
    else failing.push(finding)
  }
  const unjustifiedDisables = []
  for (const [file, text] of files) {
    const justifications = justificationsByFile.get(file)
    for (const rule of engDisablesIn(text)) {
      if (!justifications.has(rule)) unjustifiedDisables.push({ file, rule })
    }
  }
  return { failing, justified, informational, unjustifiedDisables }
}

function sourceFiles(dir) {
  const files = new Map()
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry)
    if (entry.split(/[\\/]/).includes('node_modules') || !SCANNED_EXTENSIONS.test(entry)) continue
    files.set(entry.split('\\').join('/'), readFileSync(path, 'utf8'))
  }
  return files
}

function electronVersion() {
  const require = createRequire(import.meta.url)
  return JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version
}

function runScanner(args) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
  return new Promise((resolvePromise) => {
    const child = spawn(npx, ['-y', '-p', SCANNER, 'electronegativity', ...args], {
      cwd: REPO_ROOT,
      shell: process.platform === 'win32',
      env: {
        ...process.env,
        // In-order CSV writes and no network: see electronegativity-shim.cjs.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${SCANNER_SHIM}"`.trim(),
        LANG: 'en-US',
      },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolvePromise({ code: 1, output: `${output}\n${error.message}` }))
    child.on('close', (code) => resolvePromise({ code: code ?? 1, output }))
  })
}

function show(finding) {
  const where = finding.file === 'N/A' ? '(app-wide)' : `${finding.file}:${finding.location.split(':')[0]}`
  return `${finding.severity.padEnd(13)} ${finding.id.padEnd(40)} ${where}`
}

async function main() {
  const argv = process.argv.slice(2)
  const option = (name, fallback) => {
    const index = argv.indexOf(name)
    return index >= 0 && argv[index + 1] ? argv[index + 1] : fallback
  }
  const input = resolve(REPO_ROOT, option('--input', 'src'))
  const keep = option('--keep-report', undefined)
  const work = mkdtempSync(join(tmpdir(), 'nightfall-scan-'))
  const report = join(work, 'report.csv')
  const version = electronVersion()
  const common = ['-i', input, '-e', version, '-r', '-x', SKIPPED_CHECKS.join(',')]

  console.log(`Electronegativity ${SCANNER.split('@').pop()} on ${relative(REPO_ROOT, input) || '.'} (Electron ${version})…`)
  const started = Date.now()
  const [csvRun, consoleRun] = await Promise.all([runScanner([...common, '-o', report]), runScanner([...common, '-v', 'false'])])
  try {
    if (csvRun.code !== 0 || !existsSync(report)) {
      console.error(csvRun.output)
      throw new Error(
        `the scanner did not run (exit ${csvRun.code}). It is installed on demand with \`npx -y -p ${SCANNER}\`: ` + 'check access to the npm registry.',
      )
    }
    const findings = findingsFromCsv(readFileSync(report, 'utf8'))
    const { failing, justified, informational, unjustifiedDisables } = evaluate(findings, sourceFiles(input))
    const parseErrors = consoleRun.code === 0 ? parseErrorsIn(consoleRun.output) : ['console run failed:\n' + consoleRun.output]
    if (keep) {
      mkdirSync(keep, { recursive: true })
      cpSync(report, join(keep, 'electronegativity.csv'))
    }

    console.log(`${findings.length} finding(s) in ${((Date.now() - started) / 1000).toFixed(1)}s`)
    for (const finding of informational) console.log(`  ok      ${show(finding)}`)
    for (const finding of justified) console.log(`  just.   ${show(finding)}  — ${finding.reason} (${finding.justifiedIn})`)
    for (const finding of failing) console.log(`  FAIL    ${show(finding)}\n          ${finding.description} ${finding.url}`)
    for (const { file, rule } of unjustifiedDisables) console.log(`  FAIL    eng-disable ${rule} in ${file} without an electronegativity-justified comment`)
    for (const error of parseErrors) console.log(`  FAIL    ${error}`)

    const problems = failing.length + unjustifiedDisables.length + parseErrors.length
    if (problems > 0) {
      console.log(
        `\nscan failed: ${problems} problem(s). Fix them, or justify a finding in the flagged file with\n` +
          '  // electronegativity-justified: <RULE_ID> <why this is safe here>',
      )
      process.exitCode = 1
    } else {
      console.log(`scan passed: no unjustified HIGH or MEDIUM findings (${justified.length} justified).`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`scan failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
