import type { Command, CommandOf } from '../shared/commands'
import type { RulesetOptions } from '../shared/ruleset'
import { seatName } from '../shared/seat-name'
import type { StoryDayItem } from '../shared/story'
import type { Line, ProjectorSeat, RuleNumbers } from '../shared/views'
import { dayNow, dieByDay, needAlive } from './day'
import { Emitter } from './emitter'
import { ok, refuse, refused, type Refused, type Result } from './errors'
import type { GameEvent } from './events'
import { publicRule, seatCommandsOf, type SeatRule } from './seat-rule'
import type { GameState } from './state'

/**
 * Fouls (rulesets with `foulsToRemove`; sports-mafia clubs): by day the referee gives a living player
 * a foul in front of the room; the last one removes the player, a death by day. Its own procedure
 * (decide.ts's PROCEDURES): the rule, the decider, the log line, what the room sees of it and what
 * the story tells are here; the event's application is apply.ts's `fouled`, the count `GameState.fouls`.
 */

/** The one-seat rule of `foul`: by day, where the ruleset counts fouls; any living player. Reads no role. */
export const FOUL_SEAT_RULES = {
  foul: publicRule({
    now(s: GameState): Refused | null {
      const at = dayNow(s)
      if (refused(at)) return at
      return at.o.foulsToRemove ? null : refuse('no-fouls')
    },
    seat: (s: GameState, p: number): Refused | null => needAlive(s, p),
  }),
} satisfies Record<string, SeatRule>

export const FOUL_COMMANDS = [...seatCommandsOf(FOUL_SEAT_RULES)] as const

export function decideFoul(s: GameState, c: CommandOf<'foul'>): Result<GameEvent[]> {
  const e = FOUL_SEAT_RULES.foul.now(s) ?? FOUL_SEAT_RULES.foul.seat(s, c.player)
  if (e) return e
  const em = new Emitter(s)
  const fouls = (s.fouls[c.player] ?? 0) + 1
  em.emit({ type: 'fouled', player: c.player, fouls })
  // The last foul removes the player: a death by day (the day's vote is off; night falls).
  if (fouls >= (s.setup.ruleset.options.foulsToRemove ?? Infinity)) dieByDay(em, c.player, 'fouls')
  return ok(em.events)
}

/** The log line of a foul ("Foul: Anna (2)", or "…, removed from the game" after the last one); undefined for any other command. */
export function foulStepLine(players: readonly string[], c: Command, events: readonly GameEvent[]): Line | undefined {
  if (c.type !== 'foul') return undefined
  const fouled = events.find((e) => e.type === 'fouled')
  const removed = events.some((e) => e.type === 'playerDied')
  return { key: removed ? 'step.foulRemoved' : 'step.foul', params: { type: c.type, player: seatName(players, c.player, '—'), n: fouled?.fouls ?? 0 } }
}

/** What the room sees of fouls (views/projector.ts): each seat's fouls, and how many remove a player (null: none). */
export const FOUL_SEAT_FACTS = { fouls: (s: GameState, seat: number): ProjectorSeat['fouls'] => s.fouls[seat] ?? 0 }
export const FOUL_RULE_NUMBERS = { foulsToRemove: (o: RulesetOptions): RuleNumbers['foulsToRemove'] => o.foulsToRemove || null }

/** What the story tells of fouls (views/story.ts): each foul given; on the removal, how many fouls removed the player. */
export const FOUL_STORY_ITEMS = {
  fouled: (_s: GameState, e: Extract<GameEvent, { type: 'fouled' }>): StoryDayItem => ({ kind: 'fouled', player: e.player, fouls: e.fouls }),
}
export const FOUL_DEATH_FACTS = {
  fouls: (s: GameState, player: number): { fouls: number } => ({ fouls: s.fouls[player] ?? 0 }),
}
