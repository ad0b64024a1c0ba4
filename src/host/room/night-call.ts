import type { ApiError } from '../../shared/api-result'
import type { RefereeCommand } from '../../shared/commands'
import type { PhoneCall, PhoneCallKind, PhoneCallMine, PhoneCallPublic, PhonePick, RefereeCall } from '../../shared/room'
import type { RoleId } from '../../shared/roles'
import { answerStyleOf } from '../../shared/answer-style'
import { seatSecrets, type GameState } from '../../engine'

/**
 * The night on the phones (the ruleset's `nightOnPhones`; docs/room.md, "The night on the phones"):
 * at each night call every living seated player picks a name on their phone. The actors' picks are
 * what the referee takes (as the commands a click makes: `commandsOf`); everyone else's is a decoy
 * that makes the table uniform, kept here and never in the game. What each phone is told of a call
 * (`phoneCallOf`) is its public part — the same for every phone — and the seat's own part, built by
 * allow-list: its pick, a mafioso's partners' picks when the mafia agree on one victim, the
 * investigator's answer once taken. Whether a pick is accepted never depends on a role (`accepts`).
 */

/** The shortest call (ms): a dead role's call lasts as long as any other (RoomPartDeps.callMinMs changes it for tests). */
export const NIGHT_CALL_MIN_MS = 15_000
/** Picks one seat may make at one call (changing its mind included): a phone cannot make the room push without end. */
export const PICKS_PER_CALL = 30

/** The call now and the seat's role at it: a night step whose role picks, under a ruleset with the night on the phones. */
export function callKindOf(s: GameState | null): PhoneCallKind | null {
  if (!s || s.phase !== 'night' || !s.night || !s.setup.ruleset.options.nightOnPhones) return null
  const step = s.night.steps[s.night.stepIndex]
  return step === 'mafia' || step === 'investigator' || step === 'doctor' ? step : null
}

export const callIdOf = (s: GameState): string => `${s.night?.number ?? 0}.${s.night?.stepIndex ?? 0}`

const actsAt = (kind: PhoneCallKind, role: RoleId | null): boolean => role === kind

/** The seats that act at this call: living, of the call's role. */
export const actorsOf = (s: GameState, kind: PhoneCallKind): number[] => s.roles.flatMap((r, p) => (s.alive[p] && actsAt(kind, r) ? [p] : []))

/** One call's picks (host memory: a restart forgets them and the phones pick again). */
export interface CallPicks {
  id: string
  kind: PhoneCallKind
  openedAt: number
  /** seat → the seat it picked. */
  picks: Map<number, number>
  /** How many picks each seat made (PICKS_PER_CALL). */
  made: Map<number, number>
  /** The referee has taken the picks. */
  done: boolean
  /** What the engine refused of the picks taken, and whose picks they were (`RefereeCall.refused`). */
  refused: { seats: number[]; error: ApiError }[]
}

/** The call's public part: the same for every phone. `phones`: the seats with an admitted phone. */
export function callPublic(s: GameState, call: CallPicks, phones: ReadonlySet<number>): PhoneCallPublic {
  const waited = s.alive.flatMap((a, p) => (a && phones.has(p) ? [p] : []))
  const answered = waited.filter((p) => call.picks.has(p)).length
  return { id: call.id, kind: call.kind, answered, total: waited.length, done: call.done, style: answerStyleOf(s.setup.ruleset) }
}

/** What seat `seat` may know of the call, by allow-list. */
export function callMine(s: GameState, call: CallPicks, seat: number): PhoneCallMine {
  const o = s.setup.ruleset.options
  const pick = call.picks.get(seat) ?? null
  const role = s.roles[seat] ?? null
  const acting = s.alive[seat] === true && actsAt(call.kind, role)
  // The mafia agreeing on one victim see each other's picks (they agree without a sound); individual shots are each mafioso's own.
  const known = acting && call.kind === 'mafia' && o.killResolution === 'groupTarget' ? seatSecrets(s, seat).partners : null
  const partners = known && known.filter((p) => s.alive[p]).map((p) => ({ seat: p, pick: call.picks.get(p) ?? null }))
  const inv = s.night?.investigation ?? null
  const answer = acting && call.kind === 'investigator' && call.done && inv ? { target: inv.target, isMafia: inv.isMafia } : null
  return { pick, partners, answer }
}

export const phoneCallOf = (s: GameState, call: CallPicks, seat: number, phones: ReadonlySet<number>): PhoneCall => ({
  ...callPublic(s, call, phones),
  mine: callMine(s, call, seat),
})

/**
 * Every seat's part and the public part, as one string: when it changes every phone is sent its
 * screen (seal.ts, pushKey) — never one phone alone, which would tell by its timing whose part changed.
 */
export function callEpoch(s: GameState | null, call: CallPicks | null, phones: ReadonlySet<number>): string {
  if (!s || !call) return ''
  return JSON.stringify([callPublic(s, call, phones), s.setup.players.map((_, p) => callMine(s, call, p))])
}

/**
 * Is this pick taken? The same answer for every role: the phone's seat is alive, the call is open
 * and the one named, the target a living seat (oneself included: a doctor may heal themself, and
 * every phone offers the same names). What the rules refuse (a mafioso shooting themself) is the
 * engine's to say when the referee takes the picks.
 */
export function accepts(s: GameState, call: CallPicks, seat: number, pick: PhonePick): boolean {
  if (call.done || pick.call !== call.id) return false
  if (s.alive[seat] !== true || s.alive[pick.target] !== true) return false
  return (call.made.get(seat) ?? 0) < PICKS_PER_CALL
}

/** One name, or null when the picks (none, or differing) do not agree. */
function agreed(picks: (number | undefined)[]): number | null {
  const named = picks.filter((p): p is number => p !== undefined)
  return named.length && named.every((p) => p === named[0]) ? named[0]! : null
}

/**
 * The commands the referee's clicks would make from the actors' picks: a shot for each mafioso
 * (MaffiaSIG), else the one victim, the one inspected, the one healed when the actors agree. Seats
 * without a pick (no phone, a phone that died) are left to the referee, as today.
 */
export function commandsOf(s: GameState, call: CallPicks): RefereeCommand[] {
  const actors = actorsOf(s, call.kind)
  if (call.kind === 'mafia' && s.setup.ruleset.options.killResolution === 'individualShots')
    return actors.flatMap((p) => (call.picks.has(p) ? [{ type: 'shoot' as const, shooter: p, target: call.picks.get(p)! }] : []))
  const one = agreed(actors.map((p) => call.picks.get(p)))
  if (one === null) return []
  if (call.kind === 'mafia') return [{ type: 'chooseTarget', target: one }]
  if (call.kind === 'investigator') return [{ type: 'investigate', target: one }]
  return [{ type: 'heal', target: one }]
}

/** The seats whose picks made command `c` of this call: a mafioso's own shot, or the actors who picked the agreed name. */
export function pickersOf(s: GameState, call: CallPicks, c: RefereeCommand): number[] {
  if (c.type === 'shoot') return [c.shooter]
  return actorsOf(s, call.kind).filter((p) => call.picks.has(p))
}

/** The call as the referee sees it (never on the network); with the operator blind (the variant), no pick and no role. */
export function refereeCallOf(s: GameState, call: CallPicks, phones: ReadonlySet<number>, now: number, minMs: number): RefereeCall {
  const pub = callPublic(s, call, phones)
  const blind = s.operatorBlind
  const seats = s.setup.players.flatMap((name, seat) =>
    s.alive[seat]
      ? [
          {
            seat,
            name,
            phone: phones.has(seat),
            answered: call.picks.has(seat),
            pick: blind ? null : (call.picks.get(seat) ?? null),
            acts: blind ? null : actsAt(call.kind, s.roles[seat] ?? null),
          },
        ]
      : [],
  )
  const minUntil = call.openedAt + minMs
  const minPassed = now >= minUntil
  const refused = call.refused.map((r) => ({ seats: blind ? [] : r.seats, error: r.error }))
  return { ...pub, seats, minUntil, minPassed, ready: minPassed && pub.answered === pub.total, refused }
}

/** The call the game is at, kept across pushes: a new call (the referee moved on, or undid a step) starts with no pick. */
export class NightCalls {
  private call: CallPicks | null = null

  /** The call now (a new one when the game moved to another call); null when no call is on the phones. */
  sync(s: GameState | null, now: number): CallPicks | null {
    const kind = callKindOf(s)
    if (!s || !kind) return (this.call = null)
    const id = callIdOf(s)
    if (this.call?.id !== id || this.call.kind !== kind) this.call = { id, kind, openedAt: now, picks: new Map(), made: new Map(), done: false, refused: [] }
    return this.call
  }

  get current(): CallPicks | null {
    return this.call
  }

  /** A phone's pick for its own seat: taken, or refused (the same refusal for every role). */
  pick(s: GameState | null, seat: number, pick: PhonePick, now: number): boolean {
    const call = this.sync(s, now)
    if (!s || !call || !accepts(s, call, seat, pick)) return false
    call.made.set(seat, (call.made.get(seat) ?? 0) + 1)
    call.picks.set(seat, pick.target)
    return true
  }
}
