import { checkLine, type CheckLine } from '../../shared/setup-check'

/**
 * Player names as typed: normalised before they are kept or played with (Unicode NFC; zero-width,
 * bidi and control characters removed; runs of white space made one space; trimmed), and compared
 * for look-alikes (compatibility forms, case, and Cyrillic or Greek letters that look Latin), so
 * "Anna" and "Аnna" (a Cyrillic А) cannot sit at one table, where the room could not tell them apart.
 */

// Zero-width and invisible formatting (incl. soft hyphen, bidi controls, BOM) and control characters.
const INVISIBLE = /\u034F|\u17B4|\u17B5|[\p{Cc}\p{Cf}\u115F\u1160\u180E\u3164\uFFA0]/gu

export function normalizeName(name: string): string {
  return name.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim()
}

/** Cyrillic and Greek letters drawn like Latin ones (lower case). */
const CONFUSABLE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'ë', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'ï', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c',
}

/** What a name looks like: names with the same key are look-alikes. */
export function lookAlikeKey(name: string): string {
  const lower = normalizeName(name).normalize('NFKC').toLowerCase()
  let out = ''
  for (const ch of lower) out += CONFUSABLE[ch] ?? ch
  return out.normalize('NFC')
}

/** Pairs of seats whose names look alike, as setup-check lines (`check.problem.lookAlike`; empty when there are none). */
export function lookAlikeProblems(names: readonly string[]): CheckLine[] {
  const first = new Map<string, number>()
  const problems: CheckLine[] = []
  names.forEach((n, i) => {
    const key = lookAlikeKey(n)
    const j = first.get(key)
    if (j === undefined) first.set(key, i)
    else if (names[j]!.trim().toLowerCase() !== n.trim().toLowerCase()) // same name twice: setupProblems says so
      problems.push(checkLine('problem.lookAlike', { name: n, seat: i + 1, other: names[j]!, otherSeat: j + 1 }))
  })
  return problems
}
