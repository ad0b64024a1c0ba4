/**
 * The ruleset options added after the first presets and game files, each declared once, here, as
 * plain data (no zod: the referee window imports this at run time): the kind of value it takes,
 * its bounds, its default — the value every older ruleset, preset and game file reads it as, so
 * none of them names it — and its group in the options editor. rulesetOptionsSchema (ruleset.ts)
 * builds each one's schema from this table and the editor (src/renderer/referee/optionFields.ts)
 * its field; its words are `options.<key>.label` and `.help`, in the feature's locale file.
 */
export type OptionGroupId = 'night' | 'day' | 'end' | 'phones' | 'table'

export type AddedOption =
  { kind: 'bool'; default: boolean; group: OptionGroupId } | { kind: 'nullableInt'; min: number; max: number; default: number | null; group: OptionGroupId }

export const ADDED_OPTIONS = {
  /**
   * Sports-mafia clubs (none of the three source texts): the referee gives a living player a foul by
   * day; this many fouls remove the player (a death by day). null = no fouls.
   */
  foulsToRemove: { kind: 'nullableInt', min: 1, max: 10, default: null, group: 'day' },
  /**
   * The night on the phones (docs/room.md): every living seated player picks a name on their phone
   * at every call; the actors' picks become the referee's night commands. Off: a ruleset written
   * before it reads as off.
   */
  nightOnPhones: { kind: 'bool', default: false, group: 'phones' },
  /**
   * The day's votes on the phones (docs/room.md): each living voter votes on their phone while a
   * vote is open; a vote becomes the referee's castVote. Off: a ruleset written before it reads as off.
   */
  votesOnPhones: { kind: 'bool', default: false, group: 'phones' },
} as const satisfies Record<string, AddedOption>

export type AddedOptionKey = keyof typeof ADDED_OPTIONS
