import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildStory, dispatch, createGame, parseGameFile, projectorView, refereeView, type Game } from '../engine'
import type { Command } from '../shared/commands'
import { LANGUAGE_WORDS } from '../shared/glossary'
import { LANGUAGE_IDS, type Language } from '../shared/languages'
import { translate, wordsIn } from '../shared/messages'
import { reasonText } from '../shared/refusals'
import { roleName, roleParams } from '../shared/role-names'
import { ROLE_IDS } from '../shared/roles'
import { announcementText, roomNames } from '../shared/text/room'
import { scriptText } from '../shared/text/script'
import { chapterLines, storyRoleName } from '../shared/text/story'

/**
 * Every preset × every language: a whole game (the examples) told through the same words the
 * windows and the CLI use — every script line the referee reads, every announcement the room sees,
 * the story and its cast — names the roles in that language, and no other language's role word
 * appears. (The windows put the same lines in words with the same functions: src/shared/text.)
 */
const EXAMPLES = { maffiasig: 'maffiasig-12.json', estonian: 'estonian-8.json', swedish: 'swedish-9.json' } as const

function game(file: string): Game {
  const read = parseGameFile(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'examples', file), 'utf8')))
  if (!read.ok) throw new Error(read.error.message)
  const created = createGame(read.value.setup)
  if (!created.ok) throw new Error(created.error.message)
  return read.value.commands.reduce<Game>((g, c) => {
    const next = dispatch(g, c as Command)
    return next.ok ? next.value : g
  }, created.value)
}

/** Everything a game says in `lang`, step by step. */
function wholeGame(file: string, lang: Language): string {
  const read = parseGameFile(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'examples', file), 'utf8')))
  if (!read.ok) throw new Error(read.error.message)
  const created = createGame(read.value.setup)
  if (!created.ok) throw new Error(created.error.message)
  const out: string[] = []
  let g = created.value
  const say = (x: Game) => {
    const p = projectorView(x.state)
    const ref = refereeView(x.state)
    for (const l of ref.script) out.push(scriptText(wordsIn(lang), l, p.names))
    const why = ref.legal.endNightStepWhy
    if (why)
      out.push(
        reasonText(
          why,
          (k, v) => translate(lang, k, v as never),
          (r, k) => roleParams(p.names, r, lang, k),
        ) ?? `[${why.reason}]`,
      )
    for (const a of p.announcements) out.push(announcementText(wordsIn(lang))(a, p.seats, p.names))
  }
  say(g)
  for (const c of read.value.commands) {
    const next = dispatch(g, c as Command)
    if (next.ok) g = next.value
    say(g)
  }
  const story = buildStory(g)
  if (!story.ok) throw new Error(story.error.message)
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, key, params)
  for (const c of story.value.chapters) for (const l of chapterLines(story.value, c, t, lang)) out.push(l.text)
  story.value.players.forEach((_, seat) => out.push(storyRoleName(story.value, seat, lang)))
  out.push(roomNames(wordsIn(lang)).winnerText(story.value.names, story.value.winner))
  return out.join('\n')
}

const fold = (s: string): string => s.normalize('NFC').toLocaleLowerCase()
const mentions = (text: string, word: string): boolean => new RegExp(`(?<!\\p{L})${fold(word)}(?!\\p{L})`, 'u').test(fold(text))

describe('a whole game in every language names the roles in that language only', () => {
  for (const [preset, file] of Object.entries(EXAMPLES)) {
    const g = game(file)
    const names = g.state.setup.ruleset.names
    const inPlay = ROLE_IDS.filter((r) => g.state.roles.includes(r))
    for (const lang of LANGUAGE_IDS) {
      it(`${preset} in ${lang}`, () => {
        const text = wholeGame(file, lang)
        for (const r of inPlay) expect(mentions(text, roleName(names, r, lang)), `${preset}/${lang}: "${roleName(names, r, lang)}"`).toBe(true)
        // The language's own words, and its answer word (sv "MAFFIA" for a Maffioso's answer) are not another language's.
        const own = new Set([...Object.values(names[lang].roleNames), ...Object.values(names[lang].teamNames), LANGUAGE_WORDS[lang].answerMafia.word].map(fold))
        const foreign = LANGUAGE_IDS.filter((l) => l !== lang)
          .flatMap((l) => Object.values(names[l].roleNames))
          .filter((w) => !own.has(fold(w)))
        const leaked = [...new Set(foreign)].filter((w) => mentions(text, w))
        expect(leaked, `${preset}/${lang}`).toEqual([])
      })
    }
  }
})
