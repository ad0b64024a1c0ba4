import type { RoleId } from '../../shared/roles'
import { isDayDeath, type Line } from '../../shared/views'
import { seatName } from '../../shared/seat-name'
import { answerStyle, readingOrder, shotTally, stepRole } from '../night'
import { anyLivingWithRole, countFor, strictMajority, unidentified, YES } from '../queries'
import type { GameState } from '../state'

/**
 * The words to say and the things to do for the current step, as line ids with parameters (the
 * words are in src/shared/locales/<language>/script.json). A `role` parameter is a role id, which
 * the window (or the CLI) names in its language; player names are passed as typed.
 */
export function scriptFor(s: GameState): Line[] {
  const L = (key: string, params: Record<string, string | number> = {}): Line => ({ key, params })
  const name = (p: number | null | undefined) => seatName(s.setup.players, p, '—')
  const roleName = (r: RoleId): RoleId => r
  const o = s.setup.ruleset.options
  const out: Line[] = []
  if (s.operatorBlind) out.push(L('blind.note'))

  if (s.phase === 'over') {
    const w = s.winner ?? 'town'
    out.push(L(`over.${w}`, w === 'draw' ? { doctor: 'doctor', mafia: 'mafia' } : { team: w }), L('over.reveal'))
    return out
  }

  if (s.phase === 'night' && s.night) {
    const n = s.night
    const step = n.steps[n.stepIndex]
    if (n.stepIndex === 0 && s.dayNumber > 0) out.push(...dayEnding(s, L, name, roleName))
    if (n.stepIndex === 0) out.push(L('night.begin', { night: n.number }))
    if (!step) return out
    const role = stepRole(step)
    const dead = !anyLivingWithRole(s, role) && unidentified(s, role) === 0
    const identify = s.setup.deal.mode === 'physical' && unidentified(s, role) > 0 && !n.identified && !(step === 'mafiaMeet' && s.operatorBlind)
    const count = unidentified(s, role)
    if (step === 'mafiaMeet') {
      out.push(L('night.mafiaMeet.wake'), L('night.mafiaMeet.count', { count: s.setup.deal.counts.mafia }))
      if (identify) out.push(L('night.identify', { count, role: roleName('mafia') }))
      out.push(L('night.mafiaMeet.sleep'))
    } else if (step === 'mafia') {
      if (o.killResolution === 'individualShots') {
        if (identify) out.push(L('night.identify', { count, role: roleName('mafia') }))
        if (o.readNamesAtShots) {
          out.push(L('night.shots.explain'))
          out.push(L('night.shots.read', { names: readingOrder(s, n).map(name).join(', ') }))
        } else out.push(L('night.shots.explainPoint'))
        const { mafia, tally, needed: need } = shotTally(s, n)
        for (const [t, k] of tally) out.push(L('night.shots.tally', { count: k, living: mafia.length, name: name(t), needed: need }))
        const idle = mafia.filter((m) => n.shots[m] === null)
        if (idle.length) out.push(L('night.shots.none', { names: idle.map(name).join(', '), count: idle.length }))
        if (mafia.every((m) => n.shots[m] !== undefined)) {
          const victim = [...tally].find(([, k]) => k >= need)?.[0]
          out.push(victim === undefined ? L('night.shots.noKill') : L('night.shots.kill', { name: name(victim) }))
        }
      } else {
        out.push(L(n.number === 1 && o.firstPhase === 'night' ? 'night.group.wakeFirst' : 'night.group.wake'))
        if (identify) out.push(L('night.identify', { count, role: roleName('mafia') }))
        out.push(L('night.group.sleep'))
      }
    } else {
      out.push(L(`night.${step}.wake`, { role: roleName(role) }))
      if (identify) out.push(L('night.identifyUpTo', { count, role: roleName(role) }))
      if (dead) out.push(L('night.deadCall'))
      if (step === 'investigator' && n.investigation) {
        // The Swedish text signs the other way round: thumb down for evil, thumb up for good.
        const [evil, good] = answerStyle(s) === 'evil' ? ['answerEvil', 'answerGood'] : ['answerMafia', 'answerNotMafia']
        out.push(L(`night.investigator.${n.investigation.isMafia ? evil : good}`, { name: name(n.investigation.target) }))
      }
      if (step === 'investigator' && n.investigationSkipped) out.push(L('night.investigator.skipped', { role: roleName(role) }))
      out.push(L(`night.${step}.sleep`, { role: roleName(role) }))
    }
    if (n.stepIndex === n.steps.length - 1) out.push(L('night.end'))
    return out
  }

  return [...out, ...dayLines(s)]
}

/**
 * The day's lines. They read public facts only (the day's stage, nominees, vote and the room's
 * announcements), so the blind operator's script (blindScript) uses them as they are.
 */
function dayLines(s: GameState): Line[] {
  const L = (key: string, params: Record<string, string | number> = {}): Line => ({ key, params })
  const name = (p: number | null | undefined) => seatName(s.setup.players, p, '—')
  const o = s.setup.ruleset.options
  const out: Line[] = []
  const d = s.day
  if (s.phase === 'day' && d) {
    const last = s.announcements.findLast((a) => a.kind === 'nightResult')
    if (last && last.kind === 'nightResult' && last.night === s.nightNumber && last.night > 0 && d.stage !== 'lastWords' && !d.deathToday) {
      out.push(last.deaths.length ? L('day.death', { name: last.deaths.map(name).join(', ') }) : L('day.noDeath'))
    }
    switch (d.stage) {
      case 'discussion':
        out.push(L('day.discussion', { day: d.number }))
        break
      case 'nominating':
        out.push(o.maxNominees ? L('day.nominatingMax', { day: d.number, max: o.maxNominees }) : L('day.nominating', { day: d.number }))
        break
      case 'defence':
        out.push(L('day.defence', { name: name(d.accused ?? d.nominees[d.defenceIndex]) }))
        break
      case 'vote': {
        const v = d.vote
        if (!v) break
        // A revote: the referee first announces the tie, who tied and with how many votes (Estonian: "tie → revote").
        if (v.kind === 'plurality' && v.revote) out.push(L('day.vote.tie', { names: v.candidates.map(name).join(', '), n: v.tiedAt ?? 0 }))
        if (v.kind === 'plurality') out.push(L('day.vote.plurality', { names: v.candidates.map(name).join(', ') }))
        else
          out.push(
            L(`day.vote.${v.kind}`, {
              name: name(v.candidates[0]),
              needed: strictMajority(v.eligible.length),
              eligible: v.eligible.length,
              yes: countFor(v, YES),
            }),
          )
        break
      }
      case 'lastWords':
        out.push(L('day.randomDeath', { name: name(d.lastWordsBy) }), L('day.lastWords', { name: name(d.lastWordsBy) }))
        break
    }
  }
  return out
}

/**
 * The blind operator's lines (variant, until the hand-over), from public facts alone: by day the
 * day's lines; by night only how the day was closed and that the calls are not shown — never which
 * call is on, who wakes, or anything the roles decide.
 */
export function blindScript(s: GameState): Line[] {
  const L = (key: string, params: Record<string, string | number> = {}): Line => ({ key, params })
  const name = (p: number | null | undefined) => seatName(s.setup.players, p, '—')
  const out: Line[] = [L('blind.note')]
  if (s.phase === 'night' && s.night) {
    if (s.dayNumber > 0) out.push(...dayEnding(s, L, name, (r) => r))
    out.push(L('night.begin', { night: s.night.number }), L('blind.night'))
    return out
  }
  return [...out, ...dayLines(s)]
}

/**
 * How the day that just ended is closed aloud, before the night's first call: the execution (with
 * the role where the rules reveal it), any other death by day (DEATHS_BY_DAY, its words `day.<kind>`), the draw (when it had no last words), or no execution; the
 * hand-over of the variant; then night falls at once, in silence.
 */
function dayEnding(
  s: GameState,
  L: (key: string, params?: Record<string, string | number>) => Line,
  name: (p: number | null | undefined) => string,
  roleName: (r: RoleId) => RoleId,
): Line[] {
  const since = s.announcements.findLastIndex((a) => a.kind === 'nightResult') + 1
  const today = s.announcements.slice(since)
  const out: Line[] = []
  const end = today.findLast((a) => isDayDeath(a) || a.kind === 'noExecution')
  // A draw's words are said before its last words, where the ruleset has them, and never name the role.
  if (end?.kind === 'randomDeath') {
    if (!s.setup.ruleset.options.lastWords) out.push(L('day.randomDeath', { name: name(end.player) }))
  } else if (end?.kind === 'noExecution') out.push(L('day.noExecution'))
  else if (end)
    out.push(
      end.role === null ? L(`day.${end.kind}`, { name: name(end.player) }) : L(`day.${end.kind}Role`, { name: name(end.player), role: roleName(end.role) }),
    )
  const handover = today.find((a) => a.kind === 'refereeHandover')
  if (handover?.kind === 'refereeHandover') out.push(L('day.handover', { name: name(handover.player) }))
  out.push(L('day.nightFalls'))
  return out
}
