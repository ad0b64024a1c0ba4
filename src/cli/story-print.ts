import type { Language } from '../shared/languages'
import { translate, wordsIn } from '../shared/messages'
import type { Story } from '../shared/story'
import { seatNumber } from '../shared/seat-name'
import { chapterLines, storyRoleName, storyTitle } from '../shared/text/story'
import type { Io } from './command'
import { rulesetName } from '../shared/role-names'
import { roomNames } from '../shared/text/room'

/**
 * `replay --story`: the story of a finished game as text, chapter by chapter, then the winner and
 * every role — the same telling as the windows' (src/shared/text/story.ts), in `lang`.
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
  io.out(`  ${roomNames(wordsIn(lang)).winnerText(story.names, story.winner)}`)
  const width = Math.max(...story.players.map((p) => p.length))
  story.players.forEach((p, seat) => {
    const dead = story.survivors.includes(seat) ? '' : ' †'
    io.out(`  ${String(seatNumber(seat)).padStart(2)}. ${p.padEnd(width)}  ${storyRoleName(local, seat, lang)}${dead}`)
  })
}
