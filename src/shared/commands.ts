import { z } from 'zod'
import { roleIdSchema } from './ruleset'
import { FEATURE_SEAT_COMMANDS } from './features'
import { SEAT_COMMANDS, type SeatCommandType } from './seat-commands'

/**
 * Everything the referee (or the host, for timers and random draws) can ask of a game.
 * The engine's decide() takes one of these and returns events or a typed error.
 * `at` is the host's clock in ms (only timer commands need it).
 * `draw` is a uniform random integer in [0, 2^32) supplied by the host from crypto;
 * it is recorded in the log so a replay is deterministic.
 */
/** A seat number (also the limit for every player argument the host's API takes). */
export const playerSchema = z.number().int().min(0).max(59)
const player = playerSchema
const at = z.number().finite().min(0)
const draw = z.number().int().min(0).max(0xffffffff)
/** Which clock a timer command is for; omitted = the defence clock during a defence, else the day clock. */
const timer = z.enum(['day', 'defence']).optional()

type FeatureSeatCommands = typeof FEATURE_SEAT_COMMANDS
/** A feature's one-seat command names one seat and nothing else: its type and its seat field. */
type SeatCommandSchema<T extends keyof FeatureSeatCommands> = z.ZodObject<{
  [K in 'type' | FeatureSeatCommands[T]]: K extends 'type' ? z.ZodLiteral<T> : typeof player
}>
/** The schema of each feature's one-seat command, from its entry in SEAT_COMMANDS (src/shared/features). */
const featureSeatSchemas = () =>
  Object.entries(FEATURE_SEAT_COMMANDS as Readonly<Record<string, string>>).map(([type, field]) =>
    z.object({ type: z.literal(type), [field]: player }),
  ) as unknown as {
    [T in keyof FeatureSeatCommands]: SeatCommandSchema<T>
  }[keyof FeatureSeatCommands][]

export const commandSchema = z.discriminatedUnion('type', [
  // night
  z.object({ type: z.literal('identifyRole'), role: roleIdSchema, players: z.array(player).max(60) }),
  z.object({ type: z.literal('setReadingStart'), player }),
  /** target null: this mafioso did not shoot (counts toward no one). */
  z.object({ type: z.literal('shoot'), shooter: player, target: player.nullable() }),
  z.object({ type: z.literal('clearShot'), shooter: player }),
  z.object({ type: z.literal('chooseTarget'), target: player }),
  /** target null: the investigators did not ask tonight (no answer is given). */
  z.object({ type: z.literal('investigate'), target: player.nullable() }),
  z.object({ type: z.literal('heal'), target: player }),
  z.object({ type: z.literal('endNightStep') }),
  // day: accusation procedure
  z.object({ type: z.literal('accuse'), accused: player, accuser: player.optional() }),
  z.object({ type: z.literal('withdrawAccusation') }),
  z.object({ type: z.literal('endDefence') }),
  // day: nomination procedure
  z.object({ type: z.literal('nominate'), player }),
  z.object({ type: z.literal('withdrawNomination'), player }),
  z.object({ type: z.literal('closeNominations') }),
  /** The nominees still to speak do not: the plurality vote opens now. */
  z.object({ type: z.literal('skipDefences') }),
  // votes (both procedures)
  z.object({ type: z.literal('castVote'), voter: player, choice: z.union([z.boolean(), player, z.null()]) }),
  z.object({ type: z.literal('setVoteCount'), count: z.number().int().min(0).max(60), candidate: player.optional() }),
  z.object({ type: z.literal('closeVote'), draw: draw.optional() }),
  z.object({ type: z.literal('endLastWords') }),
  z.object({ type: z.literal('endDay') }),
  // the features' own one-seat commands (src/shared/features), below
  ...featureSeatSchemas(),
  // timers
  z.object({ type: z.literal('startTimer'), at, timer }),
  z.object({ type: z.literal('pauseTimer'), at, timer }),
  z.object({ type: z.literal('resumeTimer'), at, timer }),
  z.object({ type: z.literal('addTime'), seconds: z.number().int().min(-3600).max(3600), at, timer }),
  z.object({ type: z.literal('timerExpired'), at, timer, draw: draw.optional() }),
  z.object({ type: z.literal('drawRandomDeath'), draw }),
  // the referee's private note on a player ("claimed doctor day 2"): kept with the game, never public
  z.object({ type: z.literal('note'), player, text: z.string().max(200) }),
])

/**
 * Command fields that hold a seat (identifyRole's `players`: a list of seats; castVote's `choice`
 * when a number): a game file may name them by player, a log line names the player. Checked against
 * the schema above in src/shared/game-file/game-file.test.ts.
 */
export const SEAT_FIELDS = ['player', 'players', 'shooter', 'target', 'accused', 'accuser', 'voter', 'choice', 'candidate'] as const

export type Command = z.infer<typeof commandSchema>
export type CommandType = Command['type']
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>

/**
 * Commands a window sends with nothing but their type (the host adds `draw` where one is needed):
 * each is one yes/no flag in `LegalActions` (src/shared/views.ts), found by asking the engine.
 * A new argument-less command added here gets its flag, its legality and its test fixture for free.
 */
export const SIMPLE_COMMANDS = [
  'endNightStep',
  'withdrawAccusation',
  'endDefence',
  'closeNominations',
  'skipDefences',
  'closeVote',
  'endLastWords',
  'drawRandomDeath',
  'endDay',
] as const satisfies readonly CommandType[]
export type SimpleCommandType = (typeof SIMPLE_COMMANDS)[number]

export { SEAT_COMMANDS, type SeatCommandType }
/** Each one-seat command's field (seat-commands.ts) is a field of that command; no entry names another type. */
type FieldsOf<T extends { readonly [K in CommandType]?: keyof CommandOf<K> } & Record<Exclude<keyof T, CommandType>, never>> = T
export type SeatCommandFields = FieldsOf<typeof SEAT_COMMANDS>

/**
 * What the host fills in, never a window: its clock (`at`) and a crypto draw (`draw`). A command
 * gets each one its schema above declares.
 */
export const HOST_FIELDS = ['at', 'draw'] as const
export type HostField = (typeof HOST_FIELDS)[number]

/** Commands only the host sends (a window may not): the clock running out. */
const HOST_ONLY = ['timerExpired'] as const
type HostOnlyType = (typeof HOST_ONLY)[number]

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A game action as the referee's window sends it: a Command without the host's fields. */
export type RefereeCommand = OmitEach<Exclude<Command, { type: HostOnlyType }>, HostField>

type CommandObject = (typeof commandSchema.options)[number]
const typeOf = (o: CommandObject): CommandType => o.shape.type.value

/** The host's fields each command type declares (derived from commandSchema). */
export const HOST_FIELDS_OF = Object.fromEntries(commandSchema.options.map((o) => [typeOf(o), HOST_FIELDS.filter((f) => f in o.shape)])) as unknown as Record<
  CommandType,
  readonly HostField[]
>

/**
 * commandSchema as a window may use it: without the host-only commands, without the host's fields,
 * and strict (a window that sends `at` or `draw` is refused, not ignored). Derived, so the limits
 * live in commandSchema alone.
 */
export const refereeCommandSchema = z.discriminatedUnion(
  'type',
  commandSchema.options
    .filter((o) => !(HOST_ONLY as readonly string[]).includes(typeOf(o)))
    .map((o) => (o as z.ZodObject).omit(Object.fromEntries(HOST_FIELDS_OF[typeOf(o)].map((f) => [f, true])) as never).strict()) as unknown as [
    z.ZodObject,
    ...z.ZodObject[],
  ],
) as unknown as z.ZodType<RefereeCommand>
