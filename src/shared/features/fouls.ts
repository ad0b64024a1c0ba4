import type { RoleId } from '../roles'
import { seatName } from '../seat-name'
import type { Line } from '../text/line'
import { line, withRole, type AnnouncedSeats } from '../text/line-makers'

/**
 * Fouls (rulesets with `foulsToRemove`; sports-mafia clubs, none of the three source texts): by day
 * the referee gives a living player a foul in front of the room; the last one removes the player, a
 * death by day. Everything of fouls the windows, the host and the engine share, as the tables of
 * src/shared read it (the registry, ./index.ts, lists this module): its option, its command, its
 * refusal, its death by day and its announcement, its story items, what the room sees of it — and
 * the words of each (`src/shared/locales/<lang>/features/fouls.json`). The rules are the engine's
 * (src/engine/fouls.ts). No zod here: a window imports this at run time.
 */

/** "Anna is removed after 4 fouls": the announcement's words and the story's. */
const removedLine = (name: string, fouls: number): Line => line('fouls.removed', { name, n: fouls }, fouls)

export const FOULS = {
  /** Its ruleset option (ADDED_OPTIONS): this many fouls remove the player. null = no fouls. */
  options: { foulsToRemove: { kind: 'nullableInt', min: 1, max: 10, default: null, group: 'day' } },
  /**
   * Its command (SEAT_COMMANDS; its schema, a one-seat command's, in commands.ts): the referee gives
   * a living player a foul; the last one removes the player.
   */
  seatCommands: { foul: 'player' },
  /** Its refusal (REFUSALS): the ruleset counts no fouls. */
  refusals: { 'no-fouls': { code: 'not-allowed', params: {} } },
  /** Its death by day (DEATHS_BY_DAY) and the announcement the room is given of it. */
  deathsByDay: { fouls: 'removed' },
  /** Its announcement (PublicAnnouncement): removed from the game after `fouls` fouls. */
  announcements: {
    removed: (a: { day: number; player: number; role: RoleId | null; fouls: number }, seats: AnnouncedSeats): Line =>
      withRole(removedLine(seatName(seats, a.player), a.fouls), a.role),
  },
  /** Its story items (StoryDayItem) and their lines: a foul given, with the player's fouls now. */
  storyItems: {
    fouled: (i: { player: number; fouls: number }, name: (seat: number) => string) => ({
      line: line('fouls.foul', { name: name(i.player), n: i.fouls }, i.fouls),
      tone: 'plain' as const,
    }),
  },
  /** The story's line of its death (`fouls`: how many fouls removed the player). */
  storyDeaths: {
    fouls: (i: { player: number; role: RoleId | null; fouls?: number }, name: (seat: number) => string): Line =>
      withRole(removedLine(name(i.player), i.fouls ?? 0), i.role),
  },
  /** What the room sees of it (ProjectorSeat): each seat's fouls given (0 where the ruleset has none). */
  seatFacts: { fouls: 'count' },
  /** The ruleset's number a window shows (RuleNumbers): fouls that remove a player (null: no fouls). */
  ruleNumbers: { foulsToRemove: 'limit' },
} as const
