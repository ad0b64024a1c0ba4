import { gameFileSchema, type GameFile } from '../game-file'
import { checkVersion, migrate } from './migrate'
import { fileError, ProblemList, zodProblems, type GameFileError } from './problems'
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
  // The walks stop at the first few problems (ProblemList), so a file full of mistakes costs no more than one with a few.
  const problems = new ProblemList()
  let expanded: Record<string, unknown> = current
  const complete = problems.collect(() => {
    expanded = expandShortForms(current, presets, problems.add)
    withoutUnknownKeys(gameFileSchema, expanded, [], problems.add)
  })
  if (!complete) return { ok: false, error: fileError('bad-file', problems.items) }
  const parsed = gameFileSchema.safeParse(expanded)
  if (problems.items.length || !parsed.success)
    return { ok: false, error: fileError('bad-file', problems.items, parsed.success ? [] : zodProblems(parsed.error.issues.slice(0, 100))) }
  return { ok: true, file: parsed.data, notices }
}
