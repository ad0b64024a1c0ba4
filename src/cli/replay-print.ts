import type { Game } from '../main/engine'
import { projectorView, refereeView } from '../main/engine'
import type { GameFile } from '../shared/game-file'
import type { ProjectorView, RefereeView } from '../shared/views'
import type { Io } from './command'
import type { Language } from '../shared/languages'
import { announcementText, table } from './format'
import { localAnnouncement, localLine } from './i18n'
import { roleName, rulesetName } from '../shared/role-names'
import type { RoleId } from '../shared/roles'
import { seatName } from '../shared/seat-name'

/**
 * `replay`'s human output: where a replayed game stands, as the projector shows it (public facts
 * only, built from the projector view alone), as the referee sees it, or both side by side.
 */
export type ReplayView = 'projector' | 'referee' | 'both'
export const REPLAY_VIEWS: readonly ReplayView[] = ['projector', 'referee', 'both']

export function printGame(io: Io, g: Game, file: GameFile, path: string, view: ReplayView, lang: Language = 'en'): void {
  const p = projectorView(g.state)
  if (view === 'projector') return printProjector(io, g, p, file, path, lang)
  const s = g.state
  const r = s.setup.ruleset
  const ref = refereeView(s, { undoable: g.log.length, last: g.log.at(-1)?.command ?? null })
  const name = (seat: number) => seatName(s.setup.players, seat)
  const role = (x: RoleId) => roleName(r, x, lang)

  io.out(`${rulesetName(r.name, lang)} — ${s.setup.players.length} players, ${s.setup.deal.mode} deal — ${path}${file.id ? ` (id ${file.id})` : ''}`)
  io.out(`Replayed ${g.log.length} of ${file.commands.length} commands.`)
  io.out('')
  io.out(`Phase: ${phaseText(g)}`)
  io.out(`Winner: ${p.winner ?? 'none yet'}`)
  io.out('')
  io.out(
    table(
      ['Seat', 'Name', 'Alive', 'Role (referee)', ...(view === 'both' ? ['Public role'] : [])],
      ref.seats.map((seat, i) => [
        String(seat.seat),
        seat.name,
        seat.alive ? 'alive' : 'dead',
        seat.role ? role(seat.role) : '?',
        ...(view === 'both' ? [p.seats[i]?.role ? role(p.seats[i].role) : '—'] : []),
      ]),
    ),
  )
  const alive = p.seats.filter((x) => x.alive).length
  io.out(`${alive} alive, ${p.seats.length - alive} dead.`)
  for (const line of publicNow(p, name)) io.out(line)
  for (const line of refereeNow(ref, name)) io.out(line)
  printAnnouncements(io, p, name, role, lang)
  if (ref.investigations.length) {
    io.out('')
    io.out('Investigations (referee only):')
    for (const i of ref.investigations) io.out(`  Night ${i.night}: ${name(i.target)} — ${i.isMafia ? 'MAFIA' : 'not mafia'}`)
  }
  if (ref.script.length) {
    io.out('')
    io.out("Referee's script now:")
    for (const l of ref.script) io.out(`  ${localLine(lang, l, r.names)}`)
  }
}

/** What the room sees: nothing here comes from anywhere but the projector view. */
function printProjector(io: Io, g: Game, p: ProjectorView, file: GameFile, path: string, lang: Language): void {
  const name = (seat: number) => seatName(p.seats, seat)
  const role = (x: RoleId) => roleName(p, x, lang)
  io.out(`${rulesetName(p.rulesetName, lang)} — ${p.seats.length} players — ${path}${file.id ? ` (id ${file.id})` : ''} — what the projector shows`)
  io.out(`Replayed ${g.log.length} of ${file.commands.length} commands.`)
  io.out('')
  io.out(`Phase: ${publicPhaseText(p, name)}`)
  io.out(`Winner: ${p.winner ?? 'none yet'}`)
  io.out('')
  io.out(
    table(
      ['Seat', 'Name', 'Alive', 'Role'],
      p.seats.map((s) => [String(s.seat), s.name, s.alive ? 'alive' : 'dead', s.role ? role(s.role) : '—']),
    ),
  )
  const alive = p.seats.filter((x) => x.alive).length
  io.out(`${alive} alive, ${p.seats.length - alive} dead.`)
  for (const line of publicNow(p, name)) io.out(line)
  printAnnouncements(io, p, name, role, lang)
}

function printAnnouncements(io: Io, p: ProjectorView, name: (seat: number) => string, role: (r: RoleId) => string, lang: Language): void {
  io.out('')
  io.out('Announcements (what the projector shows):')
  if (!p.announcements.length) io.out('  (none yet)')
  for (const a of p.announcements) io.out(`  ${lang === 'en' ? announcementText(a, name, role) : localAnnouncement(lang, a, name, p.names)}`)
}

/** The open vote and the clock, as shown in the room. */
function publicNow(p: ProjectorView, name: (seat: number) => string): string[] {
  const out: string[] = []
  const v = p.vote
  if (v)
    out.push(
      v.kind === 'plurality'
        ? `Vote${v.revote ? ' (revote)' : ''}: ${v.candidates.map((c) => `${name(c.seat)} ${c.votes}`).join(', ')} (${v.eligible} may vote).`
        : `Vote (${v.kind}): ${v.yes} yes, ${v.needed} of ${v.eligible} needed.`,
    )
  const c = p.clock
  if (c)
    out.push(
      `Clock (${c.kind}, ${mmss(c.durationMs)}): ${
        c.expired ? 'ran out' : c.deadline === null ? `${mmss(c.remainingMs)} left, not running` : `running, deadline at ${c.deadline} ms on the host's clock`
      }.`,
    )
  return out
}

/** The night so far (referee only). */
function refereeNow(ref: RefereeView, name: (seat: number) => string): string[] {
  const n = ref.night
  if (!n) return []
  const parts: string[] = []
  if (n.shots.length)
    parts.push(
      `shots ${n.shots.map((x) => `${name(x.shooter)} → ${x.target === null ? 'did not shoot' : name(x.target)}`).join(', ')} (${n.needed} of ${n.livingMafia} needed)`,
    )
  if (n.target !== null) parts.push(`target ${name(n.target)}`)
  if (n.investigation) parts.push(`investigated ${name(n.investigation.target)}: ${n.investigation.isMafia ? 'MAFIA' : 'not mafia'}`)
  if (n.investigationSkipped) parts.push('the investigators did not ask')
  if (n.heal !== null) parts.push(`heal ${name(n.heal)}`)
  parts.push(n.outcome === null ? 'nobody would die' : `${name(n.outcome)} would die`)
  return [`Night ${n.number} so far (referee only): ${parts.join('; ')}.`]
}

const mmss = (ms: number): string => {
  const t = Math.ceil(ms / 1000)
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`
}

function publicPhaseText(p: ProjectorView, name: (seat: number) => string): string {
  if (p.phase === 'over') return `over (day ${p.dayNumber}, night ${p.nightNumber})`
  if (p.phase === 'night') return `night ${p.nightNumber}`
  const who =
    p.stage === 'defence' || p.stage === 'lastWords'
      ? p.speaker !== null
        ? `, ${name(p.speaker)} speaking`
        : ''
      : p.accused !== null
        ? `, ${name(p.accused)} accused`
        : p.nominees.length
          ? `, nominated: ${p.nominees.map(name).join(', ')}`
          : ''
  return `day ${p.dayNumber}${p.stage ? `, ${p.stage}` : ''}${who}`
}

function phaseText(g: Game): string {
  const s = g.state
  const name = (seat: number | null | undefined) => seatName(s.setup.players, seat, '—')
  if (s.phase === 'over') return `over (day ${s.dayNumber}, night ${s.nightNumber})`
  if (s.phase === 'night' && s.night) {
    const n = s.night
    return `night ${n.number}, call ${n.stepIndex + 1} of ${n.steps.length} (${n.steps[n.stepIndex] ?? 'end'})`
  }
  const d = s.day
  if (!d) return s.phase
  const extra =
    d.stage === 'vote' && d.vote
      ? `, ${d.vote.kind} vote on ${d.vote.candidates.map(name).join(', ')}`
      : d.stage === 'defence'
        ? `, defence of ${name(d.accused ?? d.nominees[d.defenceIndex])}`
        : d.stage === 'lastWords'
          ? `, last words of ${name(d.lastWordsBy)}`
          : d.nominees.length
            ? `, nominated: ${d.nominees.map(name).join(', ')}`
            : ''
  return `day ${d.number}, ${d.stage}${extra}`
}
