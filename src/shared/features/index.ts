import { FOULS } from './fouls'

/**
 * The game's features of their own (docs/engine.md, "Recipe: a game action of its own"): the one
 * list of them. Each feature module holds everything of its feature that src/shared shares — its
 * options, its one-seat commands, its refusals, its deaths by day, its announcements, its story
 * items and their lines, its facts on a projector seat, its rule numbers — as tables, each optional.
 * Each shared table takes the features' entries from here (`FEATURE_*`, and the types derived from
 * them), so a feature is one module and one line below. The features import none of the tables;
 * the tables import this. No zod: a window imports this at run time.
 */
export const FEATURES = [FOULS] as const

type Feature = (typeof FEATURES)[number]
type TableName = 'options' | 'seatCommands' | 'refusals' | 'deathsByDay' | 'announcements' | 'storyItems' | 'storyDeaths' | 'seatFacts' | 'ruleNumbers'
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never
type Empty = Record<never, never>
/** One table of every feature, merged (a feature without it adds nothing; no feature: empty). */
type Table<K extends TableName> = [Feature] extends [never] ? Empty : UnionToIntersection<Feature extends Record<K, infer T> ? T : Empty>

const table = <K extends TableName>(k: K): Table<K> => Object.assign({}, ...FEATURES.map((f: Partial<Record<TableName, object>>) => f[k] ?? {})) as Table<K>

/** Their ruleset options (ADDED_OPTIONS, src/shared/added-options.ts). */
export const FEATURE_OPTIONS = table('options')
/** Their one-seat commands and each one's seat field (SEAT_COMMANDS; their schemas, commands.ts). */
export const FEATURE_SEAT_COMMANDS = table('seatCommands')
/** Their refusals (REFUSALS, src/shared/refusals.ts). */
export const FEATURE_REFUSALS = table('refusals')
/** Their deaths by day, each with its announcement's kind (DEATHS_BY_DAY, src/shared/views.ts). */
export const FEATURE_DEATHS_BY_DAY = table('deathsByDay')
/** Their announcements' line-makers, by kind (ANNOUNCEMENT_LINES, src/shared/text/announcement.ts). */
export const FEATURE_ANNOUNCEMENTS = table('announcements')
/** Their story items' line-makers, by kind (src/shared/text/story.ts). */
export const FEATURE_STORY_ITEMS = table('storyItems')
/** The story's line of each of their deaths by day, by cause (src/shared/text/story.ts). */
export const FEATURE_STORY_DEATHS = table('storyDeaths')

type Flat<T> = { [K in keyof T]: T[K] }
type Arg<F> = F extends (a: infer A, ...rest: never[]) => unknown ? A : never
/** One union member per entry of a table of line-makers: its kind, and what its line-maker reads. */
type Items<T> = { [K in keyof T]: Flat<{ kind: K } & Arg<T[K]>> }[keyof T]

/** Their announcements (PublicAnnouncement, src/shared/views.ts). */
export type FeatureAnnouncement = Items<Table<'announcements'>>
/** Their story items (StoryDayItem, src/shared/story.ts). */
export type FeatureStoryItem = Items<Table<'storyItems'>>
/** What a death item of the story holds beyond the player, the cause and the role: each of their deaths' own fields. */
export type FeatureDeathFacts = Partial<Omit<UnionToIntersection<Arg<Table<'storyDeaths'>[keyof Table<'storyDeaths'>]>>, 'player' | 'role'>>

/** The kinds of a fact the room sees: a count, and a limit (null: none). */
export interface FactKinds {
  count: number
  limit: number | null
}
type Facts<T> = { -readonly [K in keyof T]: T[K] extends keyof FactKinds ? FactKinds[T[K]] : never }
/** Their facts on a projector seat (ProjectorSeat, src/shared/views.ts). */
export type FeatureSeatFacts = Facts<Table<'seatFacts'>>
/** Their rule numbers a window shows (RuleNumbers, src/shared/views.ts). */
export type FeatureRuleNumbers = Facts<Table<'ruleNumbers'>>
