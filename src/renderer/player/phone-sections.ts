/**
 * The sections of the locale files a phone shows: the board's (phase, join … announce), the story's
 * after the game, and the phone's own. words.ts looks them up; the build keeps only these in the
 * phone's copies of the locale files (electron.vite.config.ts, phoneWordsOnly).
 */
export const PHONE_SECTIONS = ['phase', 'join', 'stage', 'winner', 'clock', 'projector', 'announce', 'story', 'phone'] as const
