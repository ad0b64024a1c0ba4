import { SEAT_FIELDS, type Command, type CommandType } from '../../shared/commands'
import { seatName } from '../../shared/seat-name'
import type { Line } from '../../shared/views'
import { STEP_LINES } from '../decide'
import type { GameEvent } from '../events'
import { NIGHT_COMMANDS } from '../night'
import type { GameState } from '../state'

/** The night's commands but the call's end: who shot, chose, asked, healed or was recorded. */
const HIDDEN_WHILE_BLIND: ReadonlySet<CommandType> = new Set<CommandType>(NIGHT_COMMANDS.filter((t) => t !== 'endNightStep'))

/**
 * What a step's line may use besides the command and its events: the players' names and whether
 * the one reading the log is blind — the same for every line of a game, whenever its command was
 * given (never the state now, which is not the state the command met).
 */
export interface StepMeta {
  readonly players: readonly string[]
  readonly operatorBlind: boolean
}

/** The meta of the game `s` is in, for the log read now. */
export const stepMeta = (s: GameState): StepMeta => ({ players: s.setup.players, operatorBlind: s.operatorBlind })

/**
 * A short description of an accepted command, for the undo button and the game log. With the
 * command's events it says what came of it (who died, how a vote ended).
 */
export function describeCommand(meta: StepMeta, c: Command, events: readonly GameEvent[] = []): Line {
  // A blind operator's log names no night actor: only the calls' end (and what the room is told).
  if (meta.operatorBlind && HIDDEN_WHILE_BLIND.has(c.type)) return { key: 'step.hidden', params: {} }
  const name = (p: number | null | undefined) => seatName(meta.players, p, '—')
  const params: Record<string, string | number> = { type: c.type }
  for (const [k, val] of Object.entries(c)) {
    if (k === 'type' || k === 'at' || k === 'draw') continue
    if (typeof val === 'number' && (SEAT_FIELDS as readonly string[]).includes(k)) params[k] = name(val)
    else if (Array.isArray(val)) params[k] = val.map((p) => name(p as number)).join(', ')
    else if (val !== undefined) params[k] = String(val)
  }
  // A raised hand taken back is not a "no": it is logged as taken back.
  const cast = events.find((e) => e.type === 'voteCast')
  if (c.type === 'castVote' && cast?.type === 'voteCast') {
    if (cast.previous === true && c.choice === false) return { key: 'step.voteTakenBack', params }
    if (typeof cast.previous === 'number' && c.choice === null) return { key: 'step.voteTakenBackFrom', params: { ...params, candidate: name(cast.previous) } }
  }
  const died = events.flatMap((e) => (e.type === 'nightEnded' ? e.deaths : e.type === 'playerDied' ? [e.player] : []))
  const closed = events.find((e) => e.type === 'voteClosed')
  if (c.type === 'endNightStep' && events.some((e) => e.type === 'nightEnded'))
    return { key: died.length ? 'step.nightEndedDeath' : 'step.nightEndedNoDeath', params: { ...params, name: died.map(name).join(', ') } }
  if ((c.type === 'shoot' || c.type === 'investigate') && c.target === null) {
    delete params.target
    return { key: c.type === 'shoot' ? 'step.noShot' : 'step.noInvestigation', params }
  }
  if (c.type === 'accuse' && c.accuser !== undefined) return { key: 'step.accuseBy', params }
  if (closed && closed.type === 'voteClosed') {
    if (died.length) return { key: 'step.closeVoteExecuted', params: { ...params, name: name(died[0]), yes: closed.yes } }
    if (closed.kind !== 'plurality')
      return { key: closed.passed ? 'step.closeVotePassed' : 'step.closeVoteFailed', params: { ...params, yes: closed.yes, needed: closed.needed } }
  }
  for (const own of STEP_LINES) {
    const line = own(meta.players, c, events)
    if (line) return line
  }
  if (died.length)
    return { key: c.type === 'closeNominations' ? 'step.loneExecuted' : 'step.randomDeathOf', params: { ...params, name: died.map(name).join(', ') } }
  return { key: `step.${c.type}`, params }
}
