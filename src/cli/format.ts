import type { RoleId } from '../shared/roles'
import { SOURCE_LANGUAGE } from '../shared/glossary'
import { roleName } from '../shared/role-names'
import type { Ruleset } from '../shared/ruleset'
import type { Language } from '../shared/languages'

/** Plain-text output helpers shared by the commands. No colours: the output is read in terminals and logs alike. */

/** A left-aligned table with a header row and a rule under it. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[], indent = ''): string {
  const widths = headers.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))))
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((c, i) => (i === cells.length - 1 ? c : pad(c, widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

/** Display width: one column per code point ("Maffiózó"), two for a wide East Asian character ("マフィア", "（"). */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u
const width = (s: string): number => [...s.normalize('NFC')].reduce((w, c) => w + (WIDE.test(c) ? 2 : 1), 0)
const pad = (s: string, w: number): string => s + ' '.repeat(Math.max(0, w - width(s)))

/** "Constable (Konstapel)": the role's name in `lang` and the source text's word, or just the name when both agree. */
export function roleLabel(role: RoleId, r: Ruleset, lang: Language = 'en'): string {
  const name = roleName(r, role, lang)
  const nat = roleName(r, role, SOURCE_LANGUAGE[r.base])
  return nat !== name ? `${name} (${nat})` : name
}

/** Pretty JSON with a trailing newline. */
export const json = (value: unknown): string => JSON.stringify(value, null, 2)
