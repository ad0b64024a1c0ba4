import type { Command } from '../../shared/commands'
import type { Line, ProjectorOptions, RefereeView } from '../../shared/views'
import { refusal, type EngineError } from '../errors'
import type { GameEvent } from '../events'
import { answerStyle, NIGHT_COMMANDS } from '../night'
import type { GameState } from '../state'
import { describeCommand, stepMeta } from './step-line'
import { blindLegalActions } from './legal'
import { projectorView, refereeVote } from './projector'
import { blindScript } from './script'

/**
 * The referee window's view while its operator is still a blind player (variant
 * `firstDeadBecomesReferee`, until the first death by day hands the game over). Built field by
 * field from public facts — the projector's view, the names, the deal's counts, the open vote (hands
 * are raised in front of the room), the operator's own notes and presses — never by copying the
 * referee's view and blanking secrets, so a secret added to the state tomorrow cannot reach it.
 * noninterference.test.ts proves it: twin games dealt differently give byte-identical blind views.
 */
export function blindRefereeView(
  s: GameState,
  history: { undoable: number; last: Command | null; lastEvents?: readonly GameEvent[]; lastStep?: Line | null },
  projectorOptions?: ProjectorOptions,
): RefereeView {
  const projector = projectorView(s, projectorOptions)
  return {
    projector,
    answerStyle: answerStyle(s),
    blind: true,
    seats: projector.seats.map((p) => ({ seat: p.seat, name: p.name, alive: p.alive, role: p.role, revealed: s.revealed[p.seat] ?? false })),
    counts: { ...s.setup.deal.counts },
    dealMode: s.setup.deal.mode,
    night: null,
    vote: refereeVote(s),
    investigations: [],
    script: blindScript(s),
    legal: blindLegalActions(s),
    winner: null,
    undoable: history.undoable,
    notes: [...s.notes],
    lastStep: history.lastStep !== undefined ? history.lastStep : history.last ? describeCommand(stepMeta(s), history.last, history.lastEvents) : null,
  }
}

const NIGHT: ReadonlySet<string> = new Set(NIGHT_COMMANDS)

/**
 * The refusal the operator reads. While the operator is a blind player, a refused night action
 * reads the same whatever the engine's reason: that reason may name a secret ("Anna cannot shoot:
 * her card is not the mafia's", "waiting for the shot of Bence", which call the night is at), and
 * even its code or which check came first could. By day nothing the engine checks depends on a role,
 * so the reason stays. That a night action was refused at all is inherent (the blind operator
 * records what the players showed; the rules must still refuse what they do not allow):
 * noninterference.test.ts checks that for twin deals the words are the same whenever both refuse.
 */
export function shownRefusal(s: GameState, c: Command, e: EngineError): EngineError {
  return s.operatorBlind && NIGHT.has(c.type) ? refusal('blind-night') : e
}
