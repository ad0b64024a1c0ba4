import type { Words } from '../../../shared/text/line'
import { roomNames } from '../../../shared/text/room'
import type { Story } from '../../../shared/story'
import { chapterLines, storyRoleName, storyTitle } from '../../../shared/text/story'
import '../../shared/styles/story.css'
import { h } from './h'

/**
 * A finished game's story at the page the projector shows (StoryBoard.vue's, without Vue): a night,
 * a day, or the end — every player with their role (index === chapters.length).
 */
export function storyBoard(story: Story, index: number, words: Words): HTMLElement {
  const { t } = words
  const { lang, winnerText } = roomNames(words)
  const chapter = story.chapters[index] ?? null
  return h(
    'article',
    { class: 'story-board', 'data-test': 'story-board' },
    h(
      'header',
      { class: 'story-head' },
      h('h2', { class: 'story-title' }, storyTitle(story, index, t)),
      h('span', { class: 'story-step' }, t('story.step', { n: index + 1, total: story.chapters.length + 1 })),
    ),
    chapter
      ? h('ol', { class: 'story-lines' }, ...chapterLines(story, chapter, t, lang()).map((l) => h('li', { class: `tone-${l.tone}` }, l.text)))
      : h(
          'div',
          { class: 'story-end' },
          h('p', { class: ['winner', `winner-${story.winner}`] }, winnerText(story.names, story.winner)),
          h(
            'ul',
            { class: 'story-roles' },
            ...story.players.map((p, seat) =>
              h(
                'li',
                { class: [story.roles[seat] && `role-${story.roles[seat]}`, !story.survivors.includes(seat) && 'dead'] },
                h('span', { class: 'name fit-name', title: p }, p),
                h('span', { class: 'role' }, storyRoleName(story, seat, lang())),
              ),
            ),
          ),
        ),
  )
}
