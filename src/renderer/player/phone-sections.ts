/**
 * The sections of the locale files a phone shows: the board's (phase, join … announce), the story's
 * after the game, and the phone's own; of a feature file (`features/<feature>.json`) also its own
 * section, `<feature>` (its marks, its announcements). words.ts looks them up; the build keeps only
 * these in the phone's copies of the locale files (electron.vite.config.ts, phoneWordsOnly).
 */
export const PHONE_SECTIONS = ['phase', 'join', 'stage', 'winner', 'clock', 'projector', 'announce', 'story', 'phone'] as const

/** The sections of the locale file at `path` a phone keeps (the one rule for the build and the page). */
export function phoneSectionsOf<T>(path: string, file: Record<string, T>): Record<string, T> {
  const own = /\/features\/([^/]+)\.json$/.exec(path)?.[1]
  return Object.fromEntries(Object.entries(file).filter(([s]) => s === own || (PHONE_SECTIONS as readonly string[]).includes(s)))
}
