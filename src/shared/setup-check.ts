import english from './locales/en/setup.json'
import { fillTemplate, flattenMessages } from './script-en'
import type { RoleNames, Line } from './views'

/**
 * What the setup check says (a problem that stops a game, or advice), as a line id under `check.` in
 * the setup area with its parameters — the windows show it in their language — and the same in
 * English from the English locale file (the CLI, the host's refusal messages). A `role` parameter is
 * a role id; a `ruleset` parameter is the ruleset's name as the host has it.
 */
export interface CheckLine extends Line {
  message: string
}

const CHECK_EN: Record<string, string> = flattenMessages(english.check)

export function checkLine(id: string, params: Record<string, string | number> = {}, roleNames?: RoleNames): CheckLine {
  const words = { ...params }
  if (roleNames && typeof params.role === 'string' && params.role in roleNames) words.role = roleNames[params.role as keyof RoleNames].toLowerCase()
  return { key: id, params, message: fillTemplate(CHECK_EN[id] ?? id, words) }
}
