import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages'
import { translate } from './messages'
import { ROLE_IDS, type RoleId } from './roles'
import { roleNamesIn, rulesetName, runningText, teamName, type Team } from './role-names'
import type { Ruleset } from './ruleset'

/**
 * "How we play tonight": a ruleset's rules for the room (the projector between games, the printed
 * rules page). The engine chooses the lines from the ruleset's options (src/engine/views/rules.ts,
 * `rulesSheet`); this file fills them in a language from the locale files' `rules` area. A line may
 * have a label (a role, a team, or a word such as "Draw") shown before it in bold; its text names
 * roles through `{mafia}`, `{investigator}`, `{doctor}`, `{citizen}` as the ruleset calls them in
 * that language.
 */
export type { Team }

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

/** The ruleset's role and team names in `lang`, from its own names (role-names.ts): a preset's from the glossary, a club's as it typed them. */
export function rulesetWords(r: Ruleset, lang: Language): { roles: Record<RoleId, string>; teams: Record<Team, string> } {
  return { roles: roleNamesIn(r, lang), teams: { town: teamName(r, 'town', lang), mafia: teamName(r, 'mafia', lang) } }
}

/** A ruleset's name in `lang`: a preset's from the glossary, a club's own as given. */
export function rulesetTitle(r: Ruleset, lang: Language): string {
  return rulesetName(r.name, lang)
}

export function rulesText(sheet: readonly RulesPageLines[], r: Ruleset, language: string): RulesText {
  const lang: Language = isLanguage(language) ? language : FALLBACK_LANGUAGE
  const words = rulesetWords(r, lang)
  const names = Object.fromEntries(ROLE_IDS.map((role) => [role, runningText(words.roles[role], lang)]))
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
