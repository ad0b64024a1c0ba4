import type { Command } from '../../shared/commands'
import type { Line, ProjectorOptions, RefereeNightView, RefereeView } from '../../shared/views'
import { answerStyle, nightVictim, readingOrder, shotTally, stepRole } from '../night'
import { anyLivingWithRole, unidentified } from '../queries'
import type { GameEvent } from '../events'
import type { GameState } from '../state'
import { projectorView, refereeVote } from './projector'
import { blindRefereeView } from './blind'
import { describeCommand, stepMeta } from './step-line'
import { scriptFor } from './script'
import { legalActions } from './legal'

export { legalActions }

/**
 * Everything the referee needs: the projector's view for the preview, the secrets (unless the
 * operator is still a blind player), the words to say, and exactly which actions are legal now.
 */
export function refereeView(
  s: GameState,
  history: { undoable: number; last: Command | null; lastEvents?: readonly GameEvent[]; lastStep?: Line | null } = { undoable: 0, last: null },
  /** The room settings the projector is shown with, so that the preview is exactly the projector. */
  projectorOptions?: ProjectorOptions,
): RefereeView {
  // While the operator is a blind player the view is built apart, from public facts alone.
  if (s.operatorBlind) return blindRefereeView(s, history, projectorOptions)
  return {
    projector: projectorView(s, projectorOptions),
    answerStyle: answerStyle(s),
    blind: false,
    seats: s.setup.players.map((name, seat) => ({
      seat,
      name,
      alive: s.alive[seat] ?? false,
      role: s.roles[seat] ?? null,
      revealed: s.revealed[seat] ?? false,
    })),
    counts: { ...s.setup.deal.counts },
    dealMode: s.setup.deal.mode,
    night: nightView(s),
    vote: refereeVote(s),
    investigations: s.investigations.map((i) => ({ ...i })),
    script: scriptFor(s),
    legal: legalActions(s),
    winner: s.winner,
    undoable: history.undoable,
    notes: [...s.notes],
    lastStep: history.lastStep !== undefined ? history.lastStep : history.last ? describeCommand(stepMeta(s), history.last, history.lastEvents) : null,
  }
}

function nightView(s: GameState): RefereeNightView | null {
  const n = s.night
  if (!n) return null
  const { mafia, tally, needed } = shotTally(s, n)
  return {
    number: n.number,
    steps: n.steps.map((kind, i) => {
      const role = stepRole(kind)
      return {
        kind,
        deadCall: !anyLivingWithRole(s, role) && unidentified(s, role) === 0,
        identify: s.setup.deal.mode === 'physical' && unidentified(s, role) > 0,
        state: i < n.stepIndex ? 'done' : i === n.stepIndex ? 'current' : 'next',
      }
    }),
    readingOrder: readingOrder(s, n),
    shots: Object.entries(n.shots).map(([shooter, target]) => ({ shooter: Number(shooter), target })),
    tally: [...tally].map(([target, count]) => ({ target, count })).sort((a, b) => b.count - a.count),
    needed,
    livingMafia: mafia.length,
    target: n.target,
    investigation: n.investigation ? { ...n.investigation } : null,
    investigationSkipped: n.investigationSkipped,
    heal: n.heal,
    outcome: nightVictim(s, n),
  }
}
