import type { CommandOf, CommandType } from '../../shared/commands'
import type { RulesetOptions } from '../../shared/ruleset'
import type { RoleId } from '../../shared/roles'
import { seatName, seatNumber } from '../../shared/seat-name'
import { answerStyleOf } from '../../shared/answer-style'
import type { AnswerStyle, Line } from '../../shared/views'
import { Emitter } from './emitter'
import { fail, ok, type EngineError, type Result } from './errors'
import type { GameEvent } from './events'
import { startDayEvents } from './phases'
import { isPlayer, living, anyLivingWithRole, livingWithRole, strictMajority, unidentified, winnerOf } from './queries'
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
  if (s.phase !== 'night' || !n || !step) return fail('wrong-phase', 'It is not night.')
  const role = stepRole(step)

  switch (c.type) {
    case 'identifyRole': {
      if (c.role !== role) return wrongStep(step, c.role)
      if (s.setup.deal.mode !== 'physical' || unidentified(s, role) === 0) return fail('not-allowed', `Every ${role} is already recorded.`)
      if (n.identified) return fail('not-allowed', 'Who woke at this call is already recorded.')
      const seen = new Set<number>()
      // A dead player may be recorded too: with a day first (or the blind-operator variant) an
      // unrecorded mafioso can die before the mafia's first call, and the count must still add up.
      for (const p of c.players) {
        const e = needPlayer(s, p, 'Identify')
        if (e) return e
        if (s.roles[p] !== null) return fail('not-allowed', `${s.setup.players[p]} already has a recorded role.`)
        if (seen.has(p)) return fail('invalid-command', `${s.setup.players[p]} is listed twice.`)
        seen.add(p)
      }
      const missing = unidentified(s, role)
      if (role === 'mafia' && c.players.length !== missing) return fail('not-allowed', `The deal has ${missing} unrecorded mafia; ${c.players.length} given.`)
      if (c.players.length > missing) return fail('not-allowed', `Only ${missing} ${role} can still be recorded.`)
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
      if (step !== 'mafia') return wrongStep(step, 'mafia')
      if (n.shots[c.shooter] === undefined) return fail('not-allowed', 'That player has no recorded shot.')
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

function needPlayer(s: GameState, p: number, what: string): Refusal {
  return isPlayer(s, p) ? null : fail('unknown-player', `${what}: there is no seat ${seatNumber(p)}.`)
}
function needAlive(s: GameState, p: number, what: string): Refusal {
  return needPlayer(s, p, what) ?? (s.alive[p] ? null : fail('not-alive', `${what}: ${seatName(s.setup.players, p)} is dead.`))
}
const wrongStep = (step: NightStepKind, want: string): { ok: false; error: EngineError } =>
  fail('wrong-step', `This is the ${step} call, not the ${want} call.`)

/** The night's commands; their union and decide's table (decide.ts) are built from this list. */
export const NIGHT_COMMANDS = [
  'identifyRole',
  'setReadingStart',
  'shoot',
  'clearShot',
  'chooseTarget',
  'investigate',
  'heal',
  'endNightStep',
] as const satisfies readonly CommandType[]
export type NightCommandType = (typeof NIGHT_COMMANDS)[number]

type Refusal = { ok: false; error: EngineError } | null

/** The night's call now, or the refusal of any night command (it is not night). */
function callNow(s: GameState): { n: NightState; step: NightStepKind; o: RulesetOptions } | { ok: false; error: EngineError } {
  const n = s.night
  const step = currentStep(s)
  if (s.phase !== 'night' || !n || !step) return fail('wrong-phase', 'It is not night.')
  return { n, step, o: s.setup.ruleset.options }
}
const refused = (x: object): x is { ok: false; error: EngineError } => 'ok' in x

/**
 * The one-seat night commands, checked the way decide checks them: first what does not depend on
 * the seat (`now`), then the seat (`seat`). decideNight runs both; the referee's legal actions run
 * `now` once and `seat` for every seat, so they never offer a seat decide would refuse.
 */
export const NIGHT_SEAT_RULES = {
  setReadingStart: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      return at.step !== 'mafia' || !at.o.readNamesAtShots ? fail('not-allowed', 'Names are not read at this call.') : null
    },
    seat: (s: GameState, p: number): Refusal => needAlive(s, p, 'Reading start'),
  },
  chooseTarget: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      if (at.step !== 'mafia') return wrongStep(at.step, 'mafia')
      if (at.o.killResolution !== 'groupTarget') return fail('not-allowed', 'This ruleset uses individual shots.')
      return needsIdentification(s, at.n, at.step) ? fail('identify-first', 'Record who the mafia are first.') : null
    },
    seat(s: GameState, p: number): Refusal {
      const e = needAlive(s, p, 'Target')
      if (e) return e
      return !s.setup.ruleset.options.mafiaMayTargetMafia && s.roles[p] === 'mafia'
        ? fail('not-allowed', 'The mafia must choose another, sleeping player.')
        : null
    },
  },
  /** `now` also decides "did not ask" (target null): it is accepted whenever `now` passes. */
  investigate: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      if (at.step !== 'investigator') return wrongStep(at.step, 'investigator')
      if (needsIdentification(s, at.n, at.step)) return fail('identify-first', 'Record who woke at this call first.')
      if (!anyLivingWithRole(s, 'investigator')) return fail('not-allowed', 'No investigator is alive; this call is only made for show.')
      // The answer is signed at once: a second point the same night would be a second answer.
      if (at.n.investigation) return fail('not-allowed', 'The investigators have already pointed at someone tonight (undo to correct a mistake).')
      if (at.n.investigationSkipped) return fail('not-allowed', 'The investigators are already recorded as not asking tonight (undo to correct a mistake).')
      return null
    },
    seat(s: GameState, p: number): Refusal {
      const e = needAlive(s, p, 'Investigation')
      if (e) return e
      if (s.roles[p] === 'investigator') return fail('not-allowed', 'The investigators check someone else.')
      if (!s.setup.ruleset.options.investigatorMayRepeat && s.investigations.some((i) => i.target === p))
        return fail('not-allowed', `${s.setup.players[p]} was already investigated.`)
      return null
    },
  },
  heal: {
    now(s: GameState): Refusal {
      const at = callNow(s)
      if (refused(at)) return at
      if (at.step !== 'doctor') return wrongStep(at.step, 'doctor')
      if (needsIdentification(s, at.n, at.step)) return fail('identify-first', 'Record who woke at this call first.')
      return anyLivingWithRole(s, 'doctor') ? null : fail('not-allowed', 'No doctor is alive; this call is only made for show.')
    },
    seat(s: GameState, p: number): Refusal {
      const e = needAlive(s, p, 'Heal')
      if (e) return e
      return !s.setup.ruleset.options.doctorSelfHeal && s.roles[p] === 'doctor' ? fail('not-allowed', 'Doctors may not heal themselves in this ruleset.') : null
    },
  },
} satisfies Partial<Record<NightCommandType, { now(s: GameState): Refusal; seat(s: GameState, p: number): Refusal }>>

/** Shots: what does not depend on the shooter or the target. */
export function shootNow(s: GameState): Refusal {
  const at = callNow(s)
  if (refused(at)) return at
  if (at.step !== 'mafia') return wrongStep(at.step, 'mafia')
  if (at.o.killResolution !== 'individualShots') return fail('not-allowed', 'This ruleset has one group target, not individual shots.')
  return needsIdentification(s, at.n, at.step) ? fail('identify-first', 'Record who the mafia are first.') : null
}

/** A shot by `shooter` at `target` (null: did not shoot), once shootNow passed. */
export function shootRefusal(s: GameState, n: NightState, shooter: number, target: number | null): Refusal {
  const e = needAlive(s, shooter, 'Shooter') ?? (target === null ? null : needAlive(s, target, 'Target'))
  if (e) return e
  if (s.roles[shooter] !== 'mafia') return fail('not-allowed', `${s.setup.players[shooter]} is not mafia.`)
  // Nobody can be made to point: a missing shot is recorded and counts toward no one.
  if (target === null) return n.shots[shooter] === null ? fail('not-allowed', `${s.setup.players[shooter]} is already recorded as not shooting.`) : null
  if (shooter === target) return fail('not-allowed', 'Nobody may shoot themselves.')
  if (!s.setup.ruleset.options.mafiaMayTargetMafia && s.roles[target] === 'mafia') return fail('not-allowed', 'The mafia may not target a mafioso.')
  return null
}

/**
 * Why the current call cannot end yet, as a message key for the window (`why.*` in script-en.ts)
 * and an English message for the engine's refusal; null when it can end.
 */
export function endStepBlocker(s: GameState): { code: 'identify-first' | 'step-incomplete'; line: Line; message: string } | null {
  const n = s.night
  const step = currentStep(s)
  if (!n || !step) return null
  const roleName = (): string => stepRole(step)
  if (needsIdentification(s, n, step))
    return { code: 'identify-first', line: { key: 'why.identifyFirst', params: { role: roleName() } }, message: 'Record who woke at this call first.' }
  if (step === 'mafia') {
    if (s.setup.ruleset.options.killResolution === 'individualShots') {
      const missing = shotsMissing(s, n)
      if (missing.length > 0) {
        const names = missing.map((m) => seatName(s.setup.players, m)).join(', ')
        return incomplete(
          'why.shotsMissing',
          { names, count: missing.length },
          `Still waiting for the shot of ${names} (record "did not shoot" if they do not point).`,
        )
      }
    } else if (n.target === null) return incomplete('why.noTarget', {}, 'The mafia have not chosen a target.')
  }
  if (step === 'investigator' && !n.investigation && !n.investigationSkipped && investigationPossible(s))
    return incomplete('why.noInvestigation', { role: roleName() }, 'The investigators have not pointed at anyone (record "did not ask" if they do not).')
  if (step === 'doctor' && n.heal === null && anyLivingWithRole(s, 'doctor'))
    return incomplete('why.noHeal', { role: roleName() }, 'The doctors have not chosen whom to heal.')
  return null
}

const incomplete = (key: string, params: Record<string, string | number>, message: string) => ({
  code: 'step-incomplete' as const,
  line: { key, params },
  message,
})

/** The living mafiosi with no shot recorded yet (neither a target nor "did not shoot"). */
function shotsMissing(s: GameState, n: NightState): number[] {
  const out: number[] = []
  for (let p = 0; p < s.alive.length; p++) if (s.alive[p] && s.roles[p] === 'mafia' && n.shots[p] === undefined) out.push(p)
  return out
}

function endStep(s: GameState, n: NightState): NightResult {
  const blocked = endStepBlocker(s)
  if (blocked) return fail(blocked.code, blocked.message)
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
