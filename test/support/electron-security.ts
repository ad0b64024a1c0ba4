import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import type { Started, FakeWindowSnapshot } from '../electron-fake/run'

/** webPreferences every Nightfall window must have, whatever the app team adds. */
export const REQUIRED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
} as const

/** webPreferences that must never be switched on (or, for webSecurity, off). */
const FORBIDDEN_WEB_PREFERENCES: Record<string, unknown> = {
  webSecurity: false,
  allowRunningInsecureContent: true,
  nodeIntegrationInWorker: true,
  nodeIntegrationInSubFrames: true,
  webviewTag: true,
  experimentalFeatures: true,
  enableBlinkFeatures: undefined,
}

/** Everything wrong with one window's options and load, as human-readable lines. */
export function windowProblems(window: FakeWindowSnapshot): string[] {
  const problems: string[] = []
  const prefs = window.options.webPreferences ?? {}
  for (const [key, value] of Object.entries(REQUIRED_WEB_PREFERENCES)) {
    if (prefs[key] !== value) problems.push(`window ${window.id}: webPreferences.${key} is ${String(prefs[key])}, must be ${String(value)}`)
  }
  for (const [key, bad] of Object.entries(FORBIDDEN_WEB_PREFERENCES)) {
    if (key in prefs && (bad === undefined || prefs[key] === bad)) problems.push(`window ${window.id}: webPreferences.${key} must not be ${String(prefs[key])}`)
  }
  const preload = prefs.preload
  if (typeof preload !== 'string' || !preload.endsWith('.cjs')) {
    problems.push(`window ${window.id}: preload ${String(preload)} must be a CommonJS .cjs file (an ES-module preload forces sandbox off)`)
  } else if (!existsSync(preload)) {
    problems.push(`window ${window.id}: preload ${preload} does not exist`)
  }
  for (const load of window.loads) {
    if (load.kind !== 'file') problems.push(`window ${window.id}: loads ${load.url ?? '?'}; built pages must be loaded with loadFile`)
  }
  return problems
}

/** Everything the probes found wrong: navigation, window.open, webviews, permissions. */
export function probeProblems(report: Pick<Started, 'probes'>): string[] {
  const problems: string[] = []
  for (const probe of report.probes) {
    const where = `window ${probe.id}`
    if (!probe.navigation.prevented) problems.push(`${where}: navigation to another site is allowed`)
    if (!probe.redirect.prevented) problems.push(`${where}: redirects are allowed`)
    if (probe.windowOpen.action !== 'deny')
      problems.push(`${where}: window.open is ${probe.windowOpen.handler ? 'allowed' : 'not handled (Electron allows it)'}`)
    if (!probe.webview.prevented) problems.push(`${where}: <webview> attachment is allowed`)
    for (const [kind, answers] of Object.entries(probe.permissions)) {
      for (const [permission, answer] of Object.entries(answers)) {
        if (answer !== false) problems.push(`${where}: permission ${kind} for ${permission} answers ${String(answer)}, must be false`)
      }
    }
  }
  return problems
}

/** All security problems of a run: windows at startup plus probes. */
export function securityProblems(report: Pick<Started, 'startup' | 'probes'>): string[] {
  return [...report.startup.windows.flatMap(windowProblems), ...probeProblems(report)]
}

/** `referee` for …/preload/referee.cjs or …/renderer/referee/index.html. */
export function roleOfPreload(window: FakeWindowSnapshot): string {
  return basename(window.options.webPreferences?.preload ?? '', '.cjs')
}
