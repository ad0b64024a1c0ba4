import type { Command } from '../shared/commands'
import { GAME_FILE_FORMAT, GAME_FILE_VERSION, type GameFile } from '../shared/game-file'
import { normalizeGameFile } from '../shared/game-file/normalize'
import { fileError, type FileProblem, type GameFileError } from '../shared/game-file/problems'
import { apply } from './apply'
import { parseCommand } from './decide'
import { ok, refuse, type EngineError, type Result } from './errors'
import type { GameEvent } from './events'
import { PRESETS } from './rulesets'
import { checkDeal, newGame, setupProblems, type SetupProblem } from './setup'
import { step } from './step'
import type { GameSetup, GameState } from './state'

/** One accepted command and the events it caused. */
export interface LogEntry {
  command: Command
  events: GameEvent[]
}

/** A game: where it started, every accepted command with its events, and where it is now. Immutable. */
export interface Game {
  readonly setup: GameSetup
  readonly initial: GameState
  readonly log: readonly LogEntry[]
  readonly state: GameState
}

export function createGame(setup: GameSetup): Result<Game> {
  const s = newGame(setup)
  return s.ok ? ok({ setup, initial: s.value, log: [], state: s.value }) : s
}

/**
 * Decide and apply one command (through step: events an emitter already applied are not applied
 * again). A refused command returns the error and the game is unchanged.
 */
export function dispatch(g: Game, command: Command): Result<Game> {
  const r = step(g.state, command)
  if (!r.ok) return r
  return ok({ ...g, log: [...g.log, { command, events: r.value.events }], state: r.value.state })
}

/** The same for input nobody has checked (IPC payloads, files). */
export function dispatchUnknown(g: Game, input: unknown): Result<Game> {
  const c = parseCommand(input)
  return c.ok ? dispatch(g, c.value) : c
}

/** Take back the last `steps` commands: the state is rebuilt from the recorded events. */
export function undo(g: Game, steps = 1): Result<Game> {
  if (!Number.isInteger(steps) || steps < 1) return refuse('bad-undo')
  if (steps > g.log.length) return refuse('undo-too-many', { count: g.log.length })
  const log = g.log.slice(0, g.log.length - steps)
  let state = g.initial
  for (const entry of log) state = entry.events.reduce(apply, state)
  return ok({ ...g, log, state })
}

export interface ReplayFailure extends EngineError {
  /** Index of the refused command in the file's list; -1 when the header itself is bad. */
  index: number
}

/** Run a list of commands from the start. Stops at the first refused command with its index. */
export function replay(setup: GameSetup, commands: readonly unknown[]): { ok: true; value: Game } | { ok: false; error: ReplayFailure; game?: Game } {
  const created = createGame(setup)
  if (!created.ok) return { ok: false, error: { ...created.error, index: -1 } }
  // The same as dispatching each command in turn, with the log built in place (a long game is read
  // in linear time) and every state reached once (step).
  const { initial } = created.value
  const log: LogEntry[] = []
  let state = initial
  for (let i = 0; i < commands.length; i++) {
    const refused = (error: EngineError) => ({ ok: false as const, error: { ...error, index: i }, game: { setup, initial, log: log.slice(), state } })
    const c = parseCommand(commands[i])
    if (!c.ok) return refused(c.error)
    const r = step(state, c.value)
    if (!r.ok) return refused(r.error)
    log.push({ command: c.value, events: r.value.events })
    state = r.value.state
  }
  return { ok: true, value: { setup, initial, log, state } }
}

export function toGameFile(g: Game, meta: { id?: string; createdAt?: string } = {}): GameFile {
  return {
    format: GAME_FILE_FORMAT,
    version: GAME_FILE_VERSION,
    ...meta,
    ruleset: g.setup.ruleset,
    players: [...g.setup.players],
    deal: g.setup.deal,
    commands: g.log.map((e) => e.command),
  }
}

export type GameFileRead =
  { ok: true; value: { setup: GameSetup; commands: Command[]; file: GameFile; notices: string[] } } | { ok: false; error: GameFileError }

/**
 * Read a game file (any supported version, short or full form) into a setup and its commands.
 * Refused: `bad-file` (not a game file, a wrong or unknown field), `newer-version`, or `bad-setup`
 * (a well-formed game that cannot start), each with every problem and its path. `file` is the
 * full form (what Nightfall writes); `notices` say what a migration from an older version changed.
 */
export function parseGameFile(input: unknown): GameFileRead {
  const n = normalizeGameFile(input, PRESETS)
  if (!n.ok) return n
  const f = n.file
  const setup: GameSetup = { ruleset: f.ruleset, players: f.players, deal: f.deal }
  const problems = setupFileProblems(setup)
  if (problems.length) return { ok: false, error: fileError('bad-setup', problems) }
  return { ok: true, value: { setup, commands: f.commands, file: f, notices: n.notices } }
}

const SETUP_PATH: Record<SetupProblem['code'], string> = {
  ruleset: 'ruleset.options',
  players: 'players',
  names: 'players',
  counts: 'deal.counts',
  balance: 'deal.counts',
}

/** Why a well-formed setup cannot start, each problem with the part of the file it is about. */
function setupFileProblems(setup: GameSetup): FileProblem[] {
  const out = setupProblems(setup.ruleset, setup.players, setup.deal.counts, 'file').map((p) => ({ path: SETUP_PATH[p.code], message: p.message }))
  if (out.length) return out
  const deal = checkDeal(setup)
  if (deal) return [{ path: 'deal.roles', message: deal }]
  const started = newGame(setup)
  return started.ok ? [] : [{ path: 'deal', message: started.error.message }]
}
