import { FALLBACK_LANGUAGE, isLanguage, type Language } from './languages'
import { wordsIn } from './messages'
import type { RoleId } from './roles'
import { roleNamesIn, rulesetName, teamName, type Team } from './role-names'
import type { Ruleset } from './ruleset'
import { lineText, paramText, type Line } from './text/line'

/**
 * "How we play tonight": a ruleset's rules for the room (the projector between games, the printed
 * rules page). The engine chooses the lines from the ruleset's options (src/engine/views/rules.ts,
 * `rulesSheet`) as lines; this file puts them in a language with `lineText`, as every other line,
 * from the locale files' `rules` area. A line may have a label (a role, a team, or a line such as
 * "Draw") shown before it in bold; its text names roles through `{mafia}`, `{investigator}`,
 * `{doctor}`, `{citizen}` (role ids, named as the ruleset calls them in that language, in running
 * text's case), a time limit through `{time}` (a line: "2 minutes").
 */
export type { Team }

export interface RulesLine extends Line {
  label?: { readonly role: RoleId } | { readonly team: Team } | { readonly line: Line }
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
  const words = wordsIn(lang)
  const text = (l: Line): string => lineText(words, l, r.names)
  return {
    lang,
    title: text({ key: 'rules.title', params: { ruleset: { ruleset: r.name } } }),
    pages: sheet.map((p) => ({
      heading: text({ key: p.heading, params: {} }),
      lines: p.lines.map((l) => ({ label: l.label ? String(paramText(words, l.label, r.names)) : null, text: text(l) })),
    })),
  }
}
