import type { CommandOf, CommandType, SeatCommandType } from '../shared/commands'
import type { RulesetOptions } from '../shared/ruleset'
import type { RoleId } from '../shared/roles'
import { seatName, seatNumber } from '../shared/seat-name'
import { answerStyleOf } from '../shared/answer-style'
import type { AnswerStyle } from '../shared/views'
import { Emitter } from './emitter'
import { ok, refuse, refused, type Refused, type Result } from './errors'
import type { GameEvent } from './events'
import { startDayEvents } from './phases'
import { isPlayer, living, anyLivingWithRole, livingWithRole, strictMajority, unidentified, winnerOf } from './queries'
import { seatCommandsOf, type SeatRule } from './seat-rule'
import type { GameState, NightState, NightStepKind } from './state'

/** The night: the calls in order, the mafia's shots or target, investigation, healing, and the resolution. */

type NightResult = Result<GameEvent[]>

export const stepRole = (k: NightStepKind): Exclude<RoleId, 'citizen'> => (k === 'mafiaMeet' ? 'mafia' : k)

const currentStep = (s: GameState): NightStepKind | null => (s.night ? (s.night.steps[s.night.stepIndex] ?? null) : null)

function needsIdentification(s: GameState, n: NightState, step: NightStepKind): boolean {
  const role = stepRole(step)
  if (unidentified(s, role) === 0) return false
  if (step === 'mafiaMeet') return !s.operatorBlind
  if (role === 'mafia') return true
  return !n.identified
}

export function decideNight(s: GameState, c: CommandOf<NightCommandType>): NightResult {
  const n = s.night
  const step = currentStep(s)
  if (s.phase !== 'night' || !n || !step) return refuse('not-night')
  const role = stepRole(step)

  switch (c.type) {
    case 'identifyRole': {
      if (c.role !== role) return wrongStep(c.role)
      if (s.setup.deal.mode !== 'physical' || unidentified(s, role) === 0) return refuse('all-identified', { role })
      if (n.identified) return refuse('call-identified')
      const seen = new Set<number>()
      // A dead player may be recorded too: with a day first (or the blind-operator variant) an
      // unrecorded mafioso can die before the mafia's first call, and the count must still add up.
      for (const p of c.players) {
        const e = needPlayer(s, p)
        if (e) return e
        if (s.roles[p] !== null) return refuse('has-role', { name: seatName(s.setup.players, p) })
        if (seen.has(p)) return refuse('listed-twice', { name: seatName(s.setup.players, p) })
        seen.add(p)
      }
      const missing = unidentified(s, role)
      if (role === 'mafia' && c.players.length !== missing) return refuse('mafia-count', { role, count: missing, given: c.players.length })
      if (c.players.length > missing) return refuse('too-many-identified', { role, count: missing })
      // Recording the cards can show that the game was already decided (a dead mafioso recorded late).
      const em = new Emitter(s).emit({ type: 'roleIdentified', role, players: [...c.players], citizens: citizensShown(s, role, c.players) })
      const w = winnerOf(em.state)
      if (w) em.emit({ type: 'gameOver', winner: w })
      return ok(em.events)
    }
    case 'setReadingStart':
      return (
        NIGHT_SEAT_RULES.setReadingStart.now(s) ?? NIGHT_SEAT_RULES.setReadingStart.seat(s, c.player) ?? ok([{ type: 'readingStartSet', player: c.player }])
      )
    case 'shoot':
      return shootNow(s) ?? shootRefusal(s, n, c.shooter, c.target) ?? ok([{ type: 'shotRecorded', shooter: c.shooter, target: c.target }])
    case 'clearShot': {
      if (step !== 'mafia') return wrongStep('mafia')
      if (n.shots[c.shooter] === undefined) return refuse('no-shot', { name: seatName(s.setup.players, c.shooter) })
      return ok([{ type: 'shotCleared', shooter: c.shooter }])
    }
    case 'chooseTarget':
      return NIGHT_SEAT_RULES.chooseTarget.now(s) ?? NIGHT_SEAT_RULES.chooseTarget.seat(s, c.target) ?? ok([{ type: 'targetChosen', target: c.target }])
    case 'investigate': {
      const e = NIGHT_SEAT_RULES.investigate.now(s)
      if (e) return e
      // The rules say the investigators *may* ask: "did not ask" is recorded, and no answer is given.
      if (c.target === null) return ok([{ type: 'investigationSkipped' }])
      return NIGHT_SEAT_RULES.investigate.seat(s, c.target) ?? ok([{ type: 'investigated', target: c.target, isMafia: s.roles[c.target] === 'mafia' }])
    }
    case 'heal':
      return NIGHT_SEAT_RULES.heal.now(s) ?? NIGHT_SEAT_RULES.heal.seat(s, c.target) ?? ok([{ type: 'healChosen', target: c.target }])
    case 'endNightStep':
      return endStep(s, n)
  }
}

function needPlayer(s: GameState, p: number): Refusal {
  return isPlayer(s, p) ? null : refuse('no-seat', { seat: seatNumber(p) })
}
function needAlive(s: GameState, p: number): Refusal {
  return needPlayer(s, p) ?? (s.alive[p] ? null : refuse('dead', { name: seatName(s.setup.players, p) }))
}
/** The command belongs to another call: the call it belongs to, named by its role. */
const wrongStep = (role: RoleId): Refused => refuse('other-call', { role })

type Refusal = Refused | null

/** The night's call now, or the refusal of any night command (it is not night). */
function callNow(s: GameState): { n: NightState; step: NightStepKind; o: RulesetOptions } | Refused {
  const n = s.night
  const step = currentStep(s)
  if (s.phase !== 'night' || !n || !step) return refuse('not-night')
  return { n, step, o: s.setup.ruleset.options }
}

/** While the operator is a blind player: every living seat, by night, when the ruleset has the action (the engine refuses the rest). */
const blindNight = (s: GameState, has: boolean): number[] => (s.phase === 'night' && has ? living(s) : [])

/**
 * The one-seat night commands (`SeatRule`, seat-rule.ts). Their checks read roles and the call, so
 * the blind operator is offered every living seat for each action the ruleset has (`blind`).
 */
export const NIGHT_SEAT_RULES = {
  setReadingStart: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      return at.step !== 'mafia' || !at.o.readNamesAtShots ? refuse('names-not-read') : null
    },
    seat: (s: GameState, p: number): Refusal => needAlive(s, p),
    blind: (s: GameState): number[] => blindNight(s, s.setup.ruleset.options.killResolution === 'individualShots' && s.setup.ruleset.options.readNamesAtShots),
  },
  chooseTarget: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      if (at.step !== 'mafia') return wrongStep('mafia')
      if (at.o.killResolution !== 'groupTarget') return refuse('uses-shots')
      return needsIdentification(s, at.n, at.step) ? refuse('identify-first', { role: 'mafia' }) : null
    },
    seat(s: GameState, p: number): Refusal {
      const e = needAlive(s, p)
      if (e) return e
      return !s.setup.ruleset.options.mafiaMayTargetMafia && s.roles[p] === 'mafia' ? refuse('target-own', { role: 'mafia' }) : null
    },
    blind: (s: GameState): number[] => blindNight(s, s.setup.ruleset.options.killResolution === 'groupTarget'),
  },
  /** `now` also decides "did not ask" (target null): it is accepted whenever `now` passes. */
  investigate: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      if (at.step !== 'investigator') return wrongStep('investigator')
      if (needsIdentification(s, at.n, at.step)) return refuse('identify-first', { role: 'investigator' })
      if (!anyLivingWithRole(s, 'investigator')) return refuse('role-dead-call', { role: 'investigator' })
      // The answer is signed at once: a second point the same night would be a second answer.
      if (at.n.investigation) return refuse('investigated-tonight', { role: 'investigator' })
      if (at.n.investigationSkipped) return refuse('investigation-skipped', { role: 'investigator' })
      return null
    },
    seat(s: GameState, p: number): Refusal {
      const e = needAlive(s, p)
      if (e) return e
      if (s.roles[p] === 'investigator') return refuse('investigator-self', { role: 'investigator' })
      if (!s.setup.ruleset.options.investigatorMayRepeat && s.investigations.some((i) => i.target === p))
        return refuse('already-investigated', { name: seatName(s.setup.players, p) })
      return null
    },
    blind: (s: GameState): number[] => blindNight(s, s.setup.deal.counts.investigator > 0),
  },
  heal: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      if (at.step !== 'doctor') return wrongStep('doctor')
      if (needsIdentification(s, at.n, at.step)) return refuse('identify-first', { role: 'doctor' })
      return anyLivingWithRole(s, 'doctor') ? null : refuse('role-dead-call', { role: 'doctor' })
    },
    seat(s: GameState, p: number): Refusal {
      const e = needAlive(s, p)
      if (e) return e
      return !s.setup.ruleset.options.doctorSelfHeal && s.roles[p] === 'doctor' ? refuse('doctor-self', { role: 'doctor' }) : null
    },
    blind: (s: GameState): number[] => blindNight(s, s.setup.deal.counts.doctor > 0),
  },
} satisfies { [T in SeatCommandType]?: SeatRule }

/** The night's commands: these and the one-seat ones of NIGHT_SEAT_RULES; their union and decide's table (decide.ts) are built from this list. */
export const NIGHT_COMMANDS = [
  'identifyRole',
  'shoot',
  'clearShot',
  'endNightStep',
  ...seatCommandsOf(NIGHT_SEAT_RULES),
] as const satisfies readonly CommandType[]
export type NightCommandType = (typeof NIGHT_COMMANDS)[number]

/** Shots: what does not depend on the shooter or the target. */
export function shootNow(s: GameState): Refusal {
  const at = callNow(s)
  if (refused(at)) return at
  if (at.step !== 'mafia') return wrongStep('mafia')
  if (at.o.killResolution !== 'individualShots') return refuse('uses-group-target')
  return needsIdentification(s, at.n, at.step) ? refuse('identify-first', { role: 'mafia' }) : null
}

/** A shot by `shooter` at `target` (null: did not shoot), once shootNow passed. */
export function shootRefusal(s: GameState, n: NightState, shooter: number, target: number | null): Refusal {
  const e = needAlive(s, shooter) ?? (target === null ? null : needAlive(s, target))
  if (e) return e
  if (s.roles[shooter] !== 'mafia') return refuse('not-shooter', { name: seatName(s.setup.players, shooter), role: 'mafia' })
  // Nobody can be made to point: a missing shot is recorded and counts toward no one.
  if (target === null) return n.shots[shooter] === null ? refuse('already-no-shot', { name: seatName(s.setup.players, shooter) }) : null
  if (shooter === target) return refuse('self-shot')
  if (!s.setup.ruleset.options.mafiaMayTargetMafia && s.roles[target] === 'mafia') return refuse('target-own', { role: 'mafia' })
  return null
}

/**
 * Why the current call cannot end yet — the refusal of endNightStep, and the line under the
 * disabled button (`legal.endNightStepWhy`) — or null when it can end.
 */
export function endStepBlocker(s: GameState): Refused | null {
  const n = s.night
  const step = currentStep(s)
  if (!n || !step) return null
  if (needsIdentification(s, n, step)) return refuse('identify-first', { role: stepRole(step) })
  if (step === 'mafia') {
    if (s.setup.ruleset.options.killResolution === 'individualShots') {
      const missing = shotsMissing(s, n)
      if (missing.length > 0) return refuse('shots-missing', { names: missing.map((m) => seatName(s.setup.players, m)).join(', ') })
    } else if (n.target === null) return refuse('no-target')
  }
  if (step === 'investigator' && !n.investigation && !n.investigationSkipped && investigationPossible(s))
    return refuse('no-investigation', { role: 'investigator' })
  if (step === 'doctor' && n.heal === null && anyLivingWithRole(s, 'doctor')) return refuse('no-heal', { role: 'doctor' })
  return null
}

/** The living mafiosi with no shot recorded yet (neither a target nor "did not shoot"). */
function shotsMissing(s: GameState, n: NightState): number[] {
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && s.roles[p] === 'mafia' && n.shots[p] === undefined) out.push(p)
  return out
}

function endStep(s: GameState, n: NightState): NightResult {
  const blocked = endStepBlocker(s)
  if (blocked) return blocked
  const em = new Emitter(s)
  em.emit({ type: 'nightStepEnded' })
  if (n.stepIndex + 1 < n.steps.length) return ok(em.events)
  const victim = nightVictim(s, n)
  // Night 0 (the mafia's meeting) kills nobody by rule: there is nothing to announce.
  const announced = n.steps[0] !== 'mafiaMeet'
  em.emit({ type: 'nightEnded', deaths: victim === null ? [] : [victim], announced, revealed: s.setup.ruleset.options.revealOnNightDeath })
  // The day opens before the win check, so a game won at night ends on the day it would have been.
  startDayEvents(em)
  const w = winnerOf(em.state)
  if (w) em.emit({ type: 'gameOver', winner: w })
  return ok(em.events)
}

/**
 * Once this recording places the last mafioso, investigator and doctor card, everybody still
 * unrecorded holds a number card: those seats (else none).
 */
function citizensShown(s: GameState, role: RoleId, players: readonly number[]): number[] {
  const c = s.setup.deal.counts
  const recorded = new Set(players)
  const known = (r: RoleId) => s.roles.filter((x) => x === r).length + (r === role ? players.length : 0)
  if (known('mafia') !== c.mafia || known('investigator') !== c.investigator || known('doctor') !== c.doctor) return []
  return s.roles.flatMap((r, p) => (r === null && !recorded.has(p) ? [p] : []))
}

/**
 * Is there anyone the living investigators may still check? Without repeats they can run out of
 * players to check; the call then ends without an answer instead of blocking the night.
 */
export function investigationPossible(s: GameState): boolean {
  if (!anyLivingWithRole(s, 'investigator')) return false
  const repeat = s.setup.ruleset.options.investigatorMayRepeat
  for (let p = 0; p < s.alive.length; p++)
    if (s.alive[p] && s.roles[p] !== 'investigator' && (repeat || !s.investigations.some((i) => i.target === p))) return true
  return false
}

/** Who the night kills: a strict majority of living mafiosi on one target, or the group target; a heal saves them. */
export function nightVictim(s: GameState, n: NightState): number | null {
  if (n.steps[0] === 'mafiaMeet') return null
  let victim: number | null = null
  if (s.setup.ruleset.options.killResolution === 'individualShots') {
    const { tally, needed } = shotTally(s, n)
    for (const [t, k] of tally) if (k >= needed) victim = t
  } else victim = n.target
  if (victim !== null && n.heal === victim) return null
  return victim
}

/** The living mafiosi's shots counted per target, and how many one target needs (a strict majority). */
export function shotTally(s: GameState, n: NightState): { mafia: number[]; tally: Map<number, number>; needed: number } {
  const mafia = livingWithRole(s, 'mafia')
  const tally = new Map<number, number>()
  for (const m of mafia) {
    const t = n.shots[m]
    if (t !== undefined && t !== null) tally.set(t, (tally.get(t) ?? 0) + 1)
  }
  return { mafia, tally, needed: strictMajority(mafia.length) }
}

/** The living players in seating order, starting where the referee starts reading names. */
export function readingOrder(s: GameState, n: NightState): number[] {
  const alive = living(s)
  const at = Math.max(0, alive.indexOf(n.readingStart))
  return [...alive.slice(at), ...alive.slice(0, at)]
}

/** How the answer is signed (shared/ruleset.ts). */
export const answerStyle = (s: GameState): AnswerStyle => answerStyleOf(s.setup.ruleset)
