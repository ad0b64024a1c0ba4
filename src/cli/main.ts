import { parseArgs } from 'node:util'
import { EXIT, UsageError, type CliCommand, type ExitCode, type Io, type OptionValues } from './command'
import { COMMANDS } from './commands'

/** Parse the arguments, find the command, run it, turn every failure into a message and an exit code. */

const PROGRAM = 'nightfall'

export function generalHelp(): string {
  const names = Object.values(COMMANDS)
  const w = Math.max(...names.map((c) => c.name.length), 4)
  return `Nightfall — host the party game Mafia. Headless tools for the rules engine.

Usage: ${PROGRAM} <command> [options]      (from the repository: npm run cli -- <command> [options])

Commands:
${names.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`).join('\n')}
  ${'help'.padEnd(w)}  Show this list, or "help <command>" for one command

Every command takes --help. Exit codes: 0 done; 1 a replayed command was refused;
2 bad arguments, an unreadable or invalid file, or a setup that cannot be played.`
}

export async function runCli(argv: readonly string[], io: Io): Promise<ExitCode> {
  const [first, ...rest] = argv
  if (first === undefined) {
    io.err(generalHelp())
    return EXIT.usage
  }
  if (first === 'help' || first === '--help' || first === '-h') {
    const topic = first === 'help' ? rest[0] : undefined
    if (topic === undefined) {
      io.out(generalHelp())
      return EXIT.ok
    }
    const cmd = lookup(topic)
    if (!cmd) return unknownCommand(topic, io)
    io.out(cmd.help)
    return EXIT.ok
  }
  const cmd = lookup(first)
  if (!cmd) return unknownCommand(first, io)
  try {
    return await runCommand(cmd, rest, io)
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}`)
      io.err(e.hint ?? `Try: ${PROGRAM} ${cmd.name} --help`)
      return EXIT.usage
    }
    const err = e instanceof Error ? e : new Error(String(e))
    io.err(`internal error in "${cmd.name}": ${err.message}`)
    io.err(process.env.NIGHTFALL_DEBUG ? (err.stack ?? '') : 'This is a bug in Nightfall. Set NIGHTFALL_DEBUG=1 to see the stack trace.')
    return EXIT.internal
  }
}

const lookup = (name: string): CliCommand | undefined => (Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined)

function unknownCommand(name: string, io: Io): ExitCode {
  io.err(`error: unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}, help.`)
  return EXIT.usage
}

async function runCommand(cmd: CliCommand, args: string[], io: Io): Promise<ExitCode> {
  let values: OptionValues
  let positionals: string[]
  try {
    const parsed = parseArgs({
      args,
      options: { ...cmd.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
    values = parsed.values as OptionValues
    positionals = parsed.positionals
  } catch (e) {
    // parseArgs' own messages are clear ("Unknown option '--x'", "Option '--preset <value>' argument missing").
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, '.'))
  }
  if (values.help === true) {
    io.out(cmd.help)
    return EXIT.ok
  }
  const { min, max, name = 'ARG' } = cmd.positionals
  if (positionals.length < min) throw new UsageError(`${cmd.name} needs ${name}.`)
  if (positionals.length > max)
    throw new UsageError(
      max === 0
        ? `${cmd.name} takes no arguments besides options; got "${positionals[0]}".`
        : `${cmd.name} takes at most ${max} ${name}; got ${positionals.length}.`,
    )
  return cmd.run({ values, positionals }, io)
}
