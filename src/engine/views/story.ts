import type { Story, StoryChapter, StoryDay, StoryNight, StoryNightOutcome } from '../../shared/story'
import { answerStyleOf } from '../../shared/answer-style'
import { apply } from '../apply'
import { ok, refuse, type Result } from '../errors'
import type { GameEvent } from '../events'
import type { Game } from '../game'
import { shotTally } from '../night'
import { countFor, living } from '../queries'
import type { GameState, NightState } from '../state'

/**
 * The story of a finished game (src/shared/story.ts), read from its log. Refused while the game
 * can still be played: the story lays every secret open, so it must never exist before the end.
 */
export function buildStory(game: Game): Result<Story> {
  if (game.state.phase !== 'over' || game.state.winner === null) return refuse('story-before-end')
  const chapters: StoryChapter[] = []
  let s = game.initial
  for (const entry of game.log) {
    for (const e of entry.events) {
      tell(chapters, s, e)
      s = apply(s, e)
    }
  }
  const end = game.state
  return ok({
    rulesetName: end.setup.ruleset.name,
    names: structuredClone(end.setup.ruleset.names),
    answerStyle: answerStyleOf(end.setup.ruleset),
    players: [...end.setup.players],
    roles: [...end.roles],
    chapters,
    winner: game.state.winner,
    survivors: living(end),
  })
}

/** Add what one event tells to the chapters; `s` is the state just before the event. */
function tell(chapters: StoryChapter[], s: GameState, e: GameEvent): void {
  switch (e.type) {
    case 'nightEnded':
      if (s.night) chapters.push(nightChapter(s, s.night, e.deaths))
      return
    case 'accused':
      day(chapters, s).items.push({ kind: 'accused', accused: e.accused, accuser: e.accuser })
      return
    case 'accusationWithdrawn':
      if (s.day?.accused != null) day(chapters, s).items.push({ kind: 'accusationWithdrawn', accused: s.day.accused })
      return
    case 'nominated':
      day(chapters, s).items.push({ kind: 'nominated', player: e.player })
      return
    case 'nominationWithdrawn':
      day(chapters, s).items.push({ kind: 'nominationWithdrawn', player: e.player })
      return
    case 'voteClosed': {
      const v = s.day?.vote
      const tally = v
        ? v.kind === 'plurality'
          ? v.candidates.map((p) => ({ player: p, votes: countFor(v, p) }))
          : v.candidates.map((p) => ({ player: p, votes: e.yes }))
        : []
      day(chapters, s).items.push({
        kind: 'vote',
        vote: e.kind,
        revote: v?.revote ?? false,
        tally,
        yes: e.yes,
        needed: e.needed,
        passed: e.passed,
        winner: e.winner,
      })
      return
    }
    case 'playerDied':
      day(chapters, s).items.push({ kind: 'death', player: e.player, cause: e.cause, role: s.roles[e.player] ?? null })
      return
    case 'noExecution':
      day(chapters, s).items.push({ kind: 'noExecution', reason: e.reason })
      return
    case 'refereeHandedOver':
      day(chapters, s).items.push({ kind: 'refereeHandover', player: e.player })
      return
    default:
      return
  }
}

/** The open chapter of the current day, started when the day's first event is told. */
function day(chapters: StoryChapter[], s: GameState): StoryDay {
  const last = chapters[chapters.length - 1]
  if (last?.kind === 'day' && last.number === s.dayNumber) return last
  const d: StoryDay = { kind: 'day', number: s.dayNumber, items: [] }
  chapters.push(d)
  return d
}

function nightChapter(s: GameState, n: NightState, deaths: number[]): StoryNight {
  const base = { kind: 'night' as const, number: n.number, heal: n.heal, deaths: [...deaths] }
  const checks = n.investigation ? [{ ...n.investigation }] : []
  if (n.steps[0] === 'mafiaMeet') return { ...base, shots: [], groupTarget: null, intended: null, outcome: 'introduction', checks }
  let intended: number | null = null
  let shots: StoryNight['shots'] = []
  let groupTarget: number | null = null
  let anyShot: boolean
  if (s.setup.ruleset.options.killResolution === 'individualShots') {
    const { mafia, tally, needed } = shotTally(s, n)
    shots = mafia.map((m) => ({ shooter: m, target: n.shots[m] ?? null }))
    for (const [t, k] of tally) if (k >= needed) intended = t
    anyShot = tally.size > 0
  } else {
    groupTarget = n.target
    intended = n.target
    anyShot = n.target !== null
  }
  const outcome: StoryNightOutcome = intended === null ? (anyShot ? 'split' : 'noShot') : n.heal === intended ? 'saved' : 'killed'
  return { ...base, shots, groupTarget, intended, outcome, checks }
}
