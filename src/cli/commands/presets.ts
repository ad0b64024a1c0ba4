import { LANGUAGE_IDS, type Language } from '../../shared/languages'
import { lookup, translate } from '../../shared/messages'
import { namedText, roleName, rulesetName } from '../../shared/role-names'
import { ROLE_IDS } from '../../shared/roles'
import type { Ruleset, RulesetOptions } from '../../shared/ruleset'
import { cliText, EXIT, flag, type CliCommand } from '../command'
import { json, table } from '../format'
import { num, LANGUAGE_CODES } from '../i18n'
import { allPresets, presetById } from '../presets-data'

/** `presets [ID] [--json]`: every preset (or one) with all its options and role names, in `--lang`'s words. */
export const presets: CliCommand = {
  name: 'presets',
  help: () => MANUAL,
  options: { json: { type: 'boolean' } },
  positionals: { min: 0, max: 1, name: 'PRESET' },
  run({ values, positionals, lang }, io) {
    const list = positionals[0] === undefined ? allPresets() : [presetById(positionals[0])]
    if (flag(values, 'json')) {
      io.out(json({ presets: list }))
      return EXIT.ok
    }
    io.out(presetsTable(list, lang))
    return EXIT.ok
  },
}

const SECONDS: ReadonlySet<keyof RulesetOptions> = new Set(['dayTimeLimit', 'dayWarning', 'defenceTimeLimit'])
/** An option's label and values may name roles ({mafia}, {doctor}): these parameters let the ruleset name them. */
const ROLE_PARAMS = Object.fromEntries(ROLE_IDS.map((r) => [r, r]))

/** An option's value as the rules editor words it in `lang`. */
function optionText(key: keyof RulesetOptions, value: unknown, r: Ruleset, lang: Language): string {
  const say = (k: string, params?: Record<string, string | number>) => cliText(lang, `presets.${k}`, params)
  if (value === null) return say('none')
  if (Array.isArray(value)) return value.map((v) => ((ROLE_IDS as readonly unknown[]).includes(v) ? roleName(r, v as never, lang) : String(v))).join(' → ')
  if (typeof value === 'number' && SECONDS.has(key))
    return value >= 60 && value % 60 === 0 ? say('minutes', { n: num(lang, value / 60) }) : say('seconds', { n: num(lang, value) })
  if (typeof value === 'boolean') return say(value ? 'yes' : 'no')
  if (typeof value === 'string' && lookup('en', `options.${key}.values.${value}`) !== undefined)
    return namedText((p) => translate(lang, `options.${key}.values.${value}`, p), ROLE_PARAMS, r, lang)
  return typeof value === 'number' ? num(lang, value) : String(value)
}

export function presetsTable(list: readonly Ruleset[], lang: Language = 'en'): string {
  const first = list[0]
  const head = ['', ...list.map((r) => rulesetName(r.name, lang))]
  const rows: string[][] = [[cliText(lang, 'presets.id'), ...list.map((r) => r.id)]]
  for (const role of ROLE_IDS)
    for (const l of LANGUAGE_IDS) rows.push([cliText(lang, 'presets.roleRow', { role, lang: l }), ...list.map((r) => r.names[l].roleNames[role])])
  const keys = Object.keys(first?.options ?? {}) as (keyof RulesetOptions)[]
  for (const key of keys) {
    const label =
      first && lookup('en', `options.${key}.label`) !== undefined ? namedText((p) => translate(lang, `options.${key}.label`, p), ROLE_PARAMS, first, lang) : key
    rows.push([label, ...list.map((r) => optionText(key, r.options[key], r, lang))])
  }
  return table(head, rows)
}

/** The full help, in English (a translation of the manuals is still to come: docs/i18n.md). */
const MANUAL = `Usage: nightfall presets [PRESET] [--json]

Shows every preset (or only PRESET: maffiasig, estonian, swedish) with all of
its ruleset options and the display names of its roles, in English and in the
language of the source text.

Options:
  --json       Print {"presets": [ruleset, ...]} exactly as the engine holds them
  --lang LANG  ${cliText('en', 'lang', { codes: LANGUAGE_CODES })}
  -h, --help   Show this help`
