import type { ParseArgsConfig } from 'node:util'
import type { Language } from '../shared/languages'
import { translate } from '../shared/messages'

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
  /** `--lang`: every word the command prints is in this language (English by default). */
  lang: Language
}

export type Params = Record<string, string | number>

/** One of the CLI's own words (`cli.<key>`) in `lang`. */
export const cliText = (lang: Language, key: string, params: Params = {}, count?: number): string => translate(lang, `cli.${key}`, params, count)

export interface CliCommand {
  /** Its one line in the command list is `cli.summary.<name>` in the locale files. */
  name: string
  /** The full help text (usage line first) in `lang`, printed by `help NAME` and `NAME --help`. */
  help(lang: Language): string
  /** parseArgs options; `--help`/`-h` is added for every command. */
  options: NonNullable<ParseArgsConfig['options']>
  /** How many positional arguments the command takes. */
  positionals: { min: number; max: number; name?: string }
  run(args: CommandArgs, io: Io): ExitCode | Promise<ExitCode>
}

/**
 * A mistake in what the user gave us, as a line id (`cli.usage.<key>`) with its parameters, and a
 * hint (`cli.hint.<hint>`). Caught by main.ts: printed in the `--lang` language, no stack, exit 2.
 * `message` is the English text (logs, tests).
 */
export class UsageError extends Error {
  constructor(
    readonly key: string,
    readonly params: Params = {},
    readonly hint?: string,
  ) {
    super(cliText('en', `usage.${key}`, params))
    this.name = 'UsageError'
  }
  text(lang: Language): string {
    return cliText(lang, `usage.${this.key}`, this.params)
  }
  hintText(lang: Language): string | undefined {
    return this.hint === undefined ? undefined : cliText(lang, `hint.${this.hint}`, this.params)
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
  if (!/^-?\d+$/.test(x.trim()) || !Number.isSafeInteger(n)) throw new UsageError('wholeNumber', { option: `--${key}`, value: x })
  if (n < min || n > max) throw new UsageError('between', { option: `--${key}`, min, max, value: n })
  return n
}
