import { GAME_FILE_FORMAT, GAME_FILE_VERSION, gameFileSchema } from '../game-file'
import { fileError, problem, type GameFileError } from './problems'
import { isRecord, short, withoutUnknownKeys } from './strict'

/**
 * Versions. A file of an older version is lifted to the current one, one version at a time, by
 * the migrations below; a newer one is refused (never guessed at). Migrations are never removed:
 * every file ever written stays readable. Keep a file of each old version as a test fixture
 * (test/fixtures/game-file-v1/).
 */

type Migration = (file: Record<string, unknown>, notices: string[]) => Record<string, unknown>

const MIGRATIONS: Record<number, Migration> = {
  /**
   * Version 1 documented unknown keys as ignored, so a version 1 file keeps that meaning: they are
   * dropped, each with a notice (a typo shows up instead of silently changing the game). Version 1's
   * full form is version 2's; when a later version changes the full form, freeze this schema here.
   */
  1: (file, notices) => {
    const kept = withoutUnknownKeys(gameFileSchema, file, [], (p) =>
      notices.push(`${p.path}: ${p.message} — ignored, as version 1 files ignored unknown keys.`),
    ) as Record<string, unknown>
    return { ...kept, version: 2 }
  },
}

export type VersionCheck = { ok: true; file: Record<string, unknown>; version: number } | { ok: false; error: GameFileError }

/** Is this a game file, and of a version this build reads? */
export function checkVersion(input: unknown): VersionCheck {
  const bad = (path: string[], message: string): VersionCheck => ({ ok: false, error: fileError('bad-file', [problem(path, message)]) })
  if (!isRecord(input)) return bad([], `not a game file: expected a JSON object with "format": "${GAME_FILE_FORMAT}"`)
  const { format, version } = input
  if (format !== GAME_FILE_FORMAT)
    return bad(
      ['format'],
      format === undefined ? `missing; a game file has "format": "${GAME_FILE_FORMAT}"` : `must be "${GAME_FILE_FORMAT}"; got ${describe(format)}`,
    )
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
    return bad(
      ['version'],
      version === undefined
        ? `missing; this Nightfall writes "version": ${GAME_FILE_VERSION}`
        : `must be a whole number from 1 to ${GAME_FILE_VERSION}; got ${describe(version)}`,
    )
  if (version > GAME_FILE_VERSION)
    return {
      ok: false,
      error: fileError('newer-version', [
        problem(['version'], `this is a version ${version} game file, written by a newer Nightfall; this one reads versions 1 to ${GAME_FILE_VERSION}`),
      ]),
    }
  return { ok: true, file: input, version }
}

/** Lift a file of `version` to the current version; notices say what the migrations changed. */
export function migrate(file: Record<string, unknown>, version: number, notices: string[]): Record<string, unknown> {
  let f = file
  for (let v = version; v < GAME_FILE_VERSION; v++) {
    const step = MIGRATIONS[v]
    if (!step) throw new Error(`No migration from game file version ${v}`)
    f = step(f, notices)
  }
  return f
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `"${short(v)}"`
  const text = JSON.stringify(v)
  return text === undefined ? String(v) : short(text)
}
