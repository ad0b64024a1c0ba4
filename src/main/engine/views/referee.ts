import type { Command } from '../../../shared/commands'
import type { RoleId } from '../../../shared/roles'
import type { LegalActions, Line, ProjectorOptions, RefereeNightView, RefereeView } from '../../../shared/views'
import { decide } from '../decide'
import { answerStyle, endStepBlocker, nightVictim, readingOrder, shotTally, stepRole } from '../night'
import { anyLivingWithRole, livingWithRole, unidentified } from '../queries'
import type { GameEvent } from '../events'
import type { GameState } from '../state'
import { projectorView, publicVote } from './projector'
import { scriptFor } from './script'

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
  const blind = s.operatorBlind
  const d = s.day
  const v = d?.vote ?? null
  return {
    projector: projectorView(s, projectorOptions),
    answerStyle: answerStyle(s),
    blind,
    seats: s.setup.players.map((name, seat) => ({
      seat,
      name,
      alive: s.alive[seat] ?? false,
      role: blind && !s.revealed[seat] ? null : (s.roles[seat] ?? null),
      revealed: s.revealed[seat] ?? false,
    })),
    counts: { ...s.setup.deal.counts },
    dealMode: s.setup.deal.mode,
    night: blind ? null : nightView(s),
    vote: v
      ? {
          ...publicVote(v),
          eligibleSeats: [...v.eligible],
          ballots: Object.entries(v.ballots).map(([voter, choice]) => ({ voter: Number(voter), choice })),
          directCounts: Object.keys(v.counts).length > 0,
        }
      : null,
    investigations: blind ? [] : s.investigations.map((i) => ({ ...i })),
    script: scriptFor(s),
    legal: legalActions(s),
    winner: s.winner,
    undoable: history.undoable,
    notes: [...s.notes],
    lastStep: history.lastStep !== undefined ? history.lastStep : history.last ? describe(s, history.last, history.lastEvents) : null,
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

/** Legal actions are found by asking the engine itself, so the window can never offer a move the rules refuse. */
export function legalActions(s: GameState): LegalActions {
  const can = (c: Command) => decide(s, c).ok
  const seats = s.setup.players.map((_, i) => i)
  const which = (f: (p: number) => Command) => seats.filter((p) => can(f(p)))
  const shoot: Record<number, number[]> = {}
  for (const m of livingWithRole(s, 'mafia')) {
    const targets = which((t) => ({ type: 'shoot', shooter: m, target: t }))
    if (targets.length) shoot[m] = targets
  }
  const noShot = livingWithRole(s, 'mafia').filter((m) => can({ type: 'shoot', shooter: m, target: null }))
  const n = s.night
  const step = n ? n.steps[n.stepIndex] : undefined
  let identify: LegalActions['identify'] = null
  if (step && s.setup.deal.mode === 'physical') {
    const role: RoleId = stepRole(step)
    const missing = unidentified(s, role)
    // Living players first (they are the ones awake); dead unrecorded players may be recorded too.
    const candidates = [...seats.filter((p) => s.alive[p] && s.roles[p] === null), ...seats.filter((p) => !s.alive[p] && s.roles[p] === null)]
    const probe = role === 'mafia' ? candidates.slice(0, missing) : []
    if (missing > 0 && can({ type: 'identifyRole', role, players: probe }))
      identify = { role, count: missing, exact: role === 'mafia', candidates }
  }
  const clockTarget = s.day?.stage === 'defence' && s.defenceTimer ? s.defenceTimer : s.dayTimer
  return {
    identify,
    setReadingStart: which((p) => ({ type: 'setReadingStart', player: p })),
    shoot,
    noShot,
    chooseTarget: which((t) => ({ type: 'chooseTarget', target: t })),
    investigate: which((t) => ({ type: 'investigate', target: t })),
    skipInvestigation: can({ type: 'investigate', target: null }),
    heal: which((t) => ({ type: 'heal', target: t })),
    endNightStep: can({ type: 'endNightStep' }),
    endNightStepWhy: s.phase === 'night' && !s.operatorBlind ? (endStepBlocker(s)?.line ?? null) : null,
    accuse: which((p) => ({ type: 'accuse', accused: p })),
    accusers: seats.filter((p) => s.alive[p]),
    withdrawAccusation: can({ type: 'withdrawAccusation' }),
    endDefence: can({ type: 'endDefence' }),
    nominate: which((p) => ({ type: 'nominate', player: p })),
    withdrawNomination: which((p) => ({ type: 'withdrawNomination', player: p })),
    closeNominations: can({ type: 'closeNominations' }),
    closeNominationsExecutes: executedBy(s, { type: 'closeNominations' }),
    castVote: s.day?.vote ? [...s.day.vote.eligible] : [],
    setVoteCount: !!s.day?.vote,
    closeVote: !!s.day?.vote && (can({ type: 'closeVote' }) || can({ type: 'closeVote', draw: 0 })),
    endLastWords: can({ type: 'endLastWords' }),
    drawRandomDeath: can({ type: 'drawRandomDeath', draw: 0 }),
    endDay: can({ type: 'endDay' }),
    startTimer: !!clockTarget && clockTarget.deadline === null && !clockTarget.expired && s.phase === 'day',
    pauseTimer: !!clockTarget && clockTarget.deadline !== null && s.phase === 'day',
    addTime: !!clockTarget && !clockTarget.expired && s.phase === 'day',
    note: s.phase !== 'over',
  }
}

/** Who the command would execute at once, asked of the engine itself (null: nobody, or refused). */
function executedBy(s: GameState, c: Command): number | null {
  const r = decide(s, c)
  if (!r.ok) return null
  const died = r.value.find((e) => e.type === 'playerDied' && e.cause === 'execution')
  return died?.type === 'playerDied' ? died.player : null
}

/**
 * A short description of an accepted command, for the undo button and the game log. With the
 * command's events it says what came of it (who died, how a vote ended).
 */
export function describe(s: GameState, c: Command, events: readonly GameEvent[] = []): Line {
  const name = (p: number | null | undefined) => (p === null || p === undefined ? '—' : (s.setup.players[p] ?? `#${p}`))
  const params: Record<string, string | number> = { type: c.type }
  for (const [k, val] of Object.entries(c)) {
    if (k === 'type' || k === 'at' || k === 'draw') continue
    if (typeof val === 'number' && ['shooter', 'target', 'player', 'accused', 'accuser', 'voter', 'candidate'].includes(k)) params[k] = name(val)
    else if (Array.isArray(val)) params[k] = val.map((p) => name(p as number)).join(', ')
    else if (val !== undefined) params[k] = String(val)
  }
  if (c.type === 'castVote' && typeof c.choice === 'number') params.choice = name(c.choice)
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
    if (closed.kind !== 'plurality') return { key: closed.passed ? 'step.closeVotePassed' : 'step.closeVoteFailed', params: { ...params, yes: closed.yes, needed: closed.needed } }
  }
  if (died.length) return { key: c.type === 'closeNominations' ? 'step.loneExecuted' : 'step.randomDeathOf', params: { ...params, name: died.map(name).join(', ') } }
  return { key: `step.${c.type}`, params }
}
