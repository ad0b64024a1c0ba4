import { gameFileSchema, type GameFile } from '../game-file'
import { checkVersion, migrate } from './migrate'
import { fileError, zodProblems, type FileProblem, type GameFileError } from './problems'
import { expandShortForms, type Presets } from './short-form'
import { withoutUnknownKeys } from './strict'

export type NormalizeResult = { ok: true; file: GameFile; notices: string[] } | { ok: false; error: GameFileError }

/**
 * Any game file this build reads — an older version, the short form, the full form — as the full
 * form of the current version, the only form Nightfall writes. Pure: the presets the short form
 * refers to are passed in (the engine's PRESETS). Never throws; a refusal lists every problem with
 * its path. Whether the game can start is not checked here (the engine's parseGameFile does).
 */
export function normalizeGameFile(input: unknown, presets: Presets): NormalizeResult {
  const v = checkVersion(input)
  if (!v.ok) return v
  const notices: string[] = []
  const current = migrate(v.file, v.version, notices)
  const problems: FileProblem[] = []
  const found = (p: FileProblem) => void problems.push(p)
  const expanded = expandShortForms(current, presets, found)
  withoutUnknownKeys(gameFileSchema, expanded, [], found)
  const parsed = gameFileSchema.safeParse(expanded)
  if (problems.length || !parsed.success) return { ok: false, error: fileError('bad-file', problems, parsed.success ? [] : zodProblems(parsed.error.issues)) }
  return { ok: true, file: parsed.data, notices }
}
