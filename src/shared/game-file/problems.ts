import type { z } from 'zod'

/**
 * What is wrong with a game file, each with the path of the value it is about ("commands.3.acuser",
 * "deal.counts", "(root)" for the file itself), so a person can find it in the file.
 */
export interface FileProblem {
  path: string
  message: string
}

/** How a file was refused: `bad-file` (not JSON, not a game file, a wrong or unknown field), `bad-setup` (a well-formed game that cannot start), `newer-version`. */
export type GameFileErrorCode = 'bad-file' | 'bad-setup' | 'newer-version'

export interface GameFileError {
  code: GameFileErrorCode
  /** The problems in one line (the first few). */
  message: string
  /** Every problem (at most MAX_PROBLEMS), each with its path. */
  problems: FileProblem[]
}

export const ROOT_PATH = '(root)'
/** A refusal lists at most this many problems; the reader stops looking once it has found them (a hostile file costs no more than a slip). */
export const MAX_PROBLEMS = 10

export type Path = readonly (string | number)[]

/** "commands.3.acuser"; a key that would read ambiguously (a dot, empty, spaces at an end) is quoted: `deal["A. Nagy"]`. */
export const pathText = (path: Path): string =>
  path.length
    ? path.map((p, i) => (typeof p === 'string' && !/^[^.[\]"\s](?:[^.[\]"]*[^.[\]"\s])?$/.test(p) ? `[${JSON.stringify(p)}]` : `${i ? '.' : ''}${p}`)).join('')
    : ROOT_PATH

export const problem = (path: Path, message: string): FileProblem => ({ path: pathText(path), message })

/** Thrown by a problem list that is full: the walk that found them stops there. */
const ENOUGH = Symbol('enough problems')

/**
 * A list of problems that ends the search once it holds MAX_PROBLEMS: `add` throws (a private
 * token) and `collect` catches it, so a file with thousands of mistakes is read no further than its
 * first few. The list holds the problems in the order found.
 */
export class ProblemList {
  readonly items: FileProblem[] = []
  readonly add = (p: FileProblem): void => {
    this.items.push(p)
    if (this.items.length >= MAX_PROBLEMS) throw ENOUGH
  }
  /** Run a search that reports to `add`; false when it was stopped because the list is full. */
  collect(search: () => void): boolean {
    try {
      search()
      return true
    } catch (e) {
      if (e === ENOUGH) return false
      throw e
    }
  }
  get full(): boolean {
    return this.items.length >= MAX_PROBLEMS
  }
}

/** Zod's issues as problems, in words a person writing a file can act on. */
export function zodProblems(issues: readonly z.core.$ZodIssue[], prefix: Path = []): FileProblem[] {
  return issues.map((i) => problem([...prefix, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], issueText(i)))
}

function issueText(i: z.core.$ZodIssue): string {
  if (i.code === 'invalid_type' && / received undefined$/.test(i.message)) return `missing (expected ${i.expected})`
  return i.message.replace(/^Invalid input: /, '')
}

/** Whether the value at `outer` contains the value at `inner` (or is it). */
const within = (inner: string, outer: string): boolean => inner === outer || outer === ROOT_PATH || inner.startsWith(outer + '.')

/**
 * The problems to show, in the order found. `secondary` ones (the schema's, found after the
 * specific checks) are left out when they are about a value that contains, sits inside or is a
 * value already reported: one mistake is reported once, at its most telling path.
 */
export function dedupe(primary: readonly FileProblem[], secondary: readonly FileProblem[] = []): FileProblem[] {
  const kept: FileProblem[] = []
  for (const p of primary) if (!kept.some((k) => k.path === p.path && k.message === p.message)) kept.push(p)
  for (const p of secondary) if (!kept.some((k) => within(p.path, k.path) || within(k.path, p.path))) kept.push(p)
  return kept.slice(0, MAX_PROBLEMS)
}

/** The error for a list of problems; the message names the first three. */
export function fileError(code: GameFileErrorCode, problems: readonly FileProblem[], secondary: readonly FileProblem[] = []): GameFileError {
  const list = dedupe(problems, secondary)
  const shown = list.slice(0, 3).map((p) => `${p.path}: ${p.message}`)
  const more = list.length > 3 ? ` (and ${list.length - 3} more)` : ''
  return { code, message: shown.join('; ') + more, problems: list }
}
