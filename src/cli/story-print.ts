import type { Language } from '../shared/languages'
import { translate } from '../shared/messages'
import type { Story } from '../shared/story'
import { seatNumber } from '../shared/seat-name'
import { chapterLines, storyRoleName, storyTitle } from '../shared/story-text'
import type { Io } from './command'
import { rulesetName } from '../shared/role-names'
import { winnerText } from './i18n'

/**
 * `replay --story`: the story of a finished game as text, chapter by chapter, then the winner and
 * every role — the same telling as the windows' (src/shared/story-text.ts), in `lang`.
 */
export function printStory(io: Io, story: Story, lang: Language): void {
  const t = (key: string, params?: Record<string, string | number>, plural?: number) => translate(lang, key, params, plural)
  const local = story
  io.out(`${t('story.title')} — ${rulesetName(story.rulesetName, lang)}`)
  story.chapters.forEach((c, i) => {
    io.out('')
    io.out(storyTitle(local, i, t))
    for (const line of chapterLines(local, c, t, lang)) io.out(`  ${line.text}`)
  })
  io.out('')
  io.out(storyTitle(local, story.chapters.length, t))
  io.out(`  ${winnerText(lang, story.names, story.winner)}`)
  const width = Math.max(...story.players.map((p) => p.length))
  story.players.forEach((p, seat) => {
    const dead = story.survivors.includes(seat) ? '' : ' †'
    io.out(`  ${String(seatNumber(seat)).padStart(2)}. ${p.padEnd(width)}  ${storyRoleName(local, seat, lang)}${dead}`)
  })
}
