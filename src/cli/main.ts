import { parseArgs } from 'node:util'
import { EXIT, UsageError, type CliCommand, type ExitCode, type Io, type OptionValues } from './command'
import { COMMANDS } from './commands'
import { cliText, langOfArgv, LANGUAGE_CODES, parseLang } from './i18n'
import type { Language } from '../shared/languages'

/** Parse the arguments, find the command, run it, turn every failure into a message and an exit code. */

const PROGRAM = 'nightfall'

export function generalHelp(lang: Language = 'en'): string {
  const names = Object.values(COMMANDS)
  const w = Math.max(...names.map((c) => c.name.length), 4)
  const c = (key: string, params: Record<string, string | number> = {}) => cliText(lang, key, params)
  return `${c('help.intro')}

${c('help.usage', { program: PROGRAM })}

${c('help.commands')}
${names.map((cmd) => `  ${cmd.name.padEnd(w)}  ${c(`summary.${cmd.name}`)}`).join('\n')}
  ${'help'.padEnd(w)}  ${c('help.helpCommand')}

${c('help.footer', { codes: LANGUAGE_CODES })}`
}

/**
 * The line with any `--lang X` / `--lang=X` before the command moved after it, so
 * `nightfall --lang hu help` is `nightfall help --lang hu`: --lang is read wherever it stands.
 */
export function langAfterCommand(argv: readonly string[]): string[] {
  const lead: string[] = []
  let i = 0
  for (;;) {
    const a = argv[i]
    const take = a === '--lang' && i + 1 < argv.length ? 2 : a?.startsWith('--lang=') ? 1 : 0
    if (take === 0) break
    lead.push(...argv.slice(i, i + take))
    i += take
  }
  // Only --lang on the line: no command (the command list, in that language).
  return i === argv.length ? [] : [argv[i]!, ...argv.slice(i + 1), ...lead]
}

export async function runCli(line: readonly string[], io: Io): Promise<ExitCode> {
  const [first, ...rest] = langAfterCommand(line)
  // The framing (the command list, `error:`, `Try:`) in the language asked for, wherever --lang stands.
  const lang = langOfArgv(line)
  if (first === undefined) {
    io.err(generalHelp(lang))
    return EXIT.usage
  }
  if (first === 'help' || first === '--help' || first === '-h') {
    const topic = first === 'help' ? rest[0] : undefined
    if (topic === undefined || topic.startsWith('--')) {
      io.out(generalHelp(lang))
      return EXIT.ok
    }
    const cmd = lookup(topic)
    if (!cmd) return unknownCommand(topic, io, lang)
    io.out(cmd.help(lang))
    return EXIT.ok
  }
  const cmd = lookup(first)
  if (!cmd) return unknownCommand(first, io, lang)
  try {
    return await runCommand(cmd, rest, io)
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(cliText(lang, 'error', { message: e.text(lang) }))
      io.err(e.hintText(lang) ?? cliText(lang, 'try', { command: `${PROGRAM} ${cmd.name}` }))
      return EXIT.usage
    }
    const err = e instanceof Error ? e : new Error(String(e))
    io.err(cliText(lang, 'internal', { command: cmd.name, message: err.message }))
    io.err(process.env.NIGHTFALL_DEBUG ? (err.stack ?? '') : cliText(lang, 'bug'))
    return EXIT.internal
  }
}

const lookup = (name: string): CliCommand | undefined => (Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined)

function unknownCommand(name: string, io: Io, lang: Language): ExitCode {
  io.err(cliText(lang, 'error', { message: cliText(lang, 'unknownCommand', { name, commands: [...Object.keys(COMMANDS), 'help'].join(', ') }) }))
  return EXIT.usage
}

async function runCommand(cmd: CliCommand, args: string[], io: Io): Promise<ExitCode> {
  let values: OptionValues
  let positionals: string[]
  try {
    const parsed = parseArgs({
      args,
      options: { ...cmd.options, help: { type: 'boolean', short: 'h' }, lang: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    })
    values = parsed.values as OptionValues
    positionals = parsed.positionals
  } catch (e) {
    throw parseArgsError(e as NodeJS.ErrnoException)
  }
  const lang = parseLang(values.lang)
  if (values.help === true) {
    io.out(cmd.help(lang))
    return EXIT.ok
  }
  const { min, max, name = 'ARG' } = cmd.positionals
  if (positionals.length < min) throw new UsageError('needs', { command: cmd.name, arg: name })
  if (positionals.length > max)
    throw max === 0
      ? new UsageError('noArguments', { command: cmd.name, value: positionals[0] ?? '' })
      : new UsageError('atMost', { command: cmd.name, max, arg: name, n: positionals.length })
  return cmd.run({ values, positionals, lang }, io)
}

/** parseArgs' refusal as a line of ours: its code says which, the option is the first quoted word of its message. */
function parseArgsError(e: NodeJS.ErrnoException): UsageError {
  const option = /'(-[^' ]*)/.exec(e.message)?.[1] ?? /'([^']*)'/.exec(e.message)?.[1] ?? ''
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError('unknownOption', { option })
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new UsageError(/argument missing/.test(e.message) ? 'missingValue' : 'takesNoValue', { option })
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError('unexpectedArgument', { value: option })
  return new UsageError('badArguments', { option })
}
