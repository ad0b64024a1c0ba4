import type { Language } from '../languages'
import { listOf, nightName } from '../phrasing'
import { caseRoles, markedRoleParams, markRole, roleName } from '../role-names'
import type { Story, StoryChapter, StoryDayItem } from '../story'
import { seatName } from '../seat-name'

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

/** The lines of one chapter, in the order things happened. */
export function chapterLines(story: Story, c: StoryChapter, tr: Translate, lang: Language): StoryLine[] {
  // Role words are marked, then cased for their place in the sentence (a label opens one, running text inside).
  const t: Translate = (key, params, plural) => caseRoles(tr(key, params, plural), lang)
  const name = (seat: number | null): string => storyName(story, seat)
  const seatRole = (seat: number): string => markRole(storyRoleName(story, seat, lang))
  const investigator = markedRoleParams(story, 'investigator', lang, 'investigator')
  const doctor = markedRoleParams(story, 'doctor', lang, 'doctor')
  const out: StoryLine[] = []
  if (c.kind === 'night') {
    if (c.outcome === 'introduction') {
      const mafia = story.roles.flatMap((r, i) => (r === 'mafia' ? [name(i)] : []))
      out.push({ text: t('story.introduction', { names: listOf(lang, mafia) }), tone: 'mafia' })
    }
    for (const s of c.shots)
      out.push({
        text: s.target === null ? t('story.noShot', { shooter: name(s.shooter) }) : t('story.shot', { shooter: name(s.shooter), target: name(s.target) }),
        tone: 'mafia',
      })
    if (c.groupTarget !== null) out.push({ text: t('story.groupTarget', { target: name(c.groupTarget) }), tone: 'mafia' })
    for (const k of c.checks)
      out.push({
        text: t('story.check', { ...investigator, target: name(k.target), answer: t(`story.${answerKey(story, k.isMafia)}`) }),
        tone: 'town',
      })
    if (c.heal !== null) out.push({ text: t('story.heal', { ...doctor, name: name(c.heal) }), tone: 'town' })
    if (c.outcome === 'killed') out.push({ text: t('story.killed', { name: name(c.intended), role: seatRole(c.intended ?? 0) }), tone: 'death' })
    if (c.outcome === 'saved') out.push({ text: t('story.saved', { name: name(c.intended), ...doctor }), tone: 'town' })
    if (c.outcome === 'split') out.push({ text: t('story.split'), tone: 'plain' })
    if (c.outcome === 'noShot') out.push({ text: t('story.nobodyShot'), tone: 'plain' })
  } else {
    for (const i of c.items) out.push(dayLine(story, c.number, i, tr, lang))
    if (c.items.length === 0) out.push({ text: t('story.nothingHappened'), tone: 'plain' })
  }
  return out
}

function dayLine(story: Story, day: number, i: StoryDayItem, tr: Translate, lang: Language): StoryLine {
  const t: Translate = (key, params, plural) => caseRoles(tr(key, params, plural), lang)
  const name = (seat: number | null): string => storyName(story, seat)
  switch (i.kind) {
    case 'accused':
      return {
        text:
          i.accuser === null ? t('story.accusedBy', { accused: name(i.accused) }) : t('story.accused', { accuser: name(i.accuser), accused: name(i.accused) }),
        tone: 'plain',
      }
    case 'accusationWithdrawn':
      return { text: t('story.accusationWithdrawn', { name: name(i.accused) }), tone: 'plain' }
    case 'nominated':
      return { text: t('story.nominated', { name: name(i.player) }), tone: 'plain' }
    case 'nominationWithdrawn':
      return { text: t('story.nominationWithdrawn', { name: name(i.player) }), tone: 'plain' }
    case 'vote': {
      const result = i.passed ? t('story.passed') : t('story.failed')
      if (i.vote === 'plurality') {
        const tally = listOf(
          lang,
          i.tally.map((x) => t('story.tallyItem', { name: name(x.player), votes: x.votes })),
          'short',
        )
        return { text: i.revote ? t('story.revote', { tally }) : t('story.votePlurality', { tally }), tone: 'vote' }
      }
      const key = i.vote === 'guilty' ? 'story.voteGuilty' : 'story.voteExecute'
      return { text: t(key, { name: name(i.tally[0]?.player ?? null), yes: i.yes, needed: i.needed, result }, i.yes), tone: 'vote' }
    }
    case 'death': {
      const role = i.role ? markRole(roleName(story, i.role, lang)) : '?'
      return { text: t(i.cause === 'execution' ? 'story.executed' : 'story.randomDeath', { name: name(i.player), role }), tone: 'death' }
    }
    case 'noExecution':
      return { text: t(`announce.noExecution.${i.reason}`, { day }), tone: 'plain' }
    case 'refereeHandover':
      return { text: t('story.handover', { name: name(i.player) }), tone: 'plain' }
  }
}
