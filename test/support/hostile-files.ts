import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './paths'

/**
 * Game files made to cost the reader as much as possible: many players with the longest names, and
 * thousands of commands naming players that do not exist (each such name would be compared with every
 * player for a "did you mean" suggestion). Used by the import tests, the fuzz tests and the bench.
 */

const name = (prefix: string, i: number, length: number): string => (prefix + String(i).padStart(4, '0')).padEnd(length, 'x')

/** 60 players with 60-character names and `commands` commands naming two unknown 64-character players each. */
export function unknownNamesFile(commands: number): string {
  const base = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', 'maffiasig-12.json'), 'utf8')) as Record<string, unknown>
  const players = Array.from({ length: 60 }, (_, i) => name('Player', i, 60))
  const list = Array.from({ length: commands }, (_, i) => ({ type: 'shoot', shooter: name('Nobody', i, 64), target: name('Stranger', i, 64) }))
  return JSON.stringify({ ...base, id: undefined, players, deal: Object.fromEntries(players.slice(0, 10).map((p) => [p, 'mafia'])), commands: list })
}

/** The reported file: about 434 KB (2,500 commands). */
export const HOSTILE_434KB = (): string => unknownNamesFile(2_500)

/** A file of about `bytes` bytes (just under), of the same kind. */
export function hostileFileOf(bytes: number): string {
  const per = unknownNamesFile(2).length - unknownNamesFile(1).length
  const head = unknownNamesFile(0).length
  return unknownNamesFile(Math.floor((bytes - head) / per))
}

/** A legal game of about `bytes` bytes: the first day's clock started and paused again and again (every command replays). */
export function legalLongFile(bytes: number): string {
  const base = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', 'maffiasig-12.json'), 'utf8')) as { commands: unknown[] }
  const head = base.commands.slice(0, 2) // the night's end, then the day clock started at 0
  const pair = (i: number) => [
    { type: 'pauseTimer', at: 2 * i + 1 },
    { type: 'startTimer', at: 2 * i + 2 },
  ]
  const per = JSON.stringify(pair(100_000)).length
  const commands = [...head, ...Array.from({ length: Math.floor((bytes - JSON.stringify(base).length) / per) }, (_, i) => pair(i)).flat()]
  return JSON.stringify({ ...base, id: undefined, commands })
}

/** Other ways to make a reader look at thousands of mistakes: each a file of about 300–700 KB. */
export function otherHostileFiles(): Record<string, string> {
  const base = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', 'maffiasig-12.json'), 'utf8')) as Record<string, unknown> & { players: string[] }
  const many = (n: number, f: (i: number) => [string, unknown]) => Object.fromEntries(Array.from({ length: n }, (_, i) => f(i)))
  const typoKey = (i: number) => `acuser${String(i).padStart(5, '0')}`.padEnd(30, 'x')
  return {
    'a deal by name of 10,000 unknown players': JSON.stringify({ ...base, deal: many(10_000, (i) => [name('Playr', i, 30), 'mafa']) }),
    'a short-form ruleset with 10,000 unknown options': JSON.stringify({
      ...base,
      ruleset: { preset: 'maffiasig', changes: many(10_000, (i) => [typoKey(i), true]) },
    }),
    '5,000 commands with unknown keys and types': JSON.stringify({
      ...base,
      commands: Array.from({ length: 5_000 }, (_, i) => ({ type: `shooot${i}`, [typoKey(i)]: 1 })),
    }),
    'one command with 20,000 unknown keys': JSON.stringify({
      ...base,
      commands: [{ type: 'accuse', accused: 1, accuser: 2, ...many(20_000, (i) => [typoKey(i), i]) }],
    }),
    'the 434 KB file': HOSTILE_434KB(),
  }
}
