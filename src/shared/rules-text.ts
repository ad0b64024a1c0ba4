import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages'
import { translate } from './messages'
import { ROLE_IDS, type RoleId } from './roles'
import type { Ruleset } from './ruleset'

/**
 * "How we play tonight": a ruleset's rules for the room (the projector between games, the printed
 * rules page). The engine chooses the lines from the ruleset's options (src/main/engine/views/rules.ts,
 * `rulesSheet`); this file fills them in a language from the locale files' `rules` area. A line may
 * have a label (a role, a team, or a word such as "Draw") shown before it in bold; its text names
 * roles through `{mafia}`, `{investigator}`, `{doctor}`, `{citizen}` as the ruleset calls them in
 * that language.
 */
export type Team = 'town' | 'mafia'

export interface RulesLine {
  key: string
  params: Record<string, string | number>
  label?: { role: RoleId } | { team: Team } | { key: string }
}

export interface RulesPageLines {
  heading: string
  lines: RulesLine[]
}

/** The rules in one language: a title and pages, each a heading and its lines. */
export interface RulesText {
  lang: Language
  title: string
  pages: { heading: string; lines: { label: string | null; text: string }[] }[]
}

/**
 * The ruleset's role and team names in `lang`: THE one place the rules text names them. A preset's
 * own English name is shown as that language's club text calls it; a name the club typed itself is
 * shown as typed.
 */
export function rulesetWords(r: Ruleset, lang: Language): { roles: Record<RoleId, string>; teams: Record<Team, string> } {
  const roles = Object.fromEntries(
    ROLE_IDS.map((role) => {
      const given = r.roleNames[role]
      const base = PRESET_BASES.find((b) => translate('en', `roles.${b}.${role}`) === given)
      return [role, base ? translate(lang, `roles.${base}.${role}`) : given]
    }),
  ) as Record<RoleId, string>
  return { roles, teams: { town: translate(lang, 'teams.town'), mafia: translate(lang, 'teams.mafia') } }
}
const PRESET_BASES = ['maffiasig', 'estonian', 'swedish'] as const

/** A ruleset's name in `lang`: a preset's from the locale files, a club's own as given. */
export function rulesetTitle(r: Ruleset, lang: Language): string {
  const base = PRESET_BASES.find((b) => translate('en', `presets.${b}.name`) === r.name)
  return base ? translate(lang, `presets.${base}.name`) : r.name
}

/** A label inside running text: lower case where the language writes common nouns so (hu, et, sv), unless it looks like an acronym. */
function inText(label: string, lang: Language): string {
  if (lang !== 'hu' && lang !== 'et' && lang !== 'sv') return label
  const [first = '', second = ''] = [...label]
  return second && second === second.toLocaleLowerCase(lang) ? first.toLocaleLowerCase(lang) + label.slice(first.length) : label
}

export function rulesText(sheet: readonly RulesPageLines[], r: Ruleset, language: string): RulesText {
  const lang: Language = isLanguage(language) ? language : FALLBACK_LANGUAGE
  const words = rulesetWords(r, lang)
  const names = Object.fromEntries(ROLE_IDS.map((role) => [role, inText(words.roles[role], lang)]))
  const fillLine = (l: RulesLine): string => {
    const { timeKey, n, ...rest } = l.params
    const params: Record<string, string | number> = { ...names, ...rest }
    if (typeof timeKey === 'string') params.time = translate(lang, timeKey, {}, Number(n))
    return translate(lang, l.key, params)
  }
  const label = (l: RulesLine): string | null => {
    if (!l.label) return null
    if ('role' in l.label) return words.roles[l.label.role]
    if ('team' in l.label) return words.teams[l.label.team]
    return translate(lang, l.label.key)
  }
  return {
    lang,
    title: translate(lang, 'rules.title', { ruleset: rulesetTitle(r, lang) }),
    pages: sheet.map((p) => ({ heading: translate(lang, p.heading), lines: p.lines.map((l) => ({ label: label(l), text: fillLine(l) })) })),
  }
}
