import { LANGUAGE_IDS } from '../../shared/languages'
import { ROLE_IDS } from '../../shared/roles'
import type { Ruleset, RulesetOptions } from '../../shared/ruleset'
import { EXIT, flag, type CliCommand } from '../command'
import { json, table } from '../format'
import { allPresets, presetById } from '../presets-data'

/** `presets [ID] [--json]`: every preset (or one) with all its options and role names. */
export const presets: CliCommand = {
  name: 'presets',
  help: `Usage: nightfall presets [PRESET] [--json]

Shows every preset (or only PRESET: maffiasig, estonian, swedish) with all of
its ruleset options and the display names of its roles, in English and in the
language of the source text.

Options:
  --json      Print {"presets": [ruleset, ...]} exactly as the engine holds them
  -h, --help  Show this help`,
  options: { json: { type: 'boolean' } },
  positionals: { min: 0, max: 1, name: 'PRESET' },
  run({ values, positionals }, io) {
    const list = positionals[0] === undefined ? allPresets() : [presetById(positionals[0])]
    if (flag(values, 'json')) {
      io.out(json({ presets: list }))
      return EXIT.ok
    }
    io.out(presetsTable(list))
    return EXIT.ok
  },
}

const SECONDS: ReadonlySet<keyof RulesetOptions> = new Set(['dayTimeLimit', 'dayWarning', 'defenceTimeLimit'])

function optionText(key: keyof RulesetOptions, value: unknown): string {
  if (value === null) return 'none'
  if (Array.isArray(value)) return value.join(' → ')
  if (typeof value === 'number' && SECONDS.has(key)) return value >= 60 && value % 60 === 0 ? `${value / 60} min` : `${value} s`
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return String(value)
}

export function presetsTable(list: readonly Ruleset[]): string {
  const head = ['', ...list.map((r) => r.name)]
  const rows: string[][] = [['id', ...list.map((r) => r.id)]]
  for (const role of ROLE_IDS) for (const lang of LANGUAGE_IDS) rows.push([`role: ${role} (${lang})`, ...list.map((r) => r.names[lang].roleNames[role])])
  const keys = Object.keys(list[0]?.options ?? {}) as (keyof RulesetOptions)[]
  for (const key of keys) rows.push([key, ...list.map((r) => optionText(key, r.options[key]))])
  return table(head, rows)
}
