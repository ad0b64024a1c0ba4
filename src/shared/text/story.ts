import type { Language } from '../languages'
import { nightName } from '../phrasing'
import { roleName } from '../role-names'
import type { Story, StoryChapter, StoryDayItem } from '../story'
import { seatName } from '../seat-name'
import { FEATURE_STORY_DEATHS, FEATURE_STORY_ITEMS } from '../features'
import type { DeathByDay } from '../views'
import { lineText, type Line, type Words } from './line'

/**
 * The story of a finished game as lines of text, one chapter (a night or a day) at a time: the one
 * telling of it, for the windows (vue-i18n's t) and the CLI (`replay --story`, the locale files'
 * translate). `t` looks a message up by key, picks the plural form of `plural` and fills its {placeholders}.
 */
export type Translate = (key: string, params?: Record<string, string | number>, plural?: number) => string

/** A line of the story and how it reads: mafia's deeds, the town's, a death, a vote, or plain. */
export interface StoryLine {
  text: string
  tone: 'mafia' | 'town' | 'death' | 'vote' | 'plain'
}

export function storyName(story: Story, seat: number | null): string {
  return seatName(story.players, seat, '—')
}

export function storyRoleName(story: Story, seat: number, lang: Language): string {
  const r = story.roles[seat]
  return r ? roleName(story, r, lang) : '?'
}

/** The investigator's answer as the ruleset signs it: mafia / not mafia, or (the Swedish text) evil / good. */
const answerKey = (story: Story, yes: boolean): string =>
  story.answerStyle === 'evil' ? (yes ? 'checkEvil' : 'checkGood') : yes ? 'checkMafia' : 'checkNotMafia'

/** The title of page `index`: a night, a day, or the end (index === chapters.length). */
export function storyTitle(story: Story, index: number, t: Translate): string {
  const c = story.chapters[index]
  if (!c) return t('story.end')
  return c.kind === 'night' ? nightName(t, c.number, 'story.night') : t('story.day', { n: c.number })
}

/** A line of the story as a Line, with its tone. */
export interface StoryLineOf {
  line: Line
  tone: StoryLine['tone']
}

const L = (key: string, params: Line['params'] = {}, count?: number): Line => (count === undefined ? { key, params } : { key, params, count })
const word = (key: string): { line: Line } => ({ line: L(key) })

/**
 * The lines of one chapter, in the order things happened. A role parameter holds a role id (or `?`
 * for a card never recorded), named as the story's ruleset names it and cased for its place in the
 * sentence by `lineText`.
 */
export function storyLines(story: Story, c: StoryChapter): StoryLineOf[] {
  const name = (seat: number | null): string => storyName(story, seat)
  const seatRole = (seat: number | null): string => (seat === null ? '?' : (story.roles[seat] ?? '?'))
  const out: StoryLineOf[] = []
  const push = (line: Line, tone: StoryLine['tone']) => out.push({ line, tone })
  if (c.kind === 'night') {
    if (c.outcome === 'introduction')
      push(L('story.introduction', { names: { list: story.roles.flatMap((r, i) => (r === 'mafia' ? [name(i)] : [])) } }), 'mafia')
    for (const s of c.shots)
      push(s.target === null ? L('story.noShot', { shooter: name(s.shooter) }) : L('story.shot', { shooter: name(s.shooter), target: name(s.target) }), 'mafia')
    if (c.groupTarget !== null) push(L('story.groupTarget', { target: name(c.groupTarget) }), 'mafia')
    for (const k of c.checks)
      push(L('story.check', { investigator: 'investigator', target: name(k.target), answer: word(`story.${answerKey(story, k.isMafia)}`) }), 'town')
    if (c.heal !== null) push(L('story.heal', { doctor: 'doctor', name: name(c.heal) }), 'town')
    if (c.outcome === 'killed') push(L('story.killed', { name: name(c.intended), role: seatRole(c.intended ?? 0) }), 'death')
    if (c.outcome === 'saved') push(L('story.saved', { name: name(c.intended), doctor: 'doctor' }), 'town')
    if (c.outcome === 'split') push(L('story.split'), 'plain')
    if (c.outcome === 'noShot') push(L('story.nobodyShot'), 'plain')
  } else {
    for (const i of c.items) out.push(dayLine(story, c.number, i))
    if (c.items.length === 0) push(L('story.nothingHappened'), 'plain')
  }
  return out
}

/** The lines of one chapter as text in `lang`: `tr` is the words' lookup (vue-i18n's t, the phone's, the locale files'). */
export function chapterLines(story: Story, c: StoryChapter, tr: Translate, lang: Language): StoryLine[] {
  const words: Words = { t: tr as Words['t'], locale: { value: lang } }
  return storyLines(story, c).map(({ line, tone }) => ({ text: lineText(words, line, story.names), tone }))
}

type Kind = StoryDayItem['kind']
type Of<K extends Kind> = Extract<StoryDayItem, { kind: K }>
/** How a line-maker names a seat: as the story's players are named. */
type Namer = (seat: number | null) => string

/** One line-maker per kind of day item: the compiler refuses a kind without one. */
const DAY_LINES: { readonly [K in Kind]: (i: Of<K>, name: Namer, day: number) => StoryLineOf } = {
  accused: (i, name) => ({
    line: i.accuser === null ? L('story.accusedBy', { accused: name(i.accused) }) : L('story.accused', { accuser: name(i.accuser), accused: name(i.accused) }),
    tone: 'plain',
  }),
  accusationWithdrawn: (i, name) => ({ line: L('story.accusationWithdrawn', { name: name(i.accused) }), tone: 'plain' }),
  nominated: (i, name) => ({ line: L('story.nominated', { name: name(i.player) }), tone: 'plain' }),
  nominationWithdrawn: (i, name) => ({ line: L('story.nominationWithdrawn', { name: name(i.player) }), tone: 'plain' }),
  vote: (i, name) => {
    if (i.vote === 'plurality') {
      const tally = { list: i.tally.map((x) => ({ line: L('story.tallyItem', { name: name(x.player), votes: x.votes }) })), style: 'short' as const }
      return { line: L(i.revote ? 'story.revote' : 'story.votePlurality', { tally }), tone: 'vote' }
    }
    const key = i.vote === 'guilty' ? 'story.voteGuilty' : 'story.voteExecute'
    const result = word(i.passed ? 'story.passed' : 'story.failed')
    return { line: L(key, { name: name(i.tally[0]?.player ?? null), yes: i.yes, needed: i.needed, result }, i.yes), tone: 'vote' }
  },
  death: (i, name) => {
    const own = STORY_DEATHS[i.cause]
    if (own) return { line: own(i, name), tone: 'death' }
    return { line: L(i.cause === 'execution' ? 'story.executed' : 'story.randomDeath', { name: name(i.player), role: i.role ?? '?' }), tone: 'death' }
  },
  noExecution: (i, _name, day) => ({ line: L(`announce.noExecution.${i.reason}`, { day }), tone: 'plain' }),
  refereeHandover: (i, name) => ({ line: L('story.handover', { name: name(i.player) }), tone: 'plain' }),
  // The features' own (src/shared/features).
  ...FEATURE_STORY_ITEMS,
}

/** The features' own deaths' lines, by cause (src/shared/features); any other cause is told above. */
const STORY_DEATHS: Partial<Record<DeathByDay, (i: Of<'death'>, name: Namer) => Line>> = FEATURE_STORY_DEATHS

function dayLine(story: Story, day: number, i: StoryDayItem): StoryLineOf {
  const make = DAY_LINES[i.kind] as (i: StoryDayItem, name: Namer, day: number) => StoryLineOf
  return make(i, (seat) => storyName(story, seat), day)
}
