import type { CliCommand } from '../command'
import { cards } from './cards'
import { deal } from './deal'
import { presets } from './presets'
import { replay } from './replay'
import { simulate } from './simulate'

/**
 * The command registry: one line per command, in the order `help` lists them.
 * To add a command, write src/cli/commands/NAME.ts exporting a CliCommand (see ../command.ts)
 * and add one line here.
 */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  presets,
  deal,
  replay,
  simulate,
  cards,
}
