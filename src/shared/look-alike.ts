import confusables from 'unhomoglyph/data.json'
import { checkLine, type CheckLine } from './setup-check'
import { NAME_MAX, foldName, identityOf, normalizeName, unusableCharacter, withoutUnusable } from './names'

/**
 * Names the room cannot tell apart may not sit at one table (docs/host.md → "Names"). Two names are
 * look-alikes when they share an identity (names.ts: case, width and Latin accents aside) or a
 * Unicode confusables skeleton (UTS #39: Cyrillic "А", Cherokee "Ꭺ", Latin "ɑ" and Armenian "ո"
 * drawn like "A", "a" and "n"), taken with the case as written ("I" beside "l") and folded. The
 * skeleton data is confusables.txt, shipped by the `unhomoglyph` package; UTS #39 keeps small
 * capitals apart from their letters (they differ in case only), so they are folded here.
 */

/** Latin small capitals, which the skeleton keeps as their own letters: each to its lower-case letter. */
const SMALL_CAPITALS: Readonly<Record<string, string>> = Object.fromEntries(
  [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ'].map((c, i) => [c, 'abcdefghijklmnopqrstuvwyz'[i]!]),
)

/**
 * Each confusable character to its prototype (confusables.txt, as the package ships it). Read per
 * character rather than through the package's function, whose one regular expression of ~6,000
 * alternatives costs its first caller ~100 ms to compile.
 */
const PROTOTYPE: Readonly<Record<string, string>> = confusables

/** UTS #39 skeleton: NFD, each character to its prototype, NFD. */
export function skeleton(s: string): string {
  let out = ''
  for (const ch of s.normalize('NFD')) out += PROTOTYPE[ch] ?? ch
  return out.normalize('NFD')
}

const fold = (s: string): string => [...foldName(s)].map((c) => SMALL_CAPITALS[c] ?? c).join('')

/** What a name looks like: two names are look-alikes when any of their keys is equal (their identities included). */
export function lookAlikeKeys(name: string): string[] {
  // A character drawn as a box or as nothing does not tell two names apart.
  const clean = withoutUnusable(normalizeName(name))
  const id = identityOf(clean)
  return [`i:${id}`, `s:${fold(skeleton(clean.normalize('NFKC')))}`, `f:${fold(skeleton(fold(id)))}`]
}

/** Whether two names may not sit at one table. */
export function lookAlike(a: string, b: string): boolean {
  const ka = new Set(lookAlikeKeys(a))
  return lookAlikeKeys(b).some((k) => ka.has(k))
}

/**
 * What is wrong with the names of one table, as setup-check lines: a seat with no name
 * (`problem.noName`), a name over NAME_MAX once cleaned (`problem.nameTooLong`), a character no name
 * may hold (`problem.nameCharacter`), a name seated twice once cleaned (`problem.nameTwice`), two names the room
 * cannot tell apart (`problem.lookAlike`, naming both seats). Empty when every seat can be told apart.
 */
export function tableNameProblems(names: readonly string[]): CheckLine[] {
  const seen = new Map<string, number>()
  const clean = names.map(normalizeName)
  const out: CheckLine[] = []
  clean.forEach((name, i) => {
    if (!name) {
      out.push(checkLine('problem.noName', { seat: i + 1 }))
      return
    }
    if (name.length > NAME_MAX) out.push(checkLine('problem.nameTooLong', { name, seat: i + 1, max: NAME_MAX }))
    const char = unusableCharacter(name)
    if (char) out.push(checkLine('problem.nameCharacter', { name, seat: i + 1, char }))
    const keys = lookAlikeKeys(name)
    const j = keys.map((k) => seen.get(k)).find((x) => x !== undefined)
    if (j === undefined) for (const k of keys) seen.set(k, i)
    else {
      const seats = { name, seat: i + 1, other: clean[j]!, otherSeat: j + 1 }
      out.push(checkLine(clean[j] === name ? 'problem.nameTwice' : 'problem.lookAlike', seats))
    }
  })
  return out
}

/**
 * A saved game's names, read as it was played: each non-empty and distinct as written (case and
 * outer spaces aside) — the rule game files have always had, so no saved game stops reading.
 * Imports are checked with tableNameProblems as well (host/club/import.ts).
 */
export function fileNameProblems(names: readonly string[]): CheckLine[] {
  const seen = new Set<string>()
  const out: CheckLine[] = []
  names.forEach((name, i) => {
    const key = name.trim().toLocaleLowerCase()
    if (!key) out.push(checkLine('problem.noName', { seat: i + 1 }))
    else if (seen.has(key)) out.push(checkLine('problem.nameTwice', { name: name.trim() }))
    seen.add(key)
  })
  return out
}
