/**
 * The one rule for player names (docs/host.md → "Names"). Every place that keeps, seats, compares or
 * counts a name uses it: the roster, setup, pasted lists, imported game files, the engine's check of
 * a new table and the standings.
 *
 * - `normalizeName`: the name as it is kept and shown. Unicode NFC; white space (and the Braille
 *   blank) made one space, trimmed; invisible characters removed — controls, format characters
 *   (zero-width, bidi overrides such as U+202E, the BOM), variation selectors (U+FE00–FE0F,
 *   U+E0100–E01EF, Mongolian U+180B–180F), tags (U+E0000–E007F) and every other default-ignorable
 *   code point.
 * - `identityOf`: the same player across games. Case, width, accents on Latin, Greek and Cyrillic
 *   letters, and what normalizeName removes do not count: "Ádám", " adam " and "ＡＤＡＭ" are one
 *   player. Marks in other scripts count (Japanese が is not か).
 * - One length limit, NAME_MAX, counted after normalizing (U+0958 becomes two characters), and
 *   characters no name may hold (`unusableCharacter`: private use, unassigned, U+FFFC, U+FFFD).
 * - Look-alikes at one table: src/shared/look-alike.ts, which builds on this (two names with one
 *   identity can never sit at one table, so the standings never merge two players of one game).
 *
 * This file has no dependency so that the windows can use it; the look-alike data lives apart.
 */

/** The longest name, in UTF-16 units once normalised: the one limit of the roster, setup, imports and the room's join. */
export const NAME_MAX = 60
/** What a schema reads of a name before normalising it (invisible characters may make it longer): a bound, not the limit. */
export const NAME_INPUT_MAX = 4 * NAME_MAX

/**
 * Characters a name may not hold (the setup check refuses them, naming the code point): private use
 * (a font may draw it as anything), unassigned code points and noncharacters (drawn as a box, or as
 * nothing), and the object replacement and replacement characters U+FFFC and U+FFFD (a box, or
 * nothing: "Anna\uFFFC" would show as "Anna").
 */
const UNUSABLE = /[\p{Co}\p{Cn}\uFFFC\uFFFD]/u

/** `name` without the characters no name may hold (look-alike.ts: "Anna\uFFFC" looks like "Anna"). */
export const withoutUnusable = (name: string): string => name.replace(new RegExp(UNUSABLE.source, 'gu'), '')

/** The first character of `name` no name may hold, as U+XXXX; null when there is none. */
export function unusableCharacter(name: string): string | null {
  const m = UNUSABLE.exec(name)
  return m ? `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null
}

/** White space of any kind, and blanks drawn as nothing (Braille pattern blank, Hangul fillers). */
const BLANKS = /[\s\u2800\u115F\u1160\u3164\uFFA0]+/gu
/** Controls, format characters, lone surrogates and default-ignorable code points (variation selectors, tags…). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu

/** The name as it is kept, seated and shown. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').replace(BLANKS, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim().normalize('NFC')
}

/** Accents (combining marks) on a Latin, Greek or Cyrillic letter, once decomposed. */
const LETTER_MARKS = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu

/** Case, width and accents on Latin, Greek and Cyrillic letters set aside. */
export function foldName(s: string): string {
  return s.normalize('NFKD').toLowerCase().replace(LETTER_MARKS, '$1').normalize('NFC')
}

/** The same player across games: equal identities are one player in the standings. */
export function identityOf(name: string): string {
  return foldName(normalizeName(name))
}
