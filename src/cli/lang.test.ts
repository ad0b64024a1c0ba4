import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { lookup, messageTree, translate } from '../shared/messages'
import { flattenMessages } from '../shared/script-en'
import { CATALOG } from '../shared/locales/catalog'
import type { Language } from '../shared/languages'
import type { Io } from './command'
import { runCli } from './main'
import { COMMANDS } from './commands'
import { LANGUAGE_IDS } from '../shared/languages'
import { PRESET_IDS } from '../shared/ruleset'
import { ROLE_IDS } from '../shared/roles'
import { commandSchema } from '../shared/commands'

/**
 * Every command under `--lang`: its output in Hungarian and Japanese holds no English word of that
 * command's words (the English locale sections it prints from), and a usage error in Estonian is
 * Estonian. Run in-process through runCli (no child processes), so it costs little.
 *
 * The English words are derived from the en locale files, never typed here. A word every other
 * language's translation of the same sections uses too (Nightfall, JSON, PDF, tsx) is a name or a
 * code, not English, and is allowed.
 */
const ROOT = resolve(import.meta.dirname, '..', '..')
const example = (name: string) => join(ROOT, 'examples', name)
const tmp = mkdtempSync(join(tmpdir(), 'nightfall-cli-lang-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const io: Io = { out: (t) => void out.push(t), err: (t) => void err.push(t) }
  const code = await runCli(argv, io)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** The messages under these key prefixes (`cli.deal`, `check`, …) in `lang`, from the locale files. */
const flat = new Map<string, Record<string, string>>()
function section(lang: Language, prefixes: readonly string[]): string[] {
  let all = flat.get(lang)
  if (!all) flat.set(lang, (all = Object.assign({}, ...Object.values(CATALOG[lang] ?? {}).map((tree) => flattenMessages(tree))) as Record<string, string>))
  return Object.entries(all)
    .filter(([k]) => prefixes.some((p) => k === p || k.startsWith(`${p}.`)))
    .map(([, v]) => v)
}

/** Codes, not words: the commands, presets, roles, languages, a game file's command types. */
const CODES = new Set([...Object.keys(COMMANDS), 'help', ...PRESET_IDS, ...ROLE_IDS, ...LANGUAGE_IDS, ...commandSchema.options.map((o) => o.shape.type.value)])
const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase()
/** The words of some texts: letters only, three or more; placeholders, options (--shuffle), paths and JSON (a command as the file has it) left out. */
const wordsOf = (texts: readonly string[]): Set<string> =>
  new Set(
    texts
      .flatMap((t) => t.replace(/\{\w+\}|--[\w-]+|\S*\/\S*|\{".*\}|\w+(-\w+)+/g, ' ').match(/\p{L}{3,}/gu) ?? [])
      .map(fold)
      .filter((w) => !CODES.has(w)),
  )

/**
 * English words of these sections in `lang`'s output, less the names and codes (the words every
 * other language's translation of them uses too: Nightfall, JSON, tsx) and the words that are also
 * `lang`'s own (Hungarian "most", found in its other areas). An English copy in the sections is neither.
 */
function englishWords(lang: Language, prefixes: readonly string[]): string[] {
  const kept = LANGUAGE_IDS.filter((l) => l !== 'en').map((l) => wordsOf(section(l, prefixes)))
  const checked = new Set(section(lang, prefixes))
  const own = wordsOf(section(lang, Object.keys(messageTree(lang))).filter((t) => !checked.has(t)))
  return [...wordsOf(section('en', prefixes))].filter((w) => !kept.every((k) => k.has(w)) && !own.has(w))
}

const leaked = (text: string, words: readonly string[]): string[] => {
  const found = wordsOf([text])
  return words.filter((w) => found.has(w))
}

/** Each command, a run of it, and the locale sections its words come from. */
const RUNS: { name: string; argv: (out: string) => string[]; sections: string[] }[] = [
  { name: 'help', argv: () => ['help'], sections: ['cli.help', 'cli.summary'] },
  { name: 'presets', argv: () => ['presets'], sections: ['cli.presets', 'options'] },
  { name: 'deal (one table)', argv: () => ['deal', '--preset', 'swedish', '--players', '25'], sections: ['cli.deal', 'check'] },
  { name: 'deal (a range)', argv: () => ['deal', '--preset', 'estonian', '--players', '3-8'], sections: ['cli.deal', 'check', 'cli.error'] },
  {
    name: 'deal (a shuffle, written)',
    argv: (out) => ['deal', '--preset', 'maffiasig', '--players', '9', '--shuffle', '--out', out],
    sections: ['cli.deal', 'check'],
  },
  {
    name: 'simulate',
    argv: () => ['simulate', '--preset', 'swedish', '--players', '9', '--games', '250', '--workers', '1'],
    sections: ['cli.simulate'],
  },
  { name: 'replay', argv: () => ['replay', example('swedish-9.json')], sections: ['cli.replay'] },
  { name: 'replay (a refused command)', argv: () => ['replay', example('illegal-command.json'), '--view', 'projector'], sections: ['cli.replay', 'cli.error'] },
  {
    name: 'cards (counts that cannot be)',
    argv: (out) => ['cards', '--preset', 'estonian', '--players', '8', '--deal', '0,1,1', '--out', out],
    sections: ['cli.usage', 'cli.error', 'cli.try'],
  },
  { name: 'a bad option', argv: () => ['simulate', '--preset', 'swedish', '--players', 'nine'], sections: ['cli.usage', 'cli.error', 'cli.try'] },
  { name: 'an unknown option', argv: () => ['presets', '--colour'], sections: ['cli.usage', 'cli.error', 'cli.try'] },
]

describe('every command speaks the --lang language', () => {
  for (const lang of ['hu', 'ja'] as const)
    for (const r of RUNS)
      test(`${r.name} in ${lang}`, async () => {
        const res = await run([...r.argv(join(tmp, `${lang}-${r.name.replace(/\W+/g, '-')}.json`)), '--lang', lang])
        const text = `${res.out}\n${res.err}`
        expect(text.trim(), 'it printed something').not.toBe('')
        expect(text).not.toMatch(/\[cli\./) // no missing key
        const english = englishWords(lang, r.sections)
        expect(english.length, 'there are English words to look for').toBeGreaterThan(0)
        expect(leaked(text, english), text).toEqual([])
      })
})

test('a usage error under --lang et is Estonian, and its English is the en file’s', async () => {
  const [et, en] = await Promise.all([
    run(['deal', '--preset', 'swedish', '--players', '9x', '--lang', 'et']),
    run(['deal', '--preset', 'swedish', '--players', '9x']),
  ])
  expect(et.code).toBe(2)
  const message = translate('et', 'cli.usage.wholeNumber', { option: '--players', value: '9x' })
  expect(message).not.toBe(lookup('en', 'cli.usage.wholeNumber'))
  expect(et.err).toBe([translate('et', 'cli.error', { message }), translate('et', 'cli.try', { command: 'nightfall deal' })].join('\n'))
  expect(leaked(et.err, englishWords('et', ['cli.usage', 'cli.error', 'cli.try']))).toEqual([])
  expect(en.err).toContain('error: --players must be a whole number; got "9x".')
})

test('--lang before the command is read too: `--lang hu help`, `--lang=ja deal …`', async () => {
  const [before, after, eq, alone] = await Promise.all([
    run(['--lang', 'hu', 'help']),
    run(['help', '--lang', 'hu']),
    run(['--lang=ja', 'deal', '--preset', 'swedish', '--players', '9x']),
    run(['--lang', 'sv']),
  ])
  expect(before.code).toBe(0)
  expect(before.out).toBe(after.out)
  expect(before.out).toContain(translate('hu', 'cli.help.commands'))
  expect(eq.code).toBe(2)
  expect(eq.err).toContain(translate('ja', 'cli.usage.wholeNumber', { option: '--players', value: '9x' }))
  expect(alone.err).toContain(translate('sv', 'cli.help.commands'))
})

test('deal --roles names an unknown player, a card dealt twice and an unknown role in the --lang language', async () => {
  const deal = (roles: string, lang: string) =>
    run(['deal', '--preset', 'maffiasig', '--names', 'Anna,Bence,Csilla,Dóra,Emese,Ferenc,Gábor', '--roles', roles, '--lang', lang])
  const [zoli, like, twice, role] = await Promise.all([
    deal('Zoli=mafia', 'hu'),
    deal('Bnece=mafia', 'et'),
    deal('Anna=mafia,anna=citizen', 'sv'),
    deal('Anna=godfather', 'ja'),
  ])
  expect(zoli.code).toBe(2)
  expect(zoli.err).toContain(translate('hu', 'cli.usage.unknownPlayer', { name: 'Zoli' }))
  expect(zoli.err).not.toMatch(/unknown player/)
  expect(like.err).toContain(translate('et', 'cli.usage.unknownPlayerLike', { name: 'Bnece', like: 'Bence' }))
  expect(twice.err).toContain(translate('sv', 'cli.usage.dealtTwice', { name: 'Anna' }))
  expect(role.err).toContain(translate('ja', 'cli.usage.unknownRole', { name: 'Anna', value: 'godfather', roles: ROLE_IDS.join(', ') }))
})

test('the investigator’s answer in the story and the replay is the ruleset’s: a Swedish game says ond / god, MaffiaSIG maffiózó', async () => {
  const [sv, en, hu] = await Promise.all([
    run(['replay', example('swedish-9.json'), '--story', '--lang', 'sv']),
    run(['replay', example('swedish-9.json'), '--story']),
    run(['replay', example('maffiasig-12.json'), '--story', '--lang', 'hu']),
  ])
  expect(sv.out).toContain(`Elin: ${translate('sv', 'story.checkEvil')}.`)
  expect(sv.out).not.toMatch(/synade \w+: (inte )?maffia/)
  expect(en.out).toMatch(/checked Elin: evil\./)
  expect(hu.out).toContain(`Károly — ${translate('hu', 'story.checkMafia')}.`)
})
