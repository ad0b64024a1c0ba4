import type { Ruleset } from '../shared/ruleset'
import { rulesText, type RulesText } from '../shared/rules-text'
import { rulesSheet } from '../engine'

/** How a ruleset plays, in the room's language (English when none is known): the projector's rules page and the printed one. */
export function rulesFor(r: Ruleset, lang: string | null): RulesText {
  return rulesText(rulesSheet(r), r, lang ?? 'en')
}

/** How many pages the rules have (the same in every language). */
export const rulesPages = (r: Ruleset): number => rulesSheet(r).length
