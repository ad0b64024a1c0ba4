import type { Story, StoryChapter, StoryDay, StoryDayItem, StoryNight, StoryNightOutcome } from '../../shared/story'
import { answerStyleOf } from '../../shared/answer-style'
import { apply } from '../apply'
import { ok, refuse, type Result } from '../errors'
import type { GameEvent } from '../events'
import type { Game } from '../game'
import { shotTally } from '../night'
import { countFor, living } from '../queries'
import { procedurePart, type ProcedurePart } from '../decide'
import type { DeathByDay } from '../../shared/views'
import type { FeatureDeathFacts } from '../../shared/features'
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

type EventType = GameEvent['type']
type Teller<K extends EventType> = (chapters: StoryChapter[], s: GameState, e: Extract<GameEvent, { type: K }>) => void

/** Nothing of it is told: it is told through another event, or it is not part of the story. */
const SILENT = null

/**
 * What each event adds to the chapters (`s` is the state just before the event). Every event kind
 * has its row — the compiler refuses the table without one — so a new event is told, or said to tell
 * nothing, never forgotten. The night's actions are silent: `nightEnded` tells the night from the
 * state it ends.
 */
const TELLERS: { [K in EventType]: Teller<K> | typeof SILENT } = {
  roleIdentified: SILENT,
  readingStartSet: SILENT,
  shotRecorded: SILENT,
  shotCleared: SILENT,
  targetChosen: SILENT,
  investigated: SILENT,
  investigationSkipped: SILENT,
  healChosen: SILENT,
  nightStepEnded: SILENT,
  nightEnded: (chapters, s, e) => {
    if (s.night) chapters.push(nightChapter(s, s.night, e.deaths))
  },
  dayStarted: SILENT,
  nightStarted: SILENT,
  accused: (chapters, s, e) => day(chapters, s).items.push({ kind: 'accused', accused: e.accused, accuser: e.accuser }),
  accusationWithdrawn: (chapters, s) => {
    if (s.day?.accused != null) day(chapters, s).items.push({ kind: 'accusationWithdrawn', accused: s.day.accused })
  },
  voteOpened: SILENT,
  voteCast: SILENT,
  voteCountSet: SILENT,
  voteClosed: (chapters, s, e) => {
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
  },
  noExecution: (chapters, s, e) => day(chapters, s).items.push({ kind: 'noExecution', reason: e.reason }),
  defenceStarted: SILENT,
  defenceEnded: SILENT,
  nominated: (chapters, s, e) => day(chapters, s).items.push({ kind: 'nominated', player: e.player }),
  nominationWithdrawn: (chapters, s, e) => day(chapters, s).items.push({ kind: 'nominationWithdrawn', player: e.player }),
  playerDied: (chapters, s, e) =>
    day(chapters, s).items.push({
      kind: 'death',
      player: e.player,
      cause: e.cause,
      role: s.roles[e.player] ?? null,
      ...DEATH_FACTS[e.cause]?.(s, e.player),
    }),
  lastWordsEnded: SILENT,
  timerStarted: SILENT,
  timerPaused: SILENT,
  timeAdded: SILENT,
  timerExpired: SILENT,
  refereeHandedOver: (chapters, s, e) => day(chapters, s).items.push({ kind: 'refereeHandover', player: e.player }),
  gameOver: SILENT,
  noteSet: SILENT,
  // The procedures' own events (decide.ts's PROCEDURES): each an item of the day.
  ...procedureTellers(),
}

/** The procedures' own events, each told as the item of the day its procedure makes of it. */
type OwnTellers = { [K in keyof ProcedurePart<'storyItems'>]: Teller<K & EventType> }
function procedureTellers(): OwnTellers {
  const items = procedurePart('storyItems') as Readonly<Record<string, (s: GameState, e: GameEvent) => StoryDayItem>>
  const teller = (item: (s: GameState, e: GameEvent) => StoryDayItem) => (chapters: StoryChapter[], s: GameState, e: GameEvent) => {
    day(chapters, s).items.push(item(s, e))
  }
  return Object.fromEntries(Object.entries(items).map(([type, item]) => [type, teller(item)])) as OwnTellers
}

/** What a death by a procedure's own cause adds to the story's death (decide.ts's PROCEDURES). */
const DEATH_FACTS: Partial<Record<DeathByDay, (s: GameState, player: number) => FeatureDeathFacts>> = procedurePart('deathFacts')

/** Add what one event tells to the chapters; `s` is the state just before the event. */
function tell(chapters: StoryChapter[], s: GameState, e: GameEvent): void {
  const teller = TELLERS[e.type] as Teller<EventType> | typeof SILENT
  if (teller) teller(chapters, s, e)
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
