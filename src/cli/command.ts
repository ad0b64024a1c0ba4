import type { ParseArgsConfig } from 'node:util'

/**
 * What every CLI command is: a name, its help, its options (node:util parseArgs config) and a run
 * function. Register a command in ./commands/index.ts; index.ts/main.ts do the parsing, --help and
 * the error handling, so a command only turns parsed arguments into output and an exit code.
 */

/** Exit codes. Documented in `help`; tests rely on them. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The game itself refused something: an illegal command in a replayed file. */
  refused: 1,
  /** The input is wrong: bad arguments, an unreadable or malformed file, a setup that cannot be played. */
  usage: 2,
  /** A bug in Nightfall (an exception nobody expected). */
  internal: 70,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** Where a command writes. The real CLI writes to stdout/stderr; tests may collect the lines. */
export interface Io {
  out(text: string): void
  err(text: string): void
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>

export interface CommandArgs {
  values: OptionValues
  positionals: string[]
}

export interface CliCommand {
  /** Its one line in the command list is `cli.summary.<name>` in the locale files. */
  name: string
  /** The full help text (usage line first), printed by `help NAME` and `NAME --help`. */
  help: string
  /** parseArgs options; `--help`/`-h` is added for every command. */
  options: NonNullable<ParseArgsConfig['options']>
  /** How many positional arguments the command takes. */
  positionals: { min: number; max: number; name?: string }
  run(args: CommandArgs, io: Io): ExitCode | Promise<ExitCode>
}

/** A mistake in what the user gave us. Caught by main.ts: the message is printed, no stack, exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message)
    this.name = 'UsageError'
  }
}

export const flag = (v: OptionValues, key: string): boolean => v[key] === true

export function str(v: OptionValues, key: string): string | undefined {
  const x = v[key]
  return typeof x === 'string' ? x : undefined
}

/** A whole number option within [min, max], or undefined when not given. */
export function int(v: OptionValues, key: string, min: number, max: number): number | undefined {
  const x = str(v, key)
  if (x === undefined) return undefined
  const n = Number(x.trim())
  if (!/^-?\d+$/.test(x.trim()) || !Number.isSafeInteger(n)) throw new UsageError(`--${key} must be a whole number; got "${x}".`)
  if (n < min || n > max) throw new UsageError(`--${key} must be between ${min} and ${max}; got ${n}.`)
  return n
}
