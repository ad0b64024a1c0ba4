/**
 * A player's identity across games follows their name: the same person whatever the case, accents
 * or stray spaces ("Ádám " and "adam" are one player). Zero-width and control characters never count.
 */
export function identityOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u200B-\u200D\u2060\uFEFF\p{Cc}]/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('en')
}
