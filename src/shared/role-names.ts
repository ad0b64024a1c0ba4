import { PRESET_WORDS } from './glossary'
import { LANGUAGE_IDS, type Language } from './languages'
import { ROLE_IDS, type RoleId } from './roles'
import type { PresetId } from './preset-ids'
import type { RulesetNames } from './ruleset-names'

/**
 * The one way to name a role, a team or a ruleset in a language: from the ruleset's own names
 * (`Ruleset.names`, copied from the glossary for a preset, edited by a club) — never from an
 * English label. A view or story carries the same `names`, so every window, the CLI and the cards
 * name a role in the language they are shown in.
 */
export type Team = 'town' | 'mafia'
const PRESETS = Object.keys(PRESET_WORDS) as PresetId[]

/** A preset's names in every language, from the glossary (a fresh copy). */
export function presetNames(base: PresetId): RulesetNames {
  return Object.fromEntries(
    LANGUAGE_IDS.map((l) => {
      const w = PRESET_WORDS[base][l]
      return [
        l,
        { roleNames: Object.fromEntries(ROLE_IDS.map((r) => [r, w.roles[r].word])), teamNames: { town: w.teams.town.word, mafia: w.teams.mafia.word } },
      ]
    }),
  ) as RulesetNames
}

/** Anything that carries a ruleset's names: the ruleset, a view, a story, or the names themselves. */
type Named = { names: RulesetNames } | RulesetNames
const namesOf = (x: Named): RulesetNames => ('names' in x ? x.names : x)

/** The role's label in `lang` (cards, headings, lists, a vocative): "Felügyelő", "Konstapel", "検査官". */
export function roleName(x: Named, role: RoleId, lang: Language): string {
  return namesOf(x)[lang].roleNames[role]
}

/** Lower-case a label for running text where the language writes common nouns in lower case (hu, et, sv). */
export function runningText(label: string, lang: Language): string {
  if (lang !== 'hu' && lang !== 'et' && lang !== 'sv') return label
  const [first = '', second = ''] = [...label]
  return second && second === second.toLocaleLowerCase(lang) ? first.toLocaleLowerCase(lang) + label.slice(first.length) : label
}

/** The role inside a sentence: "egy maffiózó", "politseinik"; a club's own name keeps its capitals when it is an acronym. */
export function roleWord(x: Named, role: RoleId, lang: Language): string {
  return runningText(roleName(x, role, lang), lang)
}

/**
 * The role as the definite subject that opens a sentence ("Konstapeln vaknar", "A felügyelő
 * rákérdezett", "The Inspector checked"): a message uses it as `{theRole}` (`{theInvestigator}`,
 * `{theDoctor}`) where its language needs the definite form and `{role}` would not read. Swedish
 * takes the glossary's form (a club's own name stays as typed), Hungarian the article its first
 * sound asks for, English "The"; Estonian and Japanese have no article.
 */
export function roleThe(x: Named, role: RoleId, lang: Language): string {
  const label = roleName(x, role, lang)
  if (lang === 'en') return `The ${label}`
  if (lang === 'hu') return `${/^[aáeéiíoóöőuúüű]/i.test(label) ? 'Az' : 'A'} ${runningText(label, lang)}`
  for (const p of PRESETS) {
    const term = PRESET_WORDS[p][lang].roles[role]
    if (term.word === label && term.the) return term.the
  }
  return label
}

/** The parameters a message gets for a role: its label and its definite form, `{<name>}` and `{the<Name>}`. */
export function roleParams(x: Named, role: RoleId, lang: Language, name = 'role'): Record<string, string> {
  return { [name]: roleName(x, role, lang), [`the${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`]: roleThe(x, role, lang) }
}

export function teamName(x: Named, team: Team, lang: Language): string {
  return namesOf(x)[lang].teamNames[team]
}

/** All four role labels in `lang`, for components that take a role → name map. */
export function roleNamesIn(x: Named, lang: Language): Record<RoleId, string> {
  return { ...namesOf(x)[lang].roleNames }
}

/** A ruleset's name in `lang`: a preset's name from the glossary; a name the club gave it, as given. */
export function rulesetName(name: string, lang: Language): string {
  for (const p of PRESETS) if (PRESET_WORDS[p].en.ruleset.word === name) return PRESET_WORDS[p][lang].ruleset.word
  return name
}

/** The role behind a word a person typed: an id, or its name in any language of the ruleset ("Inspector", "felügyelő", "検査官"), case ignored. */
export function roleByWord(x: Named, word: string): RoleId | undefined {
  const fold = (s: string): string => s.normalize('NFC').trim().toLowerCase()
  const w = fold(word)
  const names = namesOf(x)
  for (const r of ROLE_IDS) if (w === r || LANGUAGE_IDS.some((l) => fold(names[l].roleNames[r]) === w)) return r
  return undefined
}

const ROLE_PARAMS = ['role', 'mafia', 'investigator', 'doctor', 'citizen'] as const
const isRoleId = (x: unknown): x is RoleId => typeof x === 'string' && (ROLE_IDS as readonly string[]).includes(x)

/**
 * A line's parameters with its roles and teams named in `lang`: a role parameter (`role`, `mafia`,
 * `doctor`, …) holding a role id gets the label and its definite form (`{theRole}`); a `team`
 * parameter holding 'town' or 'mafia' gets the team's name. Everything else stays as it is.
 */
export function nameParams(params: Readonly<Record<string, string | number>>, x: Named, lang: Language): Record<string, string | number> {
  let out: Record<string, string | number> = { ...params }
  for (const key of ROLE_PARAMS) {
    const v = params[key]
    if (isRoleId(v)) out = { ...out, ...roleParams(x, v, lang, key) }
  }
  if (params.team === 'town' || params.team === 'mafia') out.team = teamName(x, params.team, lang)
  return out
}

const OPEN = '\uE000'
const CLOSE = '\uE001'

/** A role word marked for `caseRoles` (a role's label or definite form put in a message by hand). */
export const markRole = (word: string): string => `${OPEN}${word}${CLOSE}`

/** roleParams, marked for `caseRoles`. */
export function markedRoleParams(x: Named, role: RoleId, lang: Language, name = 'role'): Record<string, string> {
  return Object.fromEntries(Object.entries(roleParams(x, role, lang, name)).map(([k, v]) => [k, markRole(v)]))
}

/**
 * nameParams, each role word marked, for `caseRoles` to write as its place in the sentence asks:
 * fill a message with these, then pass the text through `caseRoles`.
 */
export function markedNameParams(params: Readonly<Record<string, string | number>>, x: Named, lang: Language): Record<string, string | number> {
  const out = nameParams(params, x, lang)
  for (const key of ROLE_PARAMS) {
    if (!isRoleId(params[key])) continue
    const the = `the${key[0]!.toUpperCase()}${key.slice(1)}`
    for (const k of [key, the]) out[k] = markRole(String(out[k]))
  }
  return out
}

/** Where a word opens a sentence: the text's start (after a parenthesised stage note), or after . ! ? … */
const opensSentence = (before: string): boolean => /^\s*(\([^)]*\)\s*)?$/u.test(before) || /[.!?…]\s+$/u.test(before)

/**
 * A message filled with `markedNameParams`: a role word that opens a sentence stays a label
 * ("Felügyelő: …", "Konstapeln vaknar"), one inside a sentence is running text — lower case in
 * the languages that write common nouns so ("egy másik maffiózó", "ebben nincs orvos"), and
 * English's definite form with a small "the".
 */
export function caseRoles(text: string, lang: Language): string {
  let out = ''
  let i = 0
  for (const m of text.matchAll(/\uE000([^\uE000\uE001]*)\uE001/gu)) {
    out += text.slice(i, m.index)
    const word = m[1] ?? ''
    out += opensSentence(out) ? word : lang === 'en' && word.startsWith('The ') ? `the ${word.slice(4)}` : runningText(word, lang)
    i = m.index + m[0].length
  }
  return (out + text.slice(i)).replace(/[\uE000\uE001]/gu, '')
}

/** A message in `lang` with its role parameters named and cased: `fill` is the translator (t). */
export function namedText(
  fill: (params: Record<string, string | number>) => string,
  params: Readonly<Record<string, string | number>>,
  x: Named,
  lang: Language,
): string {
  return caseRoles(fill(markedNameParams(params, x, lang)), lang)
}
